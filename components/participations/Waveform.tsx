// A voice message's waveform (peaks from the worker, 0–100) drawn as SVG bars: small in the list,
// large in the detail where a click (or the arrow keys) seeks, the played part and the in/out points show.
import type { JSX } from "preact";

/** The bars of a waveform; `played` (0–1) and the kept range (0–1) tint them. */
function Bars(
  { peaks, played = 0, range }: { peaks: number[]; played?: number; range?: [number, number] | null },
) {
  const n = peaks.length || 1;
  return (
    <>
      {peaks.map((p, i) => {
        const h = Math.max(2, p);
        const at = (i + 0.5) / n;
        const cls = range && (at < range[0] || at > range[1])
          ? "wf-out"
          : at <= played
          ? "wf-played"
          : "wf-bar";
        return <rect key={i} class={cls} x={i + 0.15} width={0.7} y={50 - h / 2} height={h} />;
      })}
    </>
  );
}

/** The small waveform of a list row (decorative: the row's text says what it is). */
export function WaveformSmall({ peaks }: { peaks: number[] }) {
  return (
    <svg
      class="waveform waveform-sm"
      viewBox={`0 0 ${peaks.length || 1} 100`}
      preserveAspectRatio="none"
      aria-hidden="true"
      focusable="false"
    >
      <Bars peaks={peaks} />
    </svg>
  );
}

/**
 * The large waveform of the detail: a slider over the recording's seconds; a click seeks there,
 * ←/→ (when focused) move 5 s.
 */
export function WaveformLarge(props: {
  peaks: number[];
  durationMs: number;
  timeMs: number;
  range?: [number, number] | null;
  label: string;
  valueText: string;
  onSeek: (ms: number) => void;
}) {
  const { peaks, durationMs, timeMs } = props;
  const click = (e: JSX.TargetedMouseEvent<HTMLDivElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    const fraction = Math.min(1, Math.max(0, (e.clientX - box.left) / box.width));
    props.onSeek(Math.round(fraction * durationMs));
  };
  const range = props.range ? props.range.map((ms) => ms / durationMs) as [number, number] : null;
  return (
    <div
      class="waveform-lg"
      role="slider"
      tabIndex={0}
      aria-label={props.label}
      aria-valuemin={0}
      aria-valuemax={Math.round(durationMs / 1000)}
      aria-valuenow={Math.round(timeMs / 1000)}
      aria-valuetext={props.valueText}
      onClick={click}
      data-testid="waveform"
    >
      <svg
        viewBox={`0 0 ${peaks.length || 1} 100`}
        preserveAspectRatio="none"
        aria-hidden="true"
        focusable="false"
      >
        <Bars peaks={peaks} played={durationMs ? timeMs / durationMs : 0} range={range} />
      </svg>
      <span class="waveform-cursor" style={{ left: `${durationMs ? (100 * timeMs) / durationMs : 0}%` }} />
    </div>
  );
}
