-- 021_sftp_s3_delivery: a channel's cloud transfer over SFTP or to an S3-compatible bucket.
--
-- The protocol chooses how the existing settings are read: ftp (FTP/FTPS, as before), sftp (host, port,
-- user, password and/or a private key), s3 (host and port of the endpoint, https when ftp_secure, the
-- access key id in ftp_user and the secret key in ftp_password_enc, the folder as the key prefix, plus a
-- bucket and a region). Secrets are sealed with the server's key like the FTP password and never returned.
alter table channels add column delivery_protocol text not null default 'ftp'
  check (delivery_protocol in ('ftp', 'sftp', 's3'));
alter table channels add column sftp_private_key_enc text;
alter table channels add column s3_bucket text check (s3_bucket is null or length(s3_bucket) between 3 and 63);
alter table channels add column s3_region text check (s3_region is null or length(s3_region) <= 64);

-- The playout queue of an interaction: messages staff mark for air (`t` in the studio inbox), in an order
-- they change, delivered in that order with their position in the file name. A message is in at most one
-- place; positions run 1..n per interaction.
create table playout_queue (
  message_id bigint primary key references messages (id) on delete cascade,
  segment_id bigint not null references segments (id) on delete cascade,
  position integer not null check (position >= 1),
  added_by bigint references users (id) on delete set null,
  added_at timestamptz not null default now()
);
create index playout_queue_segment on playout_queue (segment_id, position);
