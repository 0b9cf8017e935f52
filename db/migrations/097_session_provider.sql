-- 097_session_provider: a staff session opened through a channel's OpenID provider remembers that provider
-- and the ID token it gave (sealed, lib/platform/crypto.ts), so signing out also ends the sign-in at the
-- provider (RP-initiated logout with id_token_hint). Null for a session opened by a password or a link.
alter table sessions
  add column sso_channel_id bigint references channels (id) on delete set null,
  add column id_token_enc text;
