-- 004_segment_export_index: the export of a segment's participations reads them in id order, batch by
-- batch after the last id (keyset); without this index each batch sorted every message of the segment.
create index messages_segment_id_id_idx on messages (segment_id, id);
