-- 014_sessions: server-side sessions for staff and listeners (app users), and login failures per
-- (e-mail, client address) pair.
-- A token names its session (the JWT's `jti`); the session row says whether it still counts, so logout,
-- "log out everywhere" and a password change end tokens before they expire. This supersedes 002's
-- users.sessions_valid_after, which is no longer read.
create table sessions (
  id uuid primary key,
  kind text not null check (kind in ('staff', 'visitor')),
  -- users.id for staff, app_users.id for visitors (two tables, so no foreign key)
  user_id bigint not null,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz
);
create index sessions_user on sessions (kind, user_id) where revoked_at is null;
create index sessions_expires on sessions (expires_at);

-- Failed logins of one (audience, e-mail, address) pair; a success deletes the row.
create table login_failures (
  key text primary key,
  failures integer not null default 0,
  last_failed_at timestamptz not null default now(),
  blocked_until timestamptz
);
create index login_failures_last on login_failures (last_failed_at);
