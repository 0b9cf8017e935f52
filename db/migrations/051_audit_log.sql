-- 051_audit_log: who did what, when, from which address, on which object: the staff actions a listener, a
-- colleague or the station would ask about. Append-only: a trigger (db/functions.sql audit_log_append_only)
-- refuses every update and delete but the retention purge's. No foreign keys: an entry outlives the account,
-- channel or object it names (a cascade would be a delete). No listener data but their ids.
create table audit_log (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  -- the channel the action belongs to (null: platform-wide, or a sign-in of a super administrator)
  channel_id bigint,
  -- the staff account that acted, and its login then (null actor: a failed sign-in of an unknown e-mail)
  actor_id bigint,
  actor_login text not null,
  -- the client address as the trusted proxy resolution gives it (app/auth.ts)
  address text,
  action text not null,
  object_type text,
  object_id text,
  details jsonb not null default '{}'
);
create index audit_log_channel_at on audit_log (channel_id, at desc);
create index audit_log_at on audit_log (at desc);
