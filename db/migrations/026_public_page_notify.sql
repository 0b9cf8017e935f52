-- 026_public_page_notify: every change of a channel, a segment or a segment's choices tells every app
-- instance which channel's public pages to render again (widget pages are kept rendered for a
-- few seconds). A NOTIFY on the live bus's channel (db/live.ts), delivered at commit, whoever wrote the
-- row: the API, the worker, a migration or a person at psql. Identical notifications of one transaction
-- are delivered once, so replacing ten choices is one message.
--
-- The functions and triggers below as they are today: db/functions.sql (applied after the migrations).
create function notify_public_page() returns trigger language plpgsql as $$
declare
  channel bigint;
  segment bigint := 0;
begin
  if tg_table_name = 'channels' then
    channel := coalesce(new.id, old.id);
  elsif tg_table_name = 'segments' then
    channel := coalesce(new.channel_id, old.channel_id);
    segment := coalesce(new.id, old.id);
  else
    segment := coalesce(new.segment_id, old.segment_id);
    select s.channel_id into channel from segments s where s.id = segment;
  end if;
  perform pg_notify('im_live', json_build_object(
    't', 'pages',
    'e', json_build_object('kind', 'page', 'segmentId', segment, 'channelId', coalesce(channel, 0))
  )::text);
  return null;
end $$;

create trigger channels_public_page after insert or update or delete on channels
  for each row execute function notify_public_page();
create trigger segments_public_page after insert or update or delete on segments
  for each row execute function notify_public_page();
create trigger segment_choices_public_page after insert or update or delete on segment_choices
  for each row execute function notify_public_page();
