// The WebVTT subtitles of a video, built from its transcript. Pure: the worker stores what the
// transcription service gave (segments with times when it gives them), the /media route serves this text.

/** A timed piece of a transcript, in seconds from the start of the played file. */
export interface TranscriptSegment {
  start: number;
  end: number;
  text: string;
}

/** The segments an OpenAI-compatible verbose_json answer carries, cleaned: numbers, in order, non-empty. */
export function transcriptSegments(value: unknown): TranscriptSegment[] {
  if (!Array.isArray(value)) return [];
  const out: TranscriptSegment[] = [];
  for (const s of value) {
    if (!s || typeof s !== "object") continue;
    const { start, end, text } = s as Record<string, unknown>;
    if (typeof start !== "number" || typeof end !== "number" || typeof text !== "string") continue;
    if (!Number.isFinite(start) || !Number.isFinite(end) || start < 0 || end <= start || !text.trim()) {
      continue;
    }
    out.push({ start, end, text: text.trim() });
  }
  return out.sort((a, b) => a.start - b.start);
}

/** `hh:mm:ss.ttt` of a time in seconds. */
export function vttTime(seconds: number): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const pad = (n: number, w = 2) => String(n).padStart(w, "0");
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${
    pad(Math.floor(ms / 1000) % 60)
  }.${pad(ms % 1000, 3)}`;
}

/** A cue's text: no blank line (it would end the cue), no `-->`, and `<` `&` escaped. */
const cueText = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/\s*\n\s*/g, "\n")
    .trim();

/**
 * The WebVTT file: one cue per segment when there are segments, else one cue for the whole clip (from 0 to
 * its duration, or to an hour when the duration is unknown).
 */
export function webVtt(transcript: string, segments: TranscriptSegment[], durationMs: number | null): string {
  const cues = segments.length
    ? segments
    : [{ start: 0, end: durationMs && durationMs > 0 ? durationMs / 1000 : 3600, text: transcript }];
  const body = cues
    .map((c) => ({ ...c, text: cueText(c.text) }))
    .filter((c) => c.text)
    .map((c, i) => `${i + 1}\n${vttTime(c.start)} --> ${vttTime(c.end)}\n${c.text}`);
  return `WEBVTT\n\n${body.join("\n\n")}\n`;
}
