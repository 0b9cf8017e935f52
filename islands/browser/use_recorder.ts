/// <reference lib="dom" />
// The recorder state machine (visitor-widget §4 Recorder states: waiting, started, recording,
// finished) over MediaRecorder: audio opus/webm or aac/mp4, video with a live stream for the
// preview, a timer ticking every 30 ms, data every 5 s, and auto-stop at the maximum time.
// Reused by the single-interaction widget, the channel widget and staff voice replies.
import { useEffect, useRef, useState } from "preact/hooks";
import { RECORDER_TICK_MS, RECORDER_TIMESLICE_MS } from "../../lib/rules/constants.ts";
import { pickRecorderMime, recorderOptions } from "../../lib/rules/widget.ts";

export type RecorderState = "waiting" | "started" | "recording" | "finished";

export interface Recording {
  blob: Blob;
  url: string;
  mime: string;
  extension: string;
  durationMs: number;
}

export interface RecorderOptions {
  kind: "audio" | "video";
  maxSeconds: number;
  /** Called with an i18n key when the microphone is refused or the recording is too long. */
  onError?: (key: "widget.mic_refused" | "widget.too_long") => void;
  /** Called when recording starts, with the file's extension (its sending can get ready meanwhile). */
  onRecording?: (extension: string) => void;
}

/** Starts, stops and resets recordings; exposes the live stream and an analyser for the waveform. */
export function useRecorder({ kind, maxSeconds, onError, onRecording }: RecorderOptions) {
  const [state, setState] = useState<RecorderState>("waiting");
  const [elapsed, setElapsed] = useState(0);
  const [recording, setRecording] = useState<Recording | null>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const analyser = useRef<AnalyserNode | null>(null);
  const internals = useRef<{
    recorder?: MediaRecorder;
    timer?: ReturnType<typeof setInterval>;
    started?: number;
    audio?: AudioContext;
    chunks: Blob[];
    /** The camera opened before Record, for the preview; Record records it. */
    live?: MediaStream;
  }>({ chunks: [] });

  const release = (keep: MediaStream | null = null) => {
    const i = internals.current;
    if (i.timer) clearInterval(i.timer);
    i.timer = undefined;
    i.audio?.close().catch(() => {});
    i.audio = undefined;
    analyser.current = null;
    setStream((s) => {
      if (s !== keep) s?.getTracks().forEach((track) => track.stop());
      return keep;
    });
  };

  useEffect(() => () => release(), []);

  const reset = (keep: MediaStream | null = null) => {
    const i = internals.current;
    if (i.recorder && i.recorder.state !== "inactive") {
      i.recorder.onstop = null;
      i.recorder.stop();
    }
    if (!keep) i.live = undefined;
    release(keep);
    setRecording((r) => {
      if (r) URL.revokeObjectURL(r.url);
      return null;
    });
    setElapsed(0);
    setState("waiting");
  };

  const stop = () => {
    const recorder = internals.current.recorder;
    if (recorder && recorder.state !== "inactive") recorder.stop();
  };

  /** Opens the camera before Record so the visitor sees themselves (video only; a refusal waits for Record). */
  const preview = async () => {
    const i = internals.current;
    if (kind !== "video" || i.live?.active) return;
    try {
      const media = await navigator.mediaDevices.getUserMedia({ audio: true, video: { facingMode: "user" } });
      i.live = media;
      setStream(media);
    } catch {
      // Record asks again and says what went wrong
    }
  };

  const start = async () => {
    const live = internals.current.live?.active ? internals.current.live : null;
    reset(live);
    setState("started");
    let media: MediaStream;
    try {
      media = live ?? await navigator.mediaDevices.getUserMedia(
        kind === "video" ? { audio: true, video: { facingMode: "user" } } : { audio: true },
      );
    } catch {
      setState("waiting");
      onError?.("widget.mic_refused");
      return;
    }
    internals.current.live = undefined;
    setStream(media);
    const { mime, extension } = pickRecorderMime(kind, (t) => MediaRecorder.isTypeSupported(t));
    const recorder = new MediaRecorder(media, recorderOptions(kind, mime));
    const i = internals.current;
    i.recorder = recorder;
    i.chunks = [];
    try {
      i.audio = new AudioContext();
      const node = i.audio.createAnalyser();
      node.fftSize = 256;
      i.audio.createMediaStreamSource(media).connect(node);
      analyser.current = node;
    } catch {
      analyser.current = null; // no waveform, recording still works
    }
    recorder.ondataavailable = (e) => e.data.size > 0 && i.chunks.push(e.data);
    recorder.onstop = () => {
      const durationMs = Date.now() - (i.started ?? Date.now());
      release();
      const type = recorder.mimeType || mime || `${kind}/webm`;
      const blob = new Blob(i.chunks, { type });
      if (durationMs > maxSeconds * 1000 + 1000) {
        setState("waiting");
        setElapsed(0);
        onError?.("widget.too_long");
        return;
      }
      setRecording({ blob, url: URL.createObjectURL(blob), mime: type, extension, durationMs });
      setElapsed(Math.min(durationMs, maxSeconds * 1000));
      setState("finished");
    };
    // the recorder captures from its start event, not from start(): on a busy phone the two are a few hundred
    // ms apart, and a listener who began speaking when the screen said "recording" lost their first words
    recorder.onstart = () => {
      i.started = Date.now();
      setState("recording");
      onRecording?.(extension);
      i.timer = setInterval(() => {
        const ms = Date.now() - (i.started ?? Date.now());
        setElapsed(Math.min(ms, maxSeconds * 1000));
        if (ms >= maxSeconds * 1000) stop();
      }, RECORDER_TICK_MS);
    };
    recorder.start(RECORDER_TIMESLICE_MS);
  };

  return { state, elapsed, recording, stream, analyser, start, stop, reset: () => reset(), preview };
}
