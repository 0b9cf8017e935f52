-- 069_passkeys: passkeys (WebAuthn) as a second factor for staff sign-in, beside the authenticator app.
-- A passkey's public key is not a secret: stored as it came (COSE), with its signature counter, which a
-- cloned authenticator would send back lower than the one kept.
create table staff_passkeys (
  -- the credential id (base64url) the authenticator chose
  id text primary key,
  user_id bigint not null references users (id) on delete cascade,
  public_key bytea not null,
  counter bigint not null default 0,
  transports text[] not null default '{}',
  created_at timestamptz not null default now(),
  last_used_at timestamptz
);
create index staff_passkeys_user on staff_passkeys (user_id);

-- The challenges handed out for a registration or a sign-in, taken once (a signed response cannot be played
-- again), each good for a few minutes.
create table staff_webauthn_challenges (
  challenge text primary key,
  user_id bigint not null references users (id) on delete cascade,
  purpose text not null check (purpose in ('register', 'authenticate')),
  expires_at timestamptz not null
);
