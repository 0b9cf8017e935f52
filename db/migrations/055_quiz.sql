-- 055_quiz: the live quiz of a game interaction. Its questions (choices, the right ones, a time limit and
-- points) are opened one at a time by the presenter: the server records when each opened and when its
-- answers close, so the countdown and the speed bonus never depend on a listener's clock. One answer per
-- question and player (a signed-in listener, or a server-issued device), with its server time and points.
create table quiz_questions (
  id bigserial primary key,
  segment_id bigint not null references segments (id) on delete cascade,
  position int not null check (position between 1 and 100),
  text text not null,
  image_url text,
  choices jsonb not null,
  right_choice_ids int[] not null,
  time_limit_s int not null check (time_limit_s between 5 and 600),
  points int not null check (points between 0 and 10000),
  opened_at timestamptz,
  closes_at timestamptz,
  revealed_at timestamptz,
  unique (segment_id, position)
);

create table quiz_answers (
  id bigserial primary key,
  question_id bigint not null references quiz_questions (id) on delete cascade,
  segment_id bigint not null references segments (id) on delete cascade,
  -- 'u<app user id>' signed in, 'd<device id>' otherwise: one answer per question and player
  player text not null,
  pseudonym text not null,
  choice_ids int[] not null,
  received_at timestamptz not null,
  elapsed_ms int not null,
  correct boolean not null,
  points int not null,
  integrity text not null default 'counted' check (integrity in ('counted', 'suspicious')),
  unique (question_id, player)
);
create index quiz_answers_segment_idx on quiz_answers (segment_id, player);

-- The winners announced at the end (top scores or a draw among right answers), told in the widget.
create table quiz_winners (
  segment_id bigint not null references segments (id) on delete cascade,
  rank int not null,
  player text not null,
  pseudonym text not null,
  score int not null,
  draw_id bigint references winner_draws (id) on delete set null,
  primary key (segment_id, rank)
);

-- A quiz draw is recorded beside the inbox's draws: its candidates are quiz answer ids (each player's
-- first right answer), replayed for an audit by the same seeded pick.
alter table winner_draws drop constraint winner_draws_tab_check;
alter table winner_draws add constraint winner_draws_tab_check check (tab in ('all', 'liked', 'recorded', 'quiz'));
