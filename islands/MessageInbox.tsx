import { useEffect, useRef, useState } from "preact/hooks";
import { island, useT } from "../framework/island.tsx";
import { DEFAULT_PAGE_SIZE, MESSAGE_LIST_REFRESH_MS, SEARCH_DEBOUNCE_MS } from "../lib/rules/constants.ts";
import type { InboxFilter, MessageAction } from "../lib/rules/inbox.ts";
import { api } from "./browser/http.ts";
import { showToast } from "./browser/toast.ts";
import { followLive } from "./browser/live.ts";
import type { InboxMessage } from "../components/participations/format.ts";
import { MessageItem, Pager, Tabs } from "../components/participations/MessageList.tsx";
import { type Abilities, MessageDetail } from "../components/participations/MessageDetail.tsx";

type Counts = Partial<Record<InboxFilter | "unread", number>>;
interface Props {
  segmentId: number;
  initial: { data: InboxMessage[]; total: number };
  counts: Counts;
  can: Abilities;
  [key: string]: unknown;
}

/** Moves that change which tab a message belongs to: the list reloads after them. */
const MOVES = new Set<MessageAction>(["archive", "restore", "trash", "unlike", "unwinner"]);

/**
 * The participations of an interaction (back-office §2 Message list / detail): tabs, search debounced
 * 500 ms, pages of 50, auto-refresh (on by default: pushed by the interaction's event stream, else polled
 * every 15 s) that reloads only when the total changes; opening a message marks it read.
 */
