// A voice message ready for air in the detail: the player of the aired timeline, its large
// waveform with click-to-seek, the recording's loudness and durations, its flag (clipped, nearly silent)
// and, for staff who act, the trim: in/out points, preview, save (the worker renders the broadcast copy).
import { useEffect, useRef, useState } from "preact/hooks";
import { useT } from "../../framework/island.tsx";
import { api, errorMessage } from "../../islands/browser/http.ts";
import { showToast } from "../../islands/browser/toast.ts";
import { formatDuration, formatLoudness, type InboxMessage } from "./format.ts";
import { WaveformLarge } from "./Waveform.tsx";

/** The flag badge of a recording, with its explanation as title and for screen readers. */
export function AudioFlag({ flag }: { flag: "clipped" | "nearly_silent" | null | undefined }) {
  const { t } = useT();
  if (!flag) return null;
  return (
    <span class={`badge badge-audio-${flag}`} title={t(`studio_audio.flag_${flag}_hint`)}>
      ⚠ {t(`studio_audio.flag_${flag}`)}
    </span>
  );
}

export function AudioPanel(
  { m, canTrim, onSaved }: { m: InboxMessage; canTrim: boolean; onSaved: () => void },
) {
  const { t, lang } = useT();
  const audio = m.audio!;
  const player = useRef<HTMLAudioElement>(null);
  const [time, setTime] = useState(0);
  const [trimIn, setTrimIn] = useState<number | null>(audio.trim_in_ms);
  const [trimOut, setTrimOut] = useState<number | null>(audio.trim_out_ms);
  const [previewing, setPreviewing] = useState(false);
  const [saving, setSaving] = useState(false);
  const end = trimOut ?? audio.aired_ms;
  useEffect(() => {
    const el = player.current;
    if (!el) return;
    const tick = () => {
      const ms = Math.round(el.currentTime * 1000);
      setTime(ms);
      if (el.dataset.previewEnd && ms >= Number(el.dataset.previewEnd)) {
        el.pause();
        delete el.dataset.previewEnd;
        setPreviewing(false);
      }
    };
    el.addEventListener("timeupdate", tick);
    el.addEventListener("seeked", tick);
    return () => (el.removeEventListener("timeupdate", tick), el.removeEventListener("seeked", tick));
  }, []);
  const seek = (ms: number) => {
    if (player.current) player.current.currentTime = ms / 1000;
    setTime(ms);
  };
  const preview = () => {
    const el = player.current;
    if (!el) return;
    el.currentTime = (trimIn ?? 0) / 1000;
    el.dataset.previewEnd = String(end);
    setPreviewing(true);
    void el.play().catch(() => setPreviewing(false));
  };
  const save = async (points: { in_ms: number | null; out_ms: number | null }) => {
    setSaving(true);
    const res = await api("PUT", `/api/v1/interaction/${m.id}/trim`, points);
    setSaving(false);
    if (!res.ok) return showToast(errorMessage(res.data, t("participations.error")), { kind: "error" });
    setTrimIn(points.in_ms);
    setTrimOut(points.out_ms);
    showToast(t("studio_audio.trim_saved"), { kind: "success" });
    onSaved();
  };
  const trimmed = trimIn !== null || trimOut !== null;
  return (
    <div class="audio-panel">
      <audio
        id="inbox-player"
        ref={player}
        controls
        preload="metadata"
        src={m.content.recording_url ?? undefined}
        class="player-audio"
      />
      <WaveformLarge
        peaks={audio.peaks}
        durationMs={audio.aired_ms}
        timeMs={time}
        range={trimmed ? [trimIn ?? 0, end] : null}
        label={t("studio_audio.waveform")}
        valueText={`${formatDuration(time)} / ${formatDuration(audio.aired_ms)}`}
        onSeek={seek}
      />
      <p class="audio-facts">
        {audio.loudness_lufs !== null && (
          <span title={t("studio_audio.loudness_label")}>
            <span class="sr-only">{t("studio_audio.loudness_label")}:</span>
            {t("studio_audio.loudness", { lufs: formatLoudness(audio.loudness_lufs, lang) })}
          </span>
        )}
        <span class="duration">{formatDuration(audio.aired_ms)}</span>
        {audio.on_air_ms !== null && (
          <span data-testid="on-air">
            {t("studio_audio.on_air", { duration: formatDuration(audio.on_air_ms) })}
          </span>
        )}
        <AudioFlag flag={audio.flag} />
      </p>
      {canTrim && (
        <fieldset class="audio-trim">
          <legend>{t("studio_audio.trim")}</legend>
          <p class="muted" aria-live="polite">
            {t("studio_audio.trim_range", { from: formatDuration(trimIn ?? 0), to: formatDuration(end) })}
          </p>
          <div class="audio-trim-actions">
            <button
              type="button"
              class="btn btn-secondary btn-sm"
              onClick={() => setTrimIn(Math.min(time, end - 500))}
            >
              [ {t("studio_audio.trim_in")}
            </button>
            <button
              type="button"
              class="btn btn-secondary btn-sm"
              onClick={() => setTrimOut(Math.max(time, (trimIn ?? 0) + 500))}
            >
              {t("studio_audio.trim_out")} ]
            </button>
            <button
              type="button"
              class="btn btn-secondary btn-sm"
              onClick={preview}
              aria-pressed={previewing}
            >
              ▶ {t("studio_audio.trim_preview")}
            </button>
            <button
              type="button"
              class="btn btn-primary btn-sm"
              disabled={saving}
              onClick={() => save({ in_ms: trimIn, out_ms: trimOut })}
            >
              {t("studio_audio.trim_save")}
            </button>
            {trimmed && (
              <button
                type="button"
                class="btn btn-link btn-sm"
                disabled={saving}
                onClick={() => save({ in_ms: null, out_ms: null })}
              >
                {t("studio_audio.trim_clear")}
              </button>
            )}
          </div>
        </fieldset>
      )}
    </div>
  );
}
