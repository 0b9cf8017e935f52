-- 050_two_factor: a second factor for staff sign-in (time-based codes, RFC 6238) and its one-time
-- recovery codes, and who must have one (per channel, and for the whole platform).

-- One authenticator app per staff account. The secret is sealed (lib/platform/crypto.ts), the app must read
-- it back to check codes. confirmed_at is null between enrolment and the first right code: until then the
-- factor is not asked at sign-in. last_step is the time step of the last code accepted, so that a code seen
-- over a shoulder or in a proxy log cannot be played again within its window.
create table staff_totp (
  user_id bigint primary key references users (id) on delete cascade,
  secret_enc text not null,
  confirmed_at timestamptz,
  last_step bigint,
  created_at timestamptz not null default now()
);

-- Ten one-time recovery codes per enrolment, stored as SHA-256 (they are random, 50 bits each).
create table staff_recovery_codes (
  user_id bigint not null references users (id) on delete cascade,
  code_hash text not null,
  used_at timestamptz,
  primary key (user_id, code_hash)
);

-- Who must sign in with a second factor: nobody, administrators, or every staff member of the channel.
alter table channels add column two_factor_required text not null default 'none'
  check (two_factor_required in ('none', 'administrators', 'everyone'));

-- Platform-wide settings the super administrator sets: one row.
create table platform_settings (
  id boolean primary key default true check (id),
  two_factor_required text not null default 'none'
    check (two_factor_required in ('none', 'administrators', 'everyone'))
);
insert into platform_settings default values;
