-- 019_webhooks: per-channel webhooks. An endpoint is an https URL, the events it asked for and its
-- signing secret (kept to sign; never read back by the API after creation). Each event sent to an endpoint is
-- one delivery (its body kept, so "send again" sends the same event); each try of it is one attempt.
create table webhooks (
  id bigserial primary key,
  channel_id bigint not null references channels (id) on delete cascade,
  url text not null,
  events text[] not null,
  secret text not null,
  created_by bigint references users (id) on delete set null,
  created_at timestamptz not null default now()
);
create index webhooks_channel on webhooks (channel_id);

create table webhook_deliveries (
  id bigserial primary key,
  webhook_id bigint not null references webhooks (id) on delete cascade,
  event text not null,
  payload jsonb not null,
  status text not null default 'pending' check (status in ('pending', 'delivered', 'failed')),
  attempts int not null default 0,
  next_attempt_at timestamptz,
  created_at timestamptz not null default now()
);
create index webhook_deliveries_webhook on webhook_deliveries (webhook_id, id desc);

create table webhook_attempts (
  id bigserial primary key,
  delivery_id bigint not null references webhook_deliveries (id) on delete cascade,
  attempted_at timestamptz not null default now(),
  status_code int,
  duration_ms int not null,
  error text
);
create index webhook_attempts_delivery on webhook_attempts (delivery_id, id);
