import { useEffect, useRef, useState } from "preact/hooks";
import { island, useT } from "../framework/island.tsx";
import { DEFAULT_PAGE_SIZE, MESSAGE_LIST_REFRESH_MS, SEARCH_DEBOUNCE_MS } from "../lib/rules/constants.ts";
import type { InboxFilter, MessageAction } from "../lib/rules/inbox.ts";
import { api } from "./browser/http.ts";
import { showToast } from "./browser/toast.ts";
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
 * 500 ms, pages of 50, auto-refresh every 15 s (on by default) that polls the total and reloads only when
 * it changes; opening a message marks it read.
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
  useEffect(() => {
    if (!auto) return;
    const timer = setInterval(async () => {
      if (document.visibilityState !== "visible") return;
      const fresh = await loadCounts();
      if (fresh && fresh[state.current.tab] !== state.current.total) load();
    }, MESSAGE_LIST_REFRESH_MS);
    return () => clearInterval(timer);
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
          {t("counts.messages", { count: list.total })}
          {counts.unread ? ` · ${t("counts.unread", { count: counts.unread })}` : ""}
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

export default island("MessageInbox", MessageInbox, {
  ns: ["participations", "errors", "widget", "data_rights", "message_privacy", "counts"],
});
