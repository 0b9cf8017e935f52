-- 089_quiz_line_names: the name on air of each phone player of a live quiz, claimed once per quiz.
--
-- A phone player is shown as "Listener · Lyon" (or a made-up name); several players of one city would look
-- the same on the leaderboard, so the second to answer becomes "Listener · Lyon 2", and so on. The number is
-- claimed once per quiz and player, so a player keeps theirs for the whole quiz, and the unique (name, n)
-- makes two players answering at the same moment take different numbers (the later one claims again).
create table quiz_line_names (
  segment_id bigint not null references segments (id) on delete cascade,
  -- the player's key in quiz_answers ('p' + the number's keyed hash, or 'u' + the account it was linked to)
  player text not null,
  name text not null,
  n int not null check (n >= 1),
  primary key (segment_id, player),
  unique (segment_id, name, n)
);
