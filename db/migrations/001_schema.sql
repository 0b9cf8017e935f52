-- 001_schema: the whole schema of both specs (visitor widget and back office).
-- Portable between PostgreSQL 15+ and PGlite 0.5: no extensions. This first schema had no trigger; later
-- migrations add some (and a NOTIFY), whose current definitions are all in db/functions.sql.
-- Conventions: snake_case plural tables; "segment" is the code word for an interaction;
-- every enum is a CHECK; every channel-owned table has an indexed channel_id;
-- updated_at columns are set by the queries that update (no trigger sets them).

-- back-office §3 Channel, widget §3 Channel: a media outlet and its widget settings.
create table channels (
  id bigint generated always as identity primary key,
  uuid uuid not null unique default gen_random_uuid(),
  label text not null,
  type text not null default 'radio' check (type in ('radio', 'tv', 'event', 'press')),
  status text not null default 'demo' check (status in ('demo', 'active', 'closed')),
  -- back-office §6: which segment types staff may create on this channel
  interaction_available_voice boolean not null default true,
  interaction_available_vote boolean not null default false,
  interaction_available_choice boolean not null default false,
  interaction_available_sms boolean not null default false,
  interaction_available_registration boolean not null default false,
  interaction_available_video boolean not null default false,
  interaction_available_text boolean not null default false,
  interaction_available_game boolean not null default false,
  primary_color text not null default '#1b2a4a',
  widget_primary_color text not null default '#c48b9f',
  background_url text,
  background_preset smallint not null default 1 check (background_preset between 1 and 8),
  logo_url text,
  header_url text,
  parent_id bigint references channels (id) on delete set null,
  show_product_logo boolean not null default true,
  gamification boolean not null default false,
  my_space_enabled boolean not null default false,
  sharing_enabled boolean not null default false,
  segment_customisation jsonb not null default '{"character_text_zone_length": 250}',
  -- default customisation of the channel's segments (back-office §3 Customisation fields)
  customisation jsonb not null default '{}',
  -- cloud transfer (FTP delivery, back-office §2 Message detail); the password is encrypted by the app
  ftp_host text,
  ftp_port integer not null default 21 check (ftp_port between 1 and 65535),
  ftp_user text,
  ftp_password_enc text,
  ftp_folder text,
  ftp_naming text,
  ftp_secure boolean not null default false,
  language text not null default 'fr' check (language in ('fr', 'en', 'pt', 'es', 'pl')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index channels_parent_id_idx on channels (parent_id);

-- back-office §3 User, §6 Roles: staff accounts.
create table users (
  id bigint generated always as identity primary key,
  login text not null,
  email text not null check (email = lower(email)),
  phone text,
  password_hash text,
  first_name text not null default '',
  last_name text not null default '',
  language text not null default 'fr' check (language in ('fr', 'en', 'pt', 'es', 'pl')),
  image_url text,
  active boolean not null default true,
  confirmed_at timestamptz,
  role text not null default 'operator'
    check (role in ('super_administrator', 'administrator', 'operator')),
  -- null channel = super admin mode, only for a super administrator
  channel_id bigint references channels (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint users_channel_required check (channel_id is not null or role = 'super_administrator')
);
create unique index users_email_key on users (email);
create unique index users_login_key on users (lower(login));
create index users_channel_id_idx on users (channel_id);

-- widget §3 App user, §6 Roles: visitors, anonymous (pseudonym only) or registered.
create table app_users (
  id bigint generated always as identity primary key,
  -- channel where the visitor registered
  channel_id bigint references channels (id) on delete set null,
  udid text,
  is_anonymous boolean not null default false,
  language text not null default 'fr' check (language in ('fr', 'en', 'pt', 'es', 'pl')),
  nickname text,
  city text,
  phone text,
  email text,
  password_hash text,
  first_name text,
  last_name text,
  receive_emails boolean not null default false,
  birth_date date,
  avatar_url text,
  -- denormalised total, always equal to the sum of the user's points_ledger rows
  points integer not null default 0 check (points >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index app_users_channel_id_idx on app_users (channel_id);
create index app_users_udid_idx on app_users (udid);
create unique index app_users_email_key on app_users (lower(email))
  where not is_anonymous and email is not null;
create unique index app_users_nickname_key on app_users (lower(nickname))
  where not is_anonymous and nickname is not null;
-- ranking (widget §2 Ranking): highest points first
create index app_users_points_idx on app_users (points desc, id) where not is_anonymous;

-- back-office §2 /confirm, /reset, /login?token=; widget forgot password: one-time tokens (stored hashed).
create table auth_tokens (
  id bigint generated always as identity primary key,
  user_id bigint references users (id) on delete cascade,
  app_user_id bigint references app_users (id) on delete cascade,
  purpose text not null check (purpose in ('confirm', 'reset', 'login')),
  token_hash text not null unique,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now(),
  constraint auth_tokens_one_owner check (num_nonnulls(user_id, app_user_id) = 1)
);
create index auth_tokens_user_id_idx on auth_tokens (user_id);
create index auth_tokens_app_user_id_idx on auth_tokens (app_user_id);

-- back-office §3 Template segment, §2 Creation wizard step 0: templates by category
-- (channel_id null = available to every channel).
create table templates (
  id bigint generated always as identity primary key,
  channel_id bigint references channels (id) on delete cascade,
  category text not null
    check (category in ('survey', 'voice', 'video', 'image', 'text', 'game', 'registration', 'sms')),
  type text not null check (type in (
    'recording_question', 'video', 'single_choice_question', 'multiple_choice_question',
    'sms', 'message', 'registration', 'game'
  )),
  description text not null default '',
  under_description text not null default '',
  customed boolean not null default false,
  widget_model text not null unique,
  default_gdpr_consent boolean not null default false,
  default_image_right_consent boolean not null default false,
  default_gather_information boolean not null default true,
  default_webview_version text not null default '01' check (default_webview_version in ('01', '02')),
  show_customisation_incentive_text boolean not null default false,
  show_data_collection_multiple_choice boolean not null default false,
  show_data_collection_video boolean not null default false,
  show_data_collection_sound boolean not null default false,
  position integer not null default 0,
  created_at timestamptz not null default now()
);
create index templates_channel_id_idx on templates (channel_id);
create index templates_category_idx on templates (category, position);

-- back-office §3 Interaction (segment), widget §3 Interaction / segment.
create table segments (
  id bigint generated always as identity primary key,
  uuid uuid not null unique default gen_random_uuid(),
  channel_id bigint not null references channels (id) on delete cascade,
  show_id text,
  program_id text,
  template_id bigint references templates (id) on delete set null,
  type text not null check (type in (
    'recording_question', 'video', 'single_choice_question', 'multiple_choice_question',
    'sms', 'message', 'registration', 'game'
  )),
  title varchar(100) not null default '',
  text text,
  legal_notice text,
  -- testimonial = incentive text asking "why?" after a vote
  testimonial text,
  testimonial_demanded boolean not null default false,
  testimonial_format text not null default 'voice' check (testimonial_format in ('voice', 'text')),
  limit_1_vote boolean not null default true,
  show_results boolean not null default true,
  from_mode text not null default 'now' check (from_mode in ('now', 'programmed')),
  to_mode text not null default 'scheduled' check (to_mode in ('scheduled', 'permanent')),
  start_date timestamptz,
  -- null = indefinite (permanent)
  end_date timestamptz,
  time_offset integer,
  status text not null default 'draft'
    check (status in ('draft', 'ready', 'published', 'archived', 'trash')),
  gather_information boolean not null default true,
  information_to_gather jsonb not null default '{
    "first_name": {"active": false, "mandatory": false},
    "name": {"active": false, "mandatory": false},
    "city": {"active": false, "mandatory": false},
    "phone": {"active": false, "mandatory": false},
    "email": {"active": false, "mandatory": false},
    "age": {"active": false, "mandatory": false}
  }',
  enable_written_answer boolean not null default false,
  enable_audio_answer boolean not null default false,
  media_type text check (media_type in ('image', 'video')),
  game_type text not null default 'answer' check (game_type in ('answer', 'registration')),
  -- the right answer of a game (FK added below, segment_choices references segments)
  correct_choice_id bigint,
  max_recording_time integer not null default 120 check (max_recording_time > 0),
  background_url text,
  background_kind text check (background_kind in ('image', 'video')),
  webview_version text not null default '01' check (webview_version in ('01', '02')),
  customed boolean not null default false,
  customisation jsonb not null default '{}',
  is_gdpr_consent boolean not null default false,
  is_image_right_consent boolean not null default false,
  registration_required boolean not null default false,
  -- sms: template with {field} placeholders and the receiving short number
  sms_template text,
  sms_receiver text,
  delivery_option text not null default 'none' check (delivery_option in ('none', 'netia', 'ftpclassic')),
  -- moderation: participations wait for approval before they are shown
  requires_approval boolean not null default false,
  created_by bigint references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint segments_permanent_has_no_end check (to_mode <> 'permanent' or end_date is null),
  constraint segments_end_after_start check (end_date is null or start_date is null or end_date > start_date)
);
create index segments_channel_status_start_idx on segments (channel_id, status, start_date desc, id desc);
create index segments_channel_created_idx on segments (channel_id, created_at desc, id desc);
create index segments_template_id_idx on segments (template_id);

-- back-office §3 choices (lettered A, B, ... by position), widget §2 Voting.
create table segment_choices (
  id bigint generated always as identity primary key,
  segment_id bigint not null references segments (id) on delete cascade,
  position integer not null,
  label text not null,
  constraint segment_choices_position_key unique (segment_id, position)
);

alter table segments add constraint segments_correct_choice_fk
  foreign key (correct_choice_id) references segment_choices (id) on delete set null;

-- widget §7 Upload slot / Finish a media participation, back-office voice replies and backgrounds:
-- uploaded files and their processed copies (DESIGN.md Media processing).
create table media (
  id uuid primary key default gen_random_uuid(),
  channel_id bigint references channels (id) on delete cascade,
  kind text not null check (kind in ('audio', 'video', 'image')),
  original_path text,
  original_name text,
  extension text,
  content_type text,
  size_bytes bigint check (size_bytes >= 0),
  playable_path text,
  poster_path text,
  delivery_mp3_path text,
  duration_ms integer check (duration_ms >= 0),
  width integer,
  height integer,
  status text not null default 'uploading'
    check (status in ('uploading', 'uploaded', 'processing', 'ready', 'failed')),
  error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index media_channel_id_idx on media (channel_id);

-- widget §3 Message (participation), back-office §2 Message list / detail, moderation.
create table messages (
  id bigint generated always as identity primary key,
  channel_id bigint not null references channels (id) on delete cascade,
  segment_id bigint not null references segments (id) on delete cascade,
  show_id text,
  program_id text,
  author_app_user_id bigint references app_users (id) on delete set null,
  device_id text,
  site_ref text,
  -- copy of the segment type at the time of sending
  type text not null check (type in (
    'recording_question', 'video', 'single_choice_question', 'multiple_choice_question',
    'sms', 'message', 'registration', 'game'
  )),
  -- the API shape: text, choice_text, choice_ids, recording_url, duration, ...
  content jsonb not null default '{}',
  -- searchable / queryable copies of content
  text text,
  choice_ids bigint[],
  media_id uuid references media (id) on delete set null,
  duration_ms integer check (duration_ms >= 0),
  transcript text,
  extra_user_information jsonb not null default '{}',
  -- snapshots of the author for search and display
  author_name text,
  author_city text,
  consent_gdpr boolean not null default false,
  consent_image_right boolean not null default false,
  read boolean not null default false,
  has_reply boolean not null default false,
  liked boolean not null default false,
  winner boolean not null default false,
  broadcast_status text not null default 'none'
    check (broadcast_status in ('none', 'broadcast_1', 'broadcast_2')),
  status text not null default 'received' check (status in ('received', 'archived', 'trash')),
  moderation text not null default 'none' check (moderation in ('none', 'pending', 'approved', 'rejected')),
  -- private operator note
  comment text,
  only_user_data boolean not null default false,
  is_testimonial boolean not null default false,
  -- true when limit_1_vote applied: at most one such message per device and per app user
  limited boolean not null default false,
  processing_status text not null default 'none'
    check (processing_status in ('none', 'pending', 'processing', 'done', 'failed')),
  processing_error text,
  search_vector tsvector generated always as (
    to_tsvector('simple'::regconfig,
      coalesce(text, '') || ' ' || coalesce(transcript, '') || ' ' ||
      coalesce(author_name, '') || ' ' || coalesce(author_city, ''))
  ) stored,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index messages_limited_device_key on messages (segment_id, device_id)
  where limited and device_id is not null;
create unique index messages_limited_author_key on messages (segment_id, author_app_user_id)
  where limited and author_app_user_id is not null;
create index messages_segment_list_idx on messages (segment_id, status, created_at desc, id desc);
create index messages_channel_list_idx on messages (channel_id, status, created_at desc, id desc);
create index messages_pending_idx on messages (channel_id, created_at desc) where moderation = 'pending';
create index messages_unread_idx on messages (channel_id, segment_id) where not read;
create index messages_author_idx on messages (author_app_user_id, created_at desc);
create index messages_liked_idx on messages (segment_id, created_at desc) where liked;
create index messages_winner_idx on messages (segment_id, created_at desc) where winner;
create index messages_media_id_idx on messages (media_id);
create index messages_search_idx on messages using gin (search_vector);

-- back-office §3 Reply payload, §4 Reply; widget my space "replies from the media".
create table replies (
  id bigint generated always as identity primary key,
  message_id bigint not null references messages (id) on delete cascade,
  channel_id bigint not null references channels (id) on delete cascade,
  author_user_id bigint references users (id) on delete set null,
  type text not null default 'text' check (type in ('text', 'voice')),
  text text,
  media_id uuid references media (id) on delete set null,
  recording_url text,
  duration_ms integer check (duration_ms >= 0),
  created_at timestamptz not null default now()
);
create index replies_message_id_idx on replies (message_id, created_at);
create index replies_channel_id_idx on replies (channel_id);

-- widget §2 My space / §9 points per event (liked 10, quoted 50, broadcast 100).
-- An event is credited once per message; a reversal deletes the row, and app_users.points is
-- adjusted in the same transaction. A hard-deleted message keeps its rows (message_id set null).
create table points_ledger (
  id bigint generated always as identity primary key,
  channel_id bigint not null references channels (id) on delete cascade,
  app_user_id bigint not null references app_users (id) on delete cascade,
  message_id bigint references messages (id) on delete set null,
  event text not null check (event in ('liked', 'quoted', 'broadcast')),
  points integer not null check (points > 0),
  created_at timestamptz not null default now(),
  constraint points_ledger_message_event_key unique (message_id, event)
);
create index points_ledger_channel_user_idx on points_ledger (channel_id, app_user_id);
create index points_ledger_app_user_id_idx on points_ledger (app_user_id);

-- DESIGN.md Data and API "counters the public hits at scale": vote results per choice, sharded
-- (a writer picks a random shard) so no single row is hot; a read sums over the shards.
-- They count every participation stored for the segment (status changes do not touch them).
create table vote_counts (
  segment_id bigint not null references segments (id) on delete cascade,
  choice_id bigint not null references segment_choices (id) on delete cascade,
  shard smallint not null default 0 check (shard >= 0),
  count bigint not null default 0,
  primary key (choice_id, shard)
);
create index vote_counts_segment_id_idx on vote_counts (segment_id);

-- Participants column (back-office §2 Interaction list), counts object: sharded like vote_counts.
-- participants counts distinct authors (app user, else device).
create table segment_counts (
  segment_id bigint not null references segments (id) on delete cascade,
  shard smallint not null default 0 check (shard >= 0),
  messages bigint not null default 0,
  participants bigint not null default 0,
  primary key (segment_id, shard)
);

-- back-office §7 help_item (welcome, shown once), comments/image/video families.
create table help_items (
  id bigint generated always as identity primary key,
  key text not null,
  language text not null default 'fr' check (language in ('fr', 'en', 'pt', 'es', 'pl')),
  title text not null default '',
  body_markdown text not null default '',
  image_url text,
  video_url text,
  updated_by bigint references users (id) on delete set null,
  updated_at timestamptz not null default now(),
  constraint help_items_key_language_key unique (key, language)
);

create table help_item_seen (
  user_id bigint not null references users (id) on delete cascade,
  help_item_key text not null,
  seen_at timestamptz not null default now(),
  primary key (user_id, help_item_key)
);

create table help_item_comments (
  id bigint generated always as identity primary key,
  help_item_id bigint not null references help_items (id) on delete cascade,
  user_id bigint references users (id) on delete set null,
  text text not null,
  created_at timestamptz not null default now()
);
create index help_item_comments_help_item_id_idx on help_item_comments (help_item_id, created_at);

-- back-office §7 widgets family; widget §2 query parameters: saved embed configurations.
create table widgets (
  id bigint generated always as identity primary key,
  channel_id bigint not null references channels (id) on delete cascade,
  name text not null,
  width integer check (width > 0),
  height integer check (height > 0),
  background text,
  -- which permanent interaction to show only (null = all of them)
  segment_id bigint references segments (id) on delete set null,
  site_ref text,
  created_at timestamptz not null default now()
);
create index widgets_channel_id_idx on widgets (channel_id);

-- back-office §2 /timeline (Points of distribution) and /broadcast: where and when segments air.
create table diffusion_spaces (
  id bigint generated always as identity primary key,
  channel_id bigint not null references channels (id) on delete cascade,
  name text not null,
  kind text not null default 'website'
    check (kind in ('radio', 'tv', 'website', 'app', 'social', 'event', 'other')),
  created_at timestamptz not null default now()
);
create index diffusion_spaces_channel_id_idx on diffusion_spaces (channel_id);

create table diffusion_blocks (
  id bigint generated always as identity primary key,
  channel_id bigint not null references channels (id) on delete cascade,
  diffusion_space_id bigint not null references diffusion_spaces (id) on delete cascade,
  segment_id bigint references segments (id) on delete set null,
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  label text not null default '',
  created_at timestamptz not null default now(),
  constraint diffusion_blocks_ends_after_start check (ends_at > starts_at)
);
create index diffusion_blocks_channel_starts_idx on diffusion_blocks (channel_id, starts_at);
create index diffusion_blocks_space_id_idx on diffusion_blocks (diffusion_space_id);
create index diffusion_blocks_segment_id_idx on diffusion_blocks (segment_id);

-- DESIGN.md Email: mails to send (SMTP) or to show at /dev/mailbox without SMTP.
create table outbox (
  id bigint generated always as identity primary key,
  to_address text not null,
  subject text not null,
  text_body text not null default '',
  html_body text,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  error text
);
create index outbox_unsent_idx on outbox (created_at) where sent_at is null;

-- back-office §2 Message detail "send to cloud transfer": FTP deliveries, one running per message.
create table deliveries (
  id bigint generated always as identity primary key,
  channel_id bigint not null references channels (id) on delete cascade,
  message_id bigint not null references messages (id) on delete cascade,
  status text not null default 'running' check (status in ('running', 'success', 'failed')),
  remote_path text,
  error text,
  started_at timestamptz not null default now(),
  finished_at timestamptz
);
create unique index deliveries_one_running_key on deliveries (message_id) where status = 'running';
create index deliveries_channel_id_idx on deliveries (channel_id, started_at desc);

-- back-office §2 AI assistant modal, §7 POST api/2/ai/prompt: prompts and answers.
create table ai_logs (
  id bigint generated always as identity primary key,
  channel_id bigint not null references channels (id) on delete cascade,
  segment_id bigint references segments (id) on delete set null,
  user_id bigint references users (id) on delete set null,
  prompt text not null,
  answer text,
  provider text,
  created_at timestamptz not null default now()
);
create index ai_logs_channel_id_idx on ai_logs (channel_id, created_at desc);

-- DESIGN.md errors (429): fixed-window request counters, keyed by e.g. route and address.
create table rate_limits (
  key text not null,
  window_start timestamptz not null,
  count integer not null default 0,
  primary key (key, window_start)
);
