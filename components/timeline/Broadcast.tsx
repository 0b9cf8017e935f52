import { useT } from "../../framework/island.tsx";
import type { MarkedMessageRow } from "../../db/broadcast.ts";
import type { SegmentRow } from "../../db/segments.ts";
import { formatDateTime } from "../../islands/browser/dates.ts";
import { AvailabilityBadge } from "../interactions/SegmentTable.tsx";
import { availabilityOf } from "../../lib/rules/availability.ts";

const mmss = (ms: number) =>
  `${String(Math.floor(ms / 60_000)).padStart(2, "0")}:${
    String(Math.floor(ms / 1000) % 60).padStart(2, "0")
  }`;

/** What is live now: one card per segment, opening its broadcast view. */
export function LiveSegments(props: { segments: SegmentRow[]; now: Date; current: number | null }) {
  const { t, lang } = useT();
  if (props.segments.length === 0) return <p class="notice notice-info">{t("timeline.nothing_live")}</p>;
  return (
    <ul class="live-grid">
      {props.segments.map((s) => (
        <li key={s.id}>
          <a
            class="card live-card"
            href={`/broadcast/${s.id}`}
            aria-current={props.current === s.id ? "page" : undefined}
          >
            <strong>{s.title || t("interactions.untitled")}</strong>
            <span class="muted">{t(`interactions.types.${s.type}`)}</span>
            <AvailabilityBadge availability={availabilityOf(s, props.now)} />
            <small class="muted">
              {s.end_date
                ? t("timeline.until", { date: formatDateTime(new Date(s.end_date).toISOString(), lang) })
                : t("timeline.permanent")}
            </small>
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The messages quoted (broadcast_1) or broadcast (broadcast_2), newest first. */
export function MarkedMessages(props: { messages: MarkedMessageRow[]; showSegment: boolean }) {
  const { t, lang } = useT();
  if (props.messages.length === 0) return <p class="muted">{t("timeline.no_marked")}</p>;
  return (
    <ul class="marked-list">
      {props.messages.map((m) => (
        <li key={m.id} class="card marked-item">
          <div class="marked-head">
            <span class={`badge badge-${m.broadcast_status}`}>
              {t(m.broadcast_status === "broadcast_2" ? "timeline.broadcast" : "timeline.quoted")}
            </span>
            <strong>{m.author_name || t("timeline.anonymous")}</strong>
            {m.author_city && <span class="muted">{m.author_city}</span>}
            <span class="muted">{formatDateTime(new Date(m.created_at).toISOString(), lang)}</span>
          </div>
          {props.showSegment && (
            <a href={`/broadcast/${m.segment_id}`} class="muted">
              {m.segment_title || t("interactions.untitled")}
            </a>
          )}
          {m.text && <p>{m.text}</p>}
          {m.duration_ms != null && (
            <span class="muted">{t("timeline.voice_message", { duration: mmss(m.duration_ms) })}</span>
          )}
          {!m.text && m.transcript && <p class="transcript">« {m.transcript} »</p>}
          {m.recording_url && <audio controls preload="none" src={m.recording_url}></audio>}
        </li>
      ))}
    </ul>
  );
}