function MessageInbox(props: Props) {
  const { t } = useT();
  const [tab, setTab] = useState<InboxFilter>("all");
  const [search, setSearch] = useState("");
  const [query, setQuery] = useState("");
  const [page, setPage] = useState(1);
  const [list, setList] = useState(props.initial);
  const [counts, setCounts] = useState<Counts>(props.counts);
  const [auto, setAuto] = useState(true);
  const [selected, setSelected] = useState<number | null>(null);
  const [drawing, setDrawing] = useState(false);
  const state = useRef({ tab, query, page, total: list.total });
  state.current = { tab, query, page, total: list.total };
  const first = useRef(true);

  const params = (q: string) =>
    `segment_id=${props.segmentId}${q ? `&search_text=${encodeURIComponent(q)}` : ""}`;
  const loadCounts = async () => {
    const res = await api<Counts>("GET", `/api/v1/interaction/counts?${params(state.current.query)}`);
    if (res.ok) setCounts(res.data);
    return res.ok ? res.data : null;
  };
  const load = async () => {
    const { tab, query, page } = state.current;
    const url = `/api/v1/channel-interactions?${params(query)}&filter=${tab}&page=${page}` +
      `&per_page=${DEFAULT_PAGE_SIZE}`;
    const res = await api<{ data: InboxMessage[]; pagination: { total: number } }>("GET", url);
    if (res.ok) setList({ data: res.data.data, total: res.data.pagination.total });
    await loadCounts();
  };

  useEffect(() => {
    if (first.current) return void (first.current = false);
    load();
  }, [tab, query, page]);
  useEffect(() => {
    const timer = setTimeout(() => {
      setQuery(search.trim());
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);
  // auto-refresh: the interaction's event stream says when a participation arrives (issue 21); without a
  // stream, the counts are polled every 15 s. Either way the list reloads only when its total changes.
  useEffect(() => {
    if (!auto) return;
    const refresh = async () => {
      const fresh = await loadCounts();
      if (fresh && fresh[state.current.tab] !== state.current.total) load();
    };
    let seen: number | null = null;
    return followLive<{ counts: { messages: number } }>({
      url: `/api/v1/show_segments/${props.segmentId}/live`,
      event: "results",
      onData: (data) => {
        // the first event too: a participation may have arrived between the page's render and the stream
        if (data.counts.messages !== seen) refresh();
        seen = data.counts.messages;
      },
      poll: refresh,
      pollMs: MESSAGE_LIST_REFRESH_MS,
    });
  }, [auto]);

  const changed = (m: InboxMessage, key?: MessageAction) => {
    setList((l) => ({
      ...l,
      data: l.data.map((x) => x.id === m.id ? { ...x, ...m, replies: undefined } : x),
    }));
    if (key && MOVES.has(key)) load();
    else if (key) loadCounts();
  };
  const draw = async () => {
    setDrawing(true);
    const res = await api<{ ids: number[] }>("POST", "/api/v1/interaction/draw_winners", {
      segment_id: props.segmentId,
      count: 1,
    });
    setDrawing(false);
    if (!res.ok) return showToast(t("participations.error"), { kind: "error" });
    showToast(
      res.data.ids.length
        ? t("participations.drawn", { count: res.data.ids.length })
        : t("participations.draw_none"),
      { kind: res.data.ids.length ? "success" : "warning" },
    );
    if (res.data.ids.length) {
      setSelected(res.data.ids[0]);
      load();
    }
  };

  return (
    <div class={`inbox ${selected ? "has-selection" : ""}`}>
      <div class="inbox-list-pane">
        <Tabs tab={tab} counts={counts} onChange={(next) => (setTab(next), setPage(1))} />
        <div class="inbox-toolbar">
          <input
            type="search"
            class="input inbox-search"
            aria-label={t("participations.search")}
            placeholder={t("participations.search_placeholder")}
            value={search}
            onInput={(e) => setSearch(e.currentTarget.value)}
          />
          <label class="switch">
            <input
              type="checkbox"
              role="switch"
              checked={auto}
              onChange={(e) => setAuto(e.currentTarget.checked)}
            />
            <span>{t("participations.auto_refresh")}</span>
          </label>
          {props.can.act && (
            <button type="button" class="btn btn-secondary btn-sm" disabled={drawing} onClick={draw}>
              ★ {t("participations.draw")}
            </button>
          )}
        </div>
        <p class="muted inbox-total" aria-live="polite">
          {t("participations.total", { count: list.total })}
          {counts.unread ? ` · ${t("participations.unread_total", { count: counts.unread })}` : ""}
        </p>
        {list.data.length
          ? (
            <ul class="inbox-list">
              {list.data.map((m) => (
                <MessageItem key={m.id} m={m} active={m.id === selected} onOpen={setSelected} />
              ))}
            </ul>
          )
          : <p class="inbox-empty">{t("participations.no_results")}</p>}
        <Pager page={page} total={list.total} perPage={DEFAULT_PAGE_SIZE} onPage={setPage} />
      </div>
      <div class="inbox-detail-pane">
        {selected && props.can.act && <OnAirButton segmentId={props.segmentId} messageId={selected} />}
        {selected
          ? (
            <MessageDetail
              id={selected}
              can={props.can}
              onChanged={changed}
              onClose={() => setSelected(null)}
            />
          )
          : <p class="muted inbox-placeholder">{t("participations.select_message")}</p>}
      </div>
    </div>
  );
}

/** "Show on air" (issue 21): the message goes on the interaction's overlay, within a second on every screen. */
function OnAirButton(props: { segmentId: number; messageId: number }) {
  const { t } = useT();
  const [onAir, setOnAir] = useState<number | null>(null);
  const put = async () => {
    const res = await api<{ message?: string }>("PUT", `/api/v1/show_segments/${props.segmentId}/overlay`, {
      message_id: props.messageId,
    });
    if (res.ok) {
      setOnAir(props.messageId);
      showToast(t("live.on_air_done"), { kind: "success" });
    } else showToast(res.data?.message ?? t("live.failed"), { kind: "error" });
  };
  return (
    <p class="on-air-row">
      <button
        type="button"
        class="btn btn-secondary btn-sm on-air"
        onClick={put}
        aria-pressed={onAir === props.messageId}
      >
        {onAir === props.messageId ? t("live.on_air_done") : t("live.on_air")}
      </button>
    </p>
  );
}

export default island("MessageInbox", MessageInbox, {
  ns: ["participations", "errors", "widget", "data_rights", "message_privacy", "live"],
});
