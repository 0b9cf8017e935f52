/// <reference lib="dom" />
// The recorder screen (visitor-widget §2 recorder): waveform or live camera preview, timer in
// hundredths, record / stop / play, Start recording again, and Send my participation once finished.
// Loaded on demand (dynamic import) by the widgets; texts under "widget".
import { useEffect, useRef, useState } from "preact/hooks";
import { useT } from "../../framework/island.tsx";
import { formatTimer } from "../../lib/rules/widget.ts";
import { type Recording, useRecorder } from "../../islands/browser/use_recorder.ts";

export interface RecorderProps {
  kind: "audio" | "video";
  maxSeconds: number;
  onSend: (recording: Recording) => void;
  /** The send button's text; "Send my participation" by default. */
  sendLabel?: string;
  /** Recording started, as a file of this extension (the widgets get its upload ready meanwhile). */
  onRecording?: (extension: string) => void;
}

function Waveform({ analyser, active }: { analyser: { current: AnalyserNode | null }; active: boolean }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let frame = 0;
    const draw = () => {
      const el = canvas.current;
      const ctx = el?.getContext("2d");
      if (el && ctx) {
        const { width, height } = el;
        ctx.clearRect(0, 0, width, height);
        const data = new Uint8Array(analyser.current?.frequencyBinCount ?? 64);
        if (analyser.current && active) analyser.current.getByteFrequencyData(data);
        const bars = 40;
        const step = width / bars;
        ctx.fillStyle = getComputedStyle(el).color;
        for (let i = 0; i < bars; i++) {
          const v = data[Math.floor((i * data.length) / bars)] / 255;
          const h = Math.max(3, v * height);
          ctx.fillRect(i * step + 1, (height - h) / 2, step - 2, h);
        }
      }
      if (active) frame = requestAnimationFrame(draw);
    };
    draw();
    return () => cancelAnimationFrame(frame);
  }, [active]);
  return <canvas ref={canvas} class="rec-wave" width={320} height={72} aria-hidden="true" />;
}

/** The recorder: a self-contained screen calling onSend with the finished recording. */
export default function Recorder({ kind, maxSeconds, onSend, sendLabel, onRecording }: RecorderProps) {
  const { t } = useT();
  const rec = useRecorder({ kind, maxSeconds, onError: (key) => alert(t(key)), onRecording });
  const [playing, setPlaying] = useState(false);
  const player = useRef<HTMLMediaElement | null>(null);
  const preview = useRef<HTMLVideoElement>(null);

  const [progress, setProgress] = useState({ at: 0, of: 0 });
  // the main button is disabled while the microphone starts, which drops its focus to the page: once
  // recording, the focus comes back to it, now Stop, the next thing the listener will press
  const mainButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (rec.state !== "recording" || !refocus.current) return;
    refocus.current = false;
    mainButton.current?.focus();
  }, [rec.state]);

  useEffect(() => {
    if (preview.current && rec.stream) preview.current.srcObject = rec.stream;
  }, [rec.stream]);
  // the camera shows before Record, and again after "Start again"
  useEffect(() => {
    if (kind === "video" && rec.state === "waiting") rec.preview();
  }, [rec.state]);
  useEffect(() => setProgress({ at: 0, of: (rec.recording?.durationMs ?? 0) / 1000 }), [rec.recording]);
  const onTime = (e: Event) => {
    const el = e.currentTarget as HTMLMediaElement;
    const of = Number.isFinite(el.duration) && el.duration > 0
      ? el.duration
      : (rec.recording?.durationMs ?? 0) / 1000;
    setProgress({ at: Math.min(el.currentTime, of), of });
  };

  const togglePlay = () => {
    const el = player.current;
    if (!el) return;
    if (playing) {
      el.pause();
      el.currentTime = 0;
    } else el.play().catch(() => {});
  };
  const main = () => {
    if (rec.state === "waiting") {
      refocus.current = true;
      rec.start();
    } else if (rec.state === "recording") rec.stop();
    else if (rec.state === "finished") togglePlay();
  };
  // playing back, the button stops (and rewinds): it shows the stop square and says Stop
  const stops = rec.state === "recording" || (rec.state === "finished" && playing);
  const label = stops ? t("widget.stop") : rec.state === "finished" ? t("widget.play") : t("widget.record");

  return (
    <div class={`recorder recorder-${kind} is-${rec.state}`} data-state={rec.state}>
      {kind === "video" && (
        <div class="rec-video">
          {rec.state === "finished" && rec.recording
            ? (
              <video
                ref={(el) => {
                  player.current = el;
                }}
                src={rec.recording.url}
                playsInline
                onPlay={() => setPlaying(true)}
                onPause={() => setPlaying(false)}
                onEnded={() => setPlaying(false)}
                onTimeUpdate={onTime}
              />
            )
            : <video ref={preview} autoPlay muted playsInline aria-label={t("widget.camera_preview")} />}
        </div>
      )}
      {kind === "audio" && <Waveform analyser={rec.analyser} active={rec.state === "recording"} />}
      {kind === "audio" && rec.recording && (
        <audio
          ref={(el) => {
            player.current = el;
          }}
          src={rec.recording.url}
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
          onEnded={() => setPlaying(false)}
          onTimeUpdate={onTime}
        />
      )}
      {rec.state === "finished" && rec.recording && (
        <progress
          class="rec-progress"
          max={Math.max(progress.of, 0.01)}
          value={progress.at}
          aria-label={t("widget.playback_progress")}
        />
      )}
      <p class="rec-status">
        {rec.state === "recording" && <span class="rec-dot">{t("widget.rec")}</span>}
        <span class="rec-timer" role="timer">{formatTimer(rec.elapsed)}</span>
      </p>
      <p class="rec-max">{t("widget.max_time", { seconds: maxSeconds })}</p>
      <button
        type="button"
        class={`rec-button rec-button-${stops ? "stop" : rec.state === "finished" ? "play" : "record"}`}
        ref={mainButton}
        onClick={main}
        disabled={rec.state === "started"}
        aria-label={label}
      >
        <span class="rec-icon" aria-hidden="true" />
        <span class="rec-label">{label}</span>
      </button>
      {rec.state === "finished" && (
        <button type="button" class="w-link" onClick={rec.reset}>{t("widget.start_again")}</button>
      )}
      <button
        type="button"
        class="w-btn w-btn-primary"
        disabled={rec.state !== "finished" || !rec.recording}
        onClick={() => rec.recording && onSend(rec.recording)}
      >
        {sendLabel ?? t("widget.send_participation")}
      </button>
    </div>
  );
}
