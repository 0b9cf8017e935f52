-- 011_search_index_fastupdate: the two full-text GIN indexes without a pending list (fastupdate). New
-- entries go straight into the index, so a search never reads through up to 4 MB of entries not merged yet
-- (nothing merges them in the embedded PGlite, which has no autovacuum), and no insert pays for merging them.
-- Turning the option off keeps what is already pending: each list is merged here.
alter index messages_search_idx set (fastupdate = off);
alter index message_search_words_idx set (fastupdate = off);
select gin_clean_pending_list('messages_search_idx');
select gin_clean_pending_list('message_search_words_idx');
