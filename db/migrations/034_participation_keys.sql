-- 034_participation_keys: a participation sent again after its answer was lost is the same participation.
--
-- A phone sends the final PUT interactions (or a POST) and loses the answer: it cannot tell whether the
-- message was stored, so it sends it again with the same idempotency key, one the widget drew when the
-- listener pressed Send and kept with the saved message. The key is stored with the participation; a second
-- request with the same key in the same interaction answers the participation stored by the first (same id,
-- same task, same share token) instead of storing a second one or answering "already received".
-- `answered_task_id` is the media task answered the first time (a participation without media answers a
-- task id derived from its id).
alter table messages add column idempotency_key uuid;
alter table messages add column answered_task_id uuid;

create unique index messages_idempotency_key on messages (segment_id, idempotency_key)
  where idempotency_key is not null;
