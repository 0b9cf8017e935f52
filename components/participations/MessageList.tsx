import { useEffect, useLayoutEffect, useRef } from "preact/hooks";
import { I18nContext, useT } from "../../framework/island.tsx";
import { PART, renderPart, unmountPart } from "../../framework/client.ts";
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

type MessageItemProps = {
  m: InboxMessage;
  active: boolean;
  onOpen: (id: number) => void;
  /** Multi-select (shift-click selects the range from the last one checked). */
  checked?: boolean;
  onCheck?: (id: number, on: boolean, range: boolean) => void;
};

/** The class of a row: unread rows stand out, the open one and the ticked ones show it. */
const rowClass = ({ m, active, checked }: MessageItemProps) =>
  `inbox-item ${m.read ? "" : "is-unread"} ${active ? "is-active" : ""} ${checked ? "is-checked" : ""}`;

/** What a row shows: its tick box, and the button that opens it with author, date, excerpt and badges. */
function MessageItemContent({ m, active, onOpen, checked, onCheck }: MessageItemProps) {
  const { t, lang } = useT();
  const excerpt = m.content.text || m.transcript || "";
  return (
    <>
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
    </>
  );
}

/** One row of the list, as the server renders it. */
function ServerMessageItem(props: MessageItemProps) {
  return (
    <li class={rowClass(props)} data-message-id={props.m.id}>
      <MessageItemContent {...props} />
    </li>
  );
}

/**
 * One row of the list in the browser: its content is a root of its own (framework/client.ts renderPart),
 * hydrated a few rows per task after the inbox rather than all fifty in the inbox's own hydration.
 */
function ClientMessageItem(props: MessageItemProps) {
  const i18n = useT();
  const row = useRef<HTMLLIElement>(null);
  useLayoutEffect(() =>
    renderPart(
      row.current!,
      <I18nContext.Provider value={i18n}>
        <MessageItemContent {...props} />
      </I18nContext.Provider>,
    )
  );
  useEffect(() => {
    const li = row.current!;
    return () => unmountPart(li);
  }, []);
  // PART is no markup at all: it tells Preact the row's content belongs to the row's own root
  // deno-lint-ignore react-no-danger
  return <li class={rowClass(props)} data-message-id={props.m.id} ref={row} dangerouslySetInnerHTML={PART} />;
}

/** One row of the list: author, date, excerpt, duration, badges; unread rows stand out. */
export const MessageItem = typeof document === "undefined" ? ServerMessageItem : ClientMessageItem;

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
