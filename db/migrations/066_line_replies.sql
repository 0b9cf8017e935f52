-- 066_line_replies: a staff reply to a WhatsApp or SMS participation goes back the way it came.
--
-- The reply is sent by a job through the line it came in on; the provider's message id is kept so its
-- status webhooks (sent, delivered, read, failed) find the reply, stored once per line and id. A reply
-- never sent to a provider (a widget participation, a voice reply) has neither.
alter table replies add column line_id bigint references phone_lines (id) on delete set null;
alter table replies add column delivery_status text
  check (delivery_status in ('queued', 'sent', 'delivered', 'read', 'failed'));
alter table replies add column provider_message_id text;
create unique index replies_provider_message_idx on replies (line_id, provider_message_id)
  where provider_message_id is not null;
-- WhatsApp's 24-hour service window counts from the listener's last message on the line, even one the
-- interaction refused (a second participation, a closed interaction): each inbound names its number
alter table line_inbound add column phone_number_id bigint references phone_numbers (id) on delete set null;
create index line_inbound_number_idx on line_inbound (line_id, phone_number_id, created_at desc)
  where phone_number_id is not null;
create index line_inbound_message_idx on line_inbound (message_id) where message_id is not null;
