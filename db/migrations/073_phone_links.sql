-- 073_phone_links: a listener links the number they text or call from to their account, from my space.
--
-- The station's line texts a code to the number; the listener types it in my space. The code is kept as
-- a keyed hash, for one account, one number and one medium (the code an SMS carried does not link a
-- WhatsApp number), expires, is used once, and counts its wrong guesses. Once linked, the number's
-- participations are the account's (past ones adopted, later ones authored), and erasing the account
-- forgets the number (cascade).
alter table phone_numbers add column app_user_id bigint references app_users (id) on delete cascade;
create index phone_numbers_app_user_idx on phone_numbers (app_user_id) where app_user_id is not null;

create table phone_link_codes (
  id bigint generated always as identity primary key,
  app_user_id bigint not null references app_users (id) on delete cascade,
  line_id bigint not null references phone_lines (id) on delete cascade,
  medium text not null check (medium in ('whatsapp', 'sms')),
  number_hash text not null,
  number_enc text not null,
  code_hash text not null,
  attempts integer not null default 0,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index phone_link_codes_user_idx on phone_link_codes (app_user_id, number_hash, medium, id desc);
create index phone_link_codes_number_idx on phone_link_codes (number_hash, created_at);
