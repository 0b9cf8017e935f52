-- 099_quiz_forgotten_answers: a phone number's answer to a question still open, remembered past its STOP.
--
-- A number's quiz answers are made unlinkable at its STOP or erasure (their player key becomes a random one),
-- so a number that texts again is a new player. For the questions that can still take answers, one tag per
-- answer is kept here: a hash of the question and the player key the number had ('p' + the number's keyed
-- hash), never the number. The same number texting again gives the same tag, and its second answer to that
-- question is refused; the tag leads to no answer (those are keyed at random), only to "answered this one".
-- Once the question can take no answer (revealed, or closed and the next one opened), its tags are dropped.
create table quiz_forgotten_answers (
  question_id bigint not null references quiz_questions (id) on delete cascade,
  tag text not null,
  primary key (question_id, tag)
);
