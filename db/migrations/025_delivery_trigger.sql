-- 025_delivery_trigger: what an interaction's automatic delivery sends: every accepted message
-- with a voice or video file (accepted, as before), or only those staff mark for air (air: flagged as
-- broadcast or put in the playout queue).
alter table segments add column delivery_trigger text not null default 'accepted'
  check (delivery_trigger in ('accepted', 'air'));
