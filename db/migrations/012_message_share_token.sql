-- 012_message_share_token: a message is readable without staff rights only when shared (messages
-- are private unless shared). Shared messages are addressed by an unguessable token,
-- never by the sequential id. Every message gets its token at insert (returned to its author
-- only); shared_at is set when the author shares it from the thanks screen. A message staff
-- broadcast (broadcast_status <> 'none') is public by the same token.
alter table messages add column share_token uuid not null default gen_random_uuid();
alter table messages add column shared_at timestamptz;
create unique index messages_share_token_key on messages (share_token);
