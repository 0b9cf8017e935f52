import { useEffect, useRef, useState } from "preact/hooks";
import { island, useT } from "../framework/island.tsx";
import {
  DEFAULT_PAGE_SIZE,
  INBOX_KEY_WAIT_MS,
  MESSAGE_LIST_REFRESH_MS,
  SEARCH_DEBOUNCE_MS,
} from "../lib/rules/constants.ts";
import type { InboxFilter, MessageAction } from "../lib/rules/inbox.ts";
import { api } from "./browser/http.ts";
import { showToast } from "./browser/toast.ts";
import { followLive } from "./browser/live.ts";
import type { InboxMessage } from "../components/participations/format.ts";
import { MessageItem, Pager, Tabs } from "../components/participations/MessageList.tsx";
import { type Abilities, MessageDetail } from "../components/participations/MessageDetail.tsx";
import { DrawDialog } from "../components/participations/DrawDialog.tsx";
import { KeyboardHelp } from "../components/participations/KeyboardHelp.tsx";
import { type PlayoutItem, PlayoutQueue } from "../components/participations/PlayoutQueue.tsx";
import { type InboxCommand, inboxCommand } from "../lib/rules/inbox_keys.ts";
import { whenFound } from "./browser/wait.ts";

type Counts = Partial<Record<InboxFilter | "unread", number>>;
interface Props {
  segmentId: number;
  initial: { data: InboxMessage[]; total: number };
  counts: Counts;
  can: Abilities;
  /** The message opened first (?message= of an assistant's quote). */
  selectedId?: number | null;
  [key: string]: unknown;
}

