-- 017_overlay: the on-air overlay of an interaction. Its own table, so that no read of a segment
-- row ever carries the token: /overlay/{token} needs no login, and regenerating the token kills the old URL.
create table segment_overlays (
  segment_id bigint primary key references segments (id) on delete cascade,
  token text not null unique,
  view text not null default 'results' check (view in ('results', 'qr', 'message')),
  message_id bigint references messages (id) on delete set null,
  updated_at timestamptz not null default now()
);
