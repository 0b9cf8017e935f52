-- 028_vote_write_locality: two fewer random index writes per stored participation (votes near the
-- database's limit). A vote from the widget wrote three index entries at random places of large indexes: its
-- share token (a random uuid) and its device, twice. Each such entry reads and dirties a leaf page of its own;
-- the entries of the other indexes go to the right end (ids, dates).
--
-- Share tokens start with the second they were made (new_share_token): the entries of one second sit side by
-- side at the right end of messages_share_token_key. 90 bits stay random, so a token is as unguessable as it
-- needs to be (a stranger would try 2^89 tokens on average for one message made in a known second); it tells
-- when the message was made, which a shared message shows anyway. The uuid's version is 8 (a layout of its
-- own, RFC 9562). Tokens already given keep working: only new ones have the new layout.
--
-- One index on (segment, device) instead of two: messages_limited_device_key kept one limited message per
-- device and segment, messages_segment_device_idx (008) answered "has this device taken part". The unique
-- index below does both: its third key is true for a limited message and null for any other, and nulls are
-- never equal, so only two limited messages of a device collide. Every lookup names the segment and the device,
-- a prefix of it. It keeps the name the application recognises a second limited message by
-- (db/participations.ts isLimitViolation).
--
-- Measured on PostgreSQL 15, batches of 47 votes from four connections (the group commit's statement), three
-- alternating rounds: 62.8-65.6 CPU µs per vote in PostgreSQL before, 57.0-58.6 after. Like every migration it runs in one transaction (db/migrate.ts):
-- writes to messages wait while the index is built.
--
-- The functions and triggers below as they are today: db/functions.sql (applied after the migrations).
create function new_share_token() returns uuid language sql volatile parallel safe as $$
  -- a random (version 4) uuid whose first 8 hex digits become the second and whose version digit becomes 8;
  -- one expression, so that the planner inlines it into the insert
  select overlay(overlay(gen_random_uuid()::text
    placing lpad(to_hex(extract(epoch from now())::bigint & 4294967295), 8, '0') from 1 for 8)
    placing '8' from 15 for 1)::uuid
$$;
alter table messages alter column share_token set default new_share_token();

create unique index messages_device_key on messages (segment_id, device_id, nullif(limited, false))
  where device_id is not null;
drop index messages_segment_device_idx;
drop index messages_limited_device_key;
alter index messages_device_key rename to messages_limited_device_key;
