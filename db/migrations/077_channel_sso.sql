-- 077_channel_sso: single sign-on with OpenID Connect, one provider per channel (the directory its station
-- already runs: Microsoft Entra ID, Google Workspace, Keycloak). The client secret is sealed
-- (lib/platform/crypto.ts) like the delivery and line credentials. email_domains are the domains whose
-- addresses the login page sends to this provider. create_accounts: a verified e-mail without an account
-- becomes a staff account of the channel (role "operator"); off, such a sign-in is refused.
-- password_sign_in off: the channel's staff can only sign in through the provider.
create table channel_sso (
  channel_id bigint primary key references channels (id) on delete cascade,
  display_name text not null,
  issuer text not null,
  client_id text not null,
  client_secret_enc text not null,
  email_domains text[] not null default '{}',
  password_sign_in boolean not null default true,
  create_accounts boolean not null default false,
  updated_at timestamptz not null default now()
);
create index channel_sso_domains on channel_sso using gin (email_domains);
