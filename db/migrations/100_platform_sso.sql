-- 100_platform_sso: the platform's own OpenID provider, set by a super administrator, beside the channels'
-- (077). One row at most. It signs in the existing staff account of any channel (or a super administrator)
-- by its verified e-mail, never creates one; members of super_administrator_groups (in the role_claim of
-- the ID token) are made super administrators, and while that list is set a super administrator outside it
-- cannot sign in through it. An e-mail domain that a channel's provider also lists goes to the channel's.
create table platform_sso (
  id boolean primary key default true check (id),
  display_name text not null,
  issuer text not null,
  client_id text not null,
  client_secret_enc text not null,
  email_domains text[] not null default '{}',
  provider_two_factor boolean not null default false,
  role_claim text not null default 'groups',
  super_administrator_groups text[] not null default '{}',
  updated_at timestamptz not null default now()
);
-- a session opened through the platform's provider remembers it (as sso_channel_id does a channel's), so
-- signing out ends the sign-in there too
alter table sessions add column sso_platform boolean not null default false;
