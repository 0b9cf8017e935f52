import { useT } from "../../framework/island.tsx";
import { availabilityOf } from "../../lib/rules/availability.ts";
import { barPosition, type TimelineView } from "../../lib/rules/timeline.ts";
import { formatDateTime } from "../../islands/browser/dates.ts";

export interface GanttRow {
  key: string;
  label: string;
  href?: string;
  start: Date;
  end: Date | null;
  color: string;
  sub?: string;
}

/** One row per item, its bar placed over the days of the period. */
function Rows(props: { title: string; rows: GanttRow[]; from: Date; to: Date }) {
  const { t, lang } = useT();
  const placed = props.rows.map((r) => ({ r, pos: barPosition(r.start, r.end, props.from, props.to) }))
    .filter((x) => x.pos);
  return (
    <tbody>
      <tr class="gantt-group">
        <th scope="rowgroup" colSpan={2}>{props.title}</th>
      </tr>
      {placed.length === 0 && (
        <tr>
          <td colSpan={2} class="muted gantt-empty">{t("timeline.nothing")}</td>
        </tr>
      )}
      {placed.map(({ r, pos }) => {
        const when = `${formatDateTime(r.start.toISOString(), lang)} → ${
          r.end ? formatDateTime(r.end.toISOString(), lang) : t("timeline.permanent")
        }`;
        return (
          <tr key={r.key}>
            <th scope="row" class="gantt-label">
              {r.href ? <a href={r.href}>{r.label}</a> : r.label}
              {r.sub && <small class="muted">{r.sub}</small>}
            </th>
            <td class="gantt-track">
              <span
                class={`gantt-bar${pos!.startsBefore ? " before" : ""}${pos!.open ? " open" : ""}`}
                style={`left:${pos!.left}%;width:${pos!.width}%;--bar:${r.color}`}
                title={when}
              >
                <span class="sr-only">{when}</span>
              </span>
            </td>
          </tr>
        );
      })}
    </tbody>
  );
}

/** The calendar of a period: a day header, then segments and distribution slots as bars. */
export function Gantt(
  props: {
    view: TimelineView;
    from: Date;
    to: Date;
    days: Date[];
    now: Date;
    segments: GanttRow[];
    blocks: GanttRow[];
  },
) {
  const { t, lang } = useT();
  const locale = lang === "technical" ? "en" : lang;
  const today = props.now.toISOString().slice(0, 10);
  const nowPos = barPosition(props.now, props.now, props.from, props.to);
  return (
    <div
      class={`gantt-wrap gantt-${props.view}`}
      tabIndex={0}
      role="region"
      aria-label={t("timeline.period")}
    >
      <table class="gantt" style={`--days:${props.days.length}`}>
        <caption class="sr-only">{t("timeline.title")}</caption>
        <thead>
          <tr>
            <th scope="col" class="gantt-label">
              <span class="sr-only">{t("timeline.segments")}</span>
            </th>
            <th scope="col" class="gantt-days">
              <div class="gantt-day-row">
                {props.days.map((d) => (
                  <span key={d.toISOString()} class={d.toISOString().slice(0, 10) === today ? "today" : ""}>
                    {props.view === "week"
                      ? d.toLocaleDateString(locale, { weekday: "short", day: "numeric", timeZone: "UTC" })
                      : d.getUTCDate()}
                  </span>
                ))}
              </div>
              {nowPos && <span class="gantt-now" style={`left:${nowPos.left}%`} aria-hidden="true"></span>}
            </th>
          </tr>
        </thead>
        <Rows title={t("timeline.segments")} rows={props.segments} from={props.from} to={props.to} />
        <Rows title={t("timeline.blocks")} rows={props.blocks} from={props.from} to={props.to} />
      </table>
    </div>
  );
}

/** The rows of segments, coloured by their availability label. */
export function segmentRows(
  segments: { id: number; title: string; status: string; start_date: Date | null; end_date: Date | null }[],
  now: Date,
  untitled: string,
): GanttRow[] {
  return segments.filter((s) => s.start_date).map((s) => ({
    key: `s${s.id}`,
    label: s.title || untitled,
    href: `/interactions/${s.id}`,
    start: new Date(s.start_date!),
    end: s.end_date ? new Date(s.end_date) : null,
    color: availabilityOf(s, now).color,
  }));
}
