-- 033_channel_approval: a channel made by self-registration works under quotas (members, uploads, storage;
-- lib/channels/quota.ts) until a super administrator approves it. Channels that exist already, and those a
-- super administrator creates, are approved: the column's default is the moment of creation. Registration
-- inserts null.
alter table channels add column approved_at timestamptz default now();
