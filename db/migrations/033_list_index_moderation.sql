-- 033_list_index_moderation: a page of an interaction's list past the first cut by the list's index alone
-- (issue 20: inbox worst p95 <= 10 ms on PostgreSQL, <= 20 ms on PGlite).
--
-- Page 100 of All skips 4,950 messages: the index gives them in order, but All also asks their moderation, so
-- each one was read in the table, all its columns with it. The index now carries the moderation: the page's
-- 50 ids come from the index only, and listMessages() (db/inbox.ts) reads the columns of those 50 alone.
-- Page 100 at 200,000 participations: 1.25 -> 0.9 ms on PostgreSQL 15, 4.0 -> 2.0 ms on PGlite. Same key, so
-- every other query planned on this index keeps its plan. Writes to messages wait while it is built.
drop index messages_segment_list_idx;
create index messages_segment_list_idx on messages (segment_id, status, created_at desc, id desc)
  include (moderation);