/** Where the compact density is kept (this browser only). */
const COMPACT_KEY = "im.inbox.compact";

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
  const [selected, setSelected] = useState<number | null>(props.selectedId ?? null);
  const [drawing, setDrawing] = useState(false);
  const [help, setHelp] = useState(false);
  // issue 22: the interaction's playout queue (t marks the selected message for air)
  const [queue, setQueue] = useState<PlayoutItem[]>([]);
  useEffect(() => {
    api<PlayoutItem[]>("GET", `/api/v1/show_segments/${props.segmentId}/playout`).then((res) =>
      res.ok && setQueue(res.data)
    );
  }, []);
  // issue 22: compact rows (kept in this browser) and multi-select with bulk actions
  const [compact, setCompact] = useState(false);
  useEffect(() => setCompact(localStorage.getItem(COMPACT_KEY) === "1"), []);
  const [checked, setChecked] = useState<number[]>([]);
  const lastChecked = useRef<number | null>(null);
  const [bulkBusy, setBulkBusy] = useState(false);
  const check = (id: number, on: boolean, range: boolean) => {
    const ids = list.data.map((m) => m.id);
    const from = lastChecked.current === null ? -1 : ids.indexOf(lastChecked.current);
    const to = ids.indexOf(id);
    const span = range && from !== -1 ? ids.slice(Math.min(from, to), Math.max(from, to) + 1) : [id];
    setChecked((c) => on ? [...new Set([...c, ...span])] : c.filter((x) => !span.includes(x)));
    lastChecked.current = id;
  };
  const bulk = async (what: "like" | "archive" | "trash" | "playout") => {
    setBulkBusy(true);
    // in list order, so the playout queue takes them in the order shown
    const ids = list.data.map((m) => m.id).filter((id) => checked.includes(id));
    for (const id of ids) {
      if (what === "playout") {
        const res = await api<{ queue: PlayoutItem[] }>("PUT", `/api/v1/interaction/${id}/playout`, {
          queued: true,
        });
        if (res.ok) setQueue(res.data.queue);
      } else await api("POST", `/api/v1/interaction/${id}/action`, { key: what });
    }
    setBulkBusy(false);
    setChecked([]);
    showToast(t("studio_delivery.bulk_done"), { kind: "success" });
    await load();
  };
  const queueRef = useRef(queue);
  queueRef.current = queue;
  const togglePlayout = async (id: number) => {
    const queued = !queueRef.current.some((p) => p.message_id === id);
    const res = await api<{ queue: PlayoutItem[] }>("PUT", `/api/v1/interaction/${id}/playout`, { queued });
    if (!res.ok) return showToast(t("participations.error"), { kind: "error" });
    queueRef.current = res.data.queue;
    setQueue(res.data.queue);
  };
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
    // the tab counts come in the same answer: a search is asked once, not once more for the counts
    const url = `/api/v1/channel-interactions?${params(query)}&filter=${tab}&page=${page}` +
      `&per_page=${DEFAULT_PAGE_SIZE}&with_counts=1`;
    const res = await api<{ data: InboxMessage[]; pagination: { total: number }; counts: Counts }>(
      "GET",
      url,
    );
    if (!res.ok) return;
    setList({ data: res.data.data, total: res.data.pagination.total });
    setCounts(res.data.counts);
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

  // issue 22: keyboard first (help on `?`); the row in focus follows j/k, actions click their button.
  // Keys run one after the other, in the order pressed: one that acts on the selected message waits for
  // that message's own detail to be loaded and idle (a previous action still running, a list refreshed by
  // a push), so no key is lost and none lands on the message it replaces.
  const keys = useRef({ list, selected, help, at: -1, canAct: props.can.act });
  keys.current = { ...keys.current, list, selected, help };
  const pending = useRef<Promise<unknown>>(Promise.resolve());
  useEffect(() => {
    const focusRow = (id: number) =>
      requestAnimationFrame(() =>
        document.querySelector<HTMLButtonElement>(`[data-message-id="${id}"] .inbox-item-button`)?.focus()
      );
    const move = (step: number) => {
      const { list, selected, at: was } = keys.current;
      const at = list.data.findIndex((m) => m.id === selected);
      // the selected message left the list (archived, trashed, a refresh): go on from where it was
      const base = at !== -1
        ? at + step
        : was === -1
        ? (step > 0 ? 0 : list.data.length - 1)
        : step > 0
        ? Math.min(was, list.data.length - 1)
        : was - 1;
      const next = list.data[base];
      if (!next) return;
      keys.current.selected = next.id;
      setSelected(next.id);
      focusRow(next.id);
    };
    /** The loaded detail of the selected message (null after INBOX_KEY_WAIT_MS or once another is selected). */
    const detail = (id: number | null) =>
      id === null ? Promise.resolve(null) : whenFound(
        () =>
          keys.current.selected !== id
            ? false
            : document.querySelector<HTMLElement>(`.inbox-detail[aria-labelledby="message-${id}"]`),
        INBOX_KEY_WAIT_MS,
      )
        .then((el) => el || null);
    const run = async (command: Exclude<InboxCommand, "help" | "close">) => {
      if (command === "next") return move(1);
      if (command === "previous") return move(-1);
      if (command === "search") return document.querySelector<HTMLInputElement>(".inbox-search")?.focus();
      const id = keys.current.selected;
      const shown = await detail(id);
      if (!shown) return;
      if (command === "reply") {
        return shown.querySelector<HTMLTextAreaElement>('[data-shortcut="r"]')?.focus();
      }
      if (command === "playout") return keys.current.canAct ? await togglePlayout(id!) : undefined;
      const media = shown.querySelector<HTMLMediaElement>("audio, video");
      if (command === "play") {
        return media && (media.paused ? void media.play().catch(() => {}) : media.pause());
      }
      if (command === "seek_back" || command === "seek_forward") {
        if (media) media.currentTime = Math.max(0, media.currentTime + (command === "seek_back" ? -5 : 5));
        return;
      }
      // the message's own button, once the action before it is done (a button without the key: nothing)
      const selector = `[data-shortcut="${command.action}"]`;
      if (!shown.querySelector(selector)) return;
      const button = await whenFound(() => {
        const b = document.querySelector<HTMLButtonElement>(
          `.inbox-detail[aria-labelledby="message-${id}"] ${selector}`,
        );
        return b && !b.disabled ? b : null;
      }, INBOX_KEY_WAIT_MS);
      if (!button || keys.current.selected !== id) return;
      button.click();
      // archived or trashed, the message leaves the tab: triage goes on with the next one
      if (command.action === "e" || command.action === "#") move(1);
    };
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      const typing = !!target?.closest("input, textarea, select, [contenteditable='true']");
      const command = inboxCommand({
        key: e.key,
        ctrlKey: e.ctrlKey,
        altKey: e.altKey,
        metaKey: e.metaKey,
        typing,
      });
      if (!command) return;
      if (keys.current.help) {
        if (command === "close" || command === "help") (e.preventDefault(), setHelp(false));
        return;
      }
      if (command === "close") {
        if (typing) target?.blur();
        return;
      }
      // buttons and links keep their own Space (a row plays its message); the waveform and the player keep their own arrows
      if (
        command === "play" && target?.closest("button, a, summary") && !target.closest(".inbox-item-button")
      ) {
        return;
      }
      if (
        (command === "seek_back" || command === "seek_forward") &&
        target?.closest("[role=slider], audio, video")
      ) {
        return;
      }
      e.preventDefault();
      if (command === "help") return setHelp(true);
      pending.current = pending.current.then(() => run(command)).catch(() => {});
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
  // where the selected row is, for j/k once it has left the list
  useEffect(() => {
    const at = list.data.findIndex((m) => m.id === selected);
    if (at !== -1) keys.current.at = at;
  }, [list, selected]);

  const changed = (m: InboxMessage, key?: MessageAction) => {
    setList((l) => ({
      ...l,
      data: l.data.map((x) => x.id === m.id ? { ...x, ...m, replies: undefined } : x),
    }));
    if (key && MOVES.has(key)) load();
    else if (key) loadCounts();
  };
  // issue 24 item 14: how many, among which tab, then confirm (DrawDialog)
  const drawn = (result: { ids: number[] }) => {
    if (result.ids.length) {
      setSelected(result.ids[0]);
      load();
    }
  };

  return (
    <div class={`inbox ${selected ? "has-selection" : ""} ${compact ? "inbox-compact" : ""}`}>
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
          <label class="switch">
            <input
              type="checkbox"
              role="switch"
              class="inbox-density"
              checked={compact}
              onChange={(e) => {
                const on = e.currentTarget.checked;
                setCompact(on);
                localStorage.setItem(COMPACT_KEY, on ? "1" : "0");
              }}
            />
            <span>{t("studio_delivery.compact")}</span>
          </label>
          {props.can.act && (
            <button
              type="button"
              class="btn btn-secondary btn-sm"
              onClick={() => setDrawing(true)}
            >
              ★ {t("staff_polish.draw.open")}
            </button>
          )}
        </div>
        <button
          type="button"
          class="btn btn-link btn-sm inbox-keys"
          aria-keyshortcuts="?"
          onClick={() => setHelp(true)}
        >
          ⌨ {t("studio_audio.keys_open")}
        </button>
        <PlayoutQueue
          segmentId={props.segmentId}
          queue={queue}
          onQueue={setQueue}
          onOpen={setSelected}
          canAct={props.can.act}
          canDeliver={props.can.deliver}
        />
        <p class="muted inbox-total" aria-live="polite">
          {t("counts.messages", { count: list.total })}
          {counts.unread ? ` · ${t("counts.unread", { count: counts.unread })}` : ""}
        </p>
        {checked.length > 0 && (
          <div class="inbox-bulk" role="group" aria-label={t("studio_delivery.bulk")}>
            <span class="inbox-bulk-count" aria-live="polite">
              {t("studio_delivery.selected", { count: checked.length })}
            </span>
            {(["like", "archive", "trash", "playout"] as const).map((what) => (
              <button
                type="button"
                key={what}
                class="btn btn-secondary btn-sm"
                disabled={bulkBusy}
                onClick={() => bulk(what)}
              >
                {t(`studio_delivery.bulk_${what}`)}
              </button>
            ))}
            <button
              type="button"
              class="btn btn-link btn-sm"
              disabled={bulkBusy}
              onClick={() => setChecked([])}
            >
              {t("studio_delivery.bulk_clear")}
            </button>
          </div>
        )}
        {list.data.length
          ? (
            <ul class="inbox-list">
              {list.data.map((m) => (
                <MessageItem
                  key={m.id}
                  m={m}
                  active={m.id === selected}
                  onOpen={setSelected}
                  checked={checked.includes(m.id)}
                  onCheck={props.can.act ? check : undefined}
                />
              ))}
            </ul>
          )
          : <p class="inbox-empty">{t("participations.no_results")}</p>}
        <Pager page={page} total={list.total} perPage={DEFAULT_PAGE_SIZE} onPage={setPage} />
      </div>
      <div class="inbox-detail-pane">
        {selected && props.can.act && (
          <p class="on-air-row">
            <OnAirButton segmentId={props.segmentId} messageId={selected} />
            <PlayoutButton
              position={queue.find((p) => p.message_id === selected)?.position ?? null}
              onToggle={() => togglePlayout(selected)}
            />
          </p>
        )}
        {selected
          ? (
            <MessageDetail
              key={selected}
              id={selected}
              can={props.can}
              onChanged={changed}
              onClose={() => setSelected(null)}
            />
          )
          : <p class="muted inbox-placeholder">{t("participations.select_message")}</p>}
      </div>
      {help && <KeyboardHelp onClose={() => setHelp(false)} />}
      {drawing && (
        <DrawDialog
          segmentId={props.segmentId}
          onDrawn={drawn}
          onOpen={(id) => (setDrawing(false), setSelected(id))}
          onClose={() => setDrawing(false)}
        />
      )}
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
    <button
      type="button"
      class="btn btn-secondary btn-sm on-air"
      onClick={put}
      aria-pressed={onAir === props.messageId}
    >
      {onAir === props.messageId ? t("live.on_air_done") : t("live.on_air")}
    </button>
  );
}

/** Issue 22: `t`: the selected message in or out of the interaction's playout queue. */
function PlayoutButton(props: { position: number | null; onToggle: () => void }) {
  const { t } = useT();
  return (
    <button
      type="button"
      class={`btn btn-sm playout-toggle ${props.position ? "btn-primary" : "btn-secondary"}`}
      aria-keyshortcuts="T"
      aria-pressed={props.position !== null}
      onClick={props.onToggle}
    >
      {props.position
        ? t("studio_delivery.playout_in", { position: props.position })
        : t("studio_delivery.playout_add")}
    </button>
  );
}

export default island("MessageInbox", MessageInbox, {
  ns: [
    "participations",
    "errors",
    "widget",
    "data_rights",
    "message_privacy",
    "studio_audio",
    "studio_delivery",
    "live",
    "counts",
    "staff_polish",
  ],
});
