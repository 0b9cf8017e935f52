-- 027_vote_write_indexes: fewer index entries written per stored participation (votes near the
-- database's limit). A vote from the widget has no app user, no media and no words, and is read as unread
-- through the inbox tab counters (007), never through an index of its own:
-- - messages_unread_idx served the unread counts before the counters (007, 022); nothing reads it now;
-- - the app user's and the media's lookups always name one (author_app_user_id = $1, media_id = $1, and the
--   foreign key's ON DELETE SET NULL), so rows without one need no entry;
-- - the full-text search only looks for words (lib/rules/inbox.ts searchQuery: prefixes joined by &), which
--   an empty vector never holds, so the messages without words need no entry. In a GIN index they all
--   shared one "empty item" posting tree, which every concurrent vote wrote into.
-- Like every migration it runs in one transaction (db/migrate.ts): writes to messages wait while the three
-- indexes are built, about 0.9 s at 200,000 messages with words (PostgreSQL 15), so deploy it between votes.
drop index messages_unread_idx;

drop index messages_author_idx;
create index messages_author_idx on messages (author_app_user_id, created_at desc)
  where author_app_user_id is not null;

drop index messages_media_id_idx;
create index messages_media_id_idx on messages (media_id) where media_id is not null;

drop index messages_search_idx;
create index messages_search_idx on messages using gin (search_vector) with (fastupdate = off)
  where search_vector <> '';
