-- 015_data_rights: listeners' data rights and retention (GDPR articles 15, 17 and 5(1)(e)).
--
-- Erasure anonymises participations instead of deleting them: the sharded vote and participant counters
-- (vote_counts, segment_counts) and the inbox tab counters count stored messages, so a kept, emptied row
-- leaves every tally exact. erased_at tells the inbox and the retention sweep that nothing is left.
alter table messages add column erased_at timestamptz;

-- back-office channel settings: delete media and personal data of participations older than N months
-- (null = never, the default).
alter table channels add column retention_months smallint
  check (retention_months is null or retention_months in (3, 6, 12, 24));

-- The consent texts a listener accepted with a participation: a copy, its SHA-256 and when.
create table message_consents (
  message_id bigint primary key references messages (id) on delete cascade,
  channel_id bigint not null references channels (id) on delete cascade,
  texts jsonb not null,
  sha256 text not null,
  accepted_at timestamptz not null default now()
);
create index message_consents_channel_id_idx on message_consents (channel_id);

-- "Download my data": a zip built by the worker, stored in the media store, offered for one hour.
create table data_exports (
  id uuid primary key default gen_random_uuid(),
  app_user_id bigint not null references app_users (id) on delete cascade,
  status text not null default 'pending' check (status in ('pending', 'ready', 'failed')),
  storage_key text,
  size_bytes bigint,
  messages integer,
  created_at timestamptz not null default now(),
  ready_at timestamptz
);
create index data_exports_app_user_id_idx on data_exports (app_user_id);
create index data_exports_created_at_idx on data_exports (created_at);

-- Who erased which listener and when; no personal data (the listener is only an id that no longer exists).
create table erasure_log (
  id bigint generated always as identity primary key,
  channel_id bigint references channels (id) on delete set null,
  staff_user_id bigint references users (id) on delete set null,
  app_user_id bigint,
  reason text not null check (reason in ('listener', 'staff', 'retention')),
  messages integer not null default 0,
  created_at timestamptz not null default now()
);
create index erasure_log_channel_id_idx on erasure_log (channel_id, created_at desc);
