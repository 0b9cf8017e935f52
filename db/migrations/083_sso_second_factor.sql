-- 083_sso_second_factor: whether a channel's OpenID provider already asks its staff a second factor. Off (the
-- default), a sign-in through the provider still asks the local second factor the channel or the platform
-- requires (or its enrolment), as a password sign-in does; on, the provider's sign-in is taken as enough.
alter table channel_sso add column provider_two_factor boolean not null default false;
