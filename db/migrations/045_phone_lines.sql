-- 045_phone_lines: listeners reach the studio by WhatsApp, SMS and a voicemail line, into the same inbox.
--
-- A line is a channel's number at a provider (WhatsApp Cloud API, or a provider speaking Twilio's webhooks):
-- its credentials are sealed like the FTP password (lib/platform/crypto.ts), and it feeds the interaction
-- staff point it at (switched during a show). A listener's number is stored once, sealed, and found by its
-- keyed hash; STOP removes it. Each provider message id is stored once: providers retry, the retry is
-- recognised and acknowledged without a second participation.
create table phone_lines (
  id bigint generated always as identity primary key,
  channel_id bigint not null references channels (id) on delete cascade,
  kind text not null check (kind in ('whatsapp', 'sms', 'voice')),
  label text not null default '',
  -- the line's own number as the provider names it (WhatsApp phone number id, or +E.164)
  address text not null default '',
  segment_id bigint references segments (id) on delete set null,
  -- sealed JSON: whatsapp {app_secret, access_token, verify_token}; twilio {account_sid, auth_token}
  credentials_enc text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index phone_lines_channel_idx on phone_lines (channel_id, id);

create table phone_numbers (
  id bigint generated always as identity primary key,
  -- HMAC-SHA256 of the E.164 number with a key derived from the app secret: lookups without the number
  number_hash text not null unique,
  number_enc text not null,
  profile_name text,
  created_at timestamptz not null default now()
);

create table line_inbound (
  line_id bigint not null references phone_lines (id) on delete cascade,
  provider_id text not null,
  message_id bigint references messages (id) on delete set null,
  created_at timestamptz not null default now(),
  primary key (line_id, provider_id)
);

-- how a participation reached the studio: the widget, or one of the lines
alter table messages add column medium text not null default 'widget'
  check (medium in ('widget', 'whatsapp', 'sms', 'voice'));
alter table messages add column phone_number_id bigint references phone_numbers (id) on delete set null;
create index messages_phone_number_idx on messages (phone_number_id) where phone_number_id is not null;
