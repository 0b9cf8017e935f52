-- 024_transcript_segments: the timed segments of a transcript (OpenAI-compatible verbose_json `segments`: start, end, text in
-- seconds of the played file), from which a video's WebVTT subtitles are served; null when the service gave
-- none (one cue covers the whole clip then). Erased with the media row.
alter table media add column transcript_segments jsonb;
