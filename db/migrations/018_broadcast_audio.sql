-- 018_broadcast_audio: audio ready for air.
--
-- Each channel chooses the loudness target of its broadcast copies (EBU R128 −23 LUFS, or −16 LUFS for
-- podcast/stream) and their delivery format (MP3 192/320 kbit/s, WAV 48 kHz 16/24 bit).
alter table channels add column audio_target_lufs smallint not null default -23
  check (audio_target_lufs in (-23, -16));
alter table channels add column audio_format text not null default 'mp3_192'
  check (audio_format in ('mp3_192', 'mp3_320', 'wav_16', 'wav_24'));

-- The worker measures every audio (the original's integrated loudness and true peak), renders a
-- broadcast copy (silence trimmed, normalised, in the channel's format; the original is kept) and keeps
-- the waveform peaks of the aired timeline (0–100, a few hundred points). Staff may set in and out points
-- on that timeline (milliseconds); the broadcast copy is then rendered again, trimmed.
alter table media add column loudness_lufs real;
alter table media add column true_peak_dbtp real;
alter table media add column broadcast_path text;
alter table media add column broadcast_lufs real;
alter table media add column broadcast_true_peak_dbtp real;
alter table media add column broadcast_duration_ms integer check (broadcast_duration_ms >= 0);
alter table media add column aired_duration_ms integer check (aired_duration_ms >= 0);
alter table media add column peaks jsonb;
alter table media add column trim_in_ms integer check (trim_in_ms >= 0);
alter table media add column trim_out_ms integer check (trim_out_ms > 0);
alter table media add constraint media_trim_order check (trim_in_ms is null or trim_out_ms is null
  or trim_in_ms < trim_out_ms);
