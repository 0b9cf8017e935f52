import { useT } from "../../framework/island.tsx";
import { INBOX_FILTERS, type InboxFilter } from "../../lib/rules/inbox.ts";
import { authorLine, formatDuration, formatMessageDate, type InboxMessage } from "./format.ts";
import { WaveformSmall } from "./Waveform.tsx";
import { AudioFlag } from "./AudioPanel.tsx";
import { MediumIcon } from "./MediumIcon.tsx";

/** The tabs of the message list with their counts (a tablist; arrows are not needed for 7 links). */
export function Tabs(
  { tab, counts, onChange }: {
    tab: InboxFilter;
    counts: Partial<Record<InboxFilter, number>>;
    onChange: (tab: InboxFilter) => void;
  },
) {
  const { t } = useT();
  return (
    <div class="inbox-tabs" role="tablist" aria-label={t("participations.filters")}>
      {INBOX_FILTERS.map((name) => (
        <button
          type="button"
          role="tab"
          class={`pill inbox-tab${tab === name ? " is-on" : ""}`}
          aria-selected={tab === name}
          onClick={() => onChange(name)}
          key={name}
        >
          {t(`participations.tabs.${name}`)}
          {counts[name] !== undefined && <span class="inbox-count">{counts[name]}</span>}
        </button>
      ))}
    </div>
  );
}

/** Small state badges of a message. */
export function Badges({ m }: { m: InboxMessage }) {
  const { t } = useT();
  return (
    <span class="inbox-badges">
      {m.liked && <span class="badge badge-liked">♥ {t("participations.liked")}</span>}
      {m.broadcast_status === "broadcast_1" && (
        <span class="badge badge-quoted">{t("participations.quoted")}</span>
      )}
      {m.broadcast_status === "broadcast_2" && (
        <span class="badge badge-broadcast">{t("participations.broadcasted")}</span>
      )}
      {m.winner && <span class="badge badge-winner">★ {t("participations.winner")}</span>}
      {m.status === "archived" && <span class="badge">{t("participations.archived")}</span>}
      {m.status === "trash" && <span class="badge">{t("participations.trashed")}</span>}
      {m.moderation === "pending" && <span class="badge badge-pending">{t("participations.pending")}</span>}
      {m.has_reply && <span class="badge">↩ {t("participations.replies")}</span>}
      <AudioFlag flag={m.audio?.flag} />
    </span>
  );
}

/** One row of the list: author, date, excerpt, duration, badges; unread rows stand out. */
export function MessageItem(
  { m, active, onOpen, checked, onCheck }: {
    m: InboxMessage;
    active: boolean;
    onOpen: (id: number) => void;
    /** Multi-select (shift-click selects the range from the last one checked). */
    checked?: boolean;
    onCheck?: (id: number, on: boolean, range: boolean) => void;
  },
) {
  const { t, lang } = useT();
  const excerpt = m.content.text || m.transcript || "";
  return (
    <li
      class={`inbox-item ${m.read ? "" : "is-unread"} ${active ? "is-active" : ""} ${
        checked ? "is-checked" : ""
      }`}
      data-message-id={m.id}
    >
      {onCheck && (
        <input
          type="checkbox"
          class="inbox-check"
          checked={checked}
          aria-label={t("studio_delivery.select", {
            name: authorLine(m, t("participations.anonymous"), t("participations.listener")),
          })}
          onClick={(e) => onCheck(m.id, e.currentTarget.checked, e.shiftKey)}
        />
      )}
      <button
        type="button"
        class="inbox-item-button"
        onClick={() => onOpen(m.id)}
        aria-current={active}
      >
        <span class="inbox-item-head">
          {!m.read && <span class="unread-dot" title={t("participations.unread")} />}
          <MediumIcon medium={m.medium} />
          <strong class="inbox-author">
            {authorLine(m, t("participations.anonymous"), t("participations.listener"))}
          </strong>
          {m.content.duration
            ? <span class="duration">{formatDuration(m.content.duration * 1000)}</span>
            : null}
        </span>
        <span class="inbox-date">{formatMessageDate(m.created_at, lang)}</span>
        {m.audio && m.audio.peaks.length > 0 && <WaveformSmall peaks={m.audio.peaks} />}
        {excerpt && <span class="inbox-excerpt">{excerpt}</span>}
        {!m.read && <span class="sr-only">{t("participations.unread")}</span>}
        <Badges m={m} />
      </button>
    </li>
  );
}

/** Previous / next page with "Page n of m". */
export function Pager(
  { page, total, perPage, onPage }: {
    page: number;
    total: number;
    perPage: number;
    onPage: (p: number) => void;
  },
) {
  const { t } = useT();
  const pages = Math.max(1, Math.ceil(total / perPage));
  if (pages <= 1) return null;
  return (
    <nav class="inbox-pager" aria-label={t("participations.page_info", { page, pages })}>
      <button
        type="button"
        class="btn btn-secondary btn-sm"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t("participations.previous")}
      </button>
      <span>{t("participations.page_info", { page, pages })}</span>
      <button
        type="button"
        class="btn btn-secondary btn-sm"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t("participations.next")}
      </button>
    </nav>
  );
}
