// The state of an interaction's inbox (back-office §2 Message list / detail) as signals, read by its list
// pane, its detail pane, its keyboard and its live updates alike, with the requests that change it: the
// page of messages of a tab and search, the tab counts, the selected message, the playout queue and the
// rows ticked for a bulk action. islands/MessageInbox.tsx creates one per inbox.
import { batch, effect } from "@preact/signals-core";
import { signal } from "./signals.ts";
import { api } from "./http.ts";
import { showToast } from "./toast.ts";
import { DEFAULT_PAGE_SIZE, SEARCH_DEBOUNCE_MS } from "../../lib/rules/constants.ts";
import type { InboxFilter, MessageAction } from "../../lib/rules/inbox.ts";
import type { TFunction } from "../../lib/rules/i18n.ts";
import type { InboxMessage } from "../../components/participations/format.ts";
import type { Abilities } from "../../components/participations/MessageDetail.tsx";
import type { PlayoutItem } from "../../components/participations/PlayoutQueue.tsx";

export type Counts = Partial<Record<InboxFilter | "unread", number>>;
export type InboxPage = { data: InboxMessage[]; total: number };
export type BulkAction = "like" | "archive" | "trash" | "playout";

/** What the page renders the inbox with. */
export type InboxProps = {
  segmentId: number;
  initial: InboxPage;
  counts: Counts;
  can: Abilities;
  /** The message opened first (?message= of an assistant's quote). */
  selectedId?: number | null;
};

/** Moves that change which tab a message belongs to: the list reloads after them. */
const MOVES = new Set<MessageAction>(["archive", "restore", "trash", "unlike", "unwinner"]);

/** Where the compact density is kept (this browser only). */
const COMPACT_KEY = "im.inbox.compact";

export type Inbox = ReturnType<typeof createInbox>;

/** The inbox's signals and the requests that change them. */
export function createInbox(props: InboxProps, t: TFunction) {
  const s = {
    segmentId: props.segmentId,
    can: props.can,
    tab: signal<InboxFilter>("all"),
    /** What is typed in the search box; `query`, what the list shows, follows it once typing pauses. */
    search: signal(""),
    query: signal(""),
    /** The medium the list is narrowed to (widget, whatsapp, sms, voice), or "" for all. */
    medium: signal(""),
    page: signal(1),
    list: signal<InboxPage>(props.initial),
    counts: signal<Counts>(props.counts),
    auto: signal(true),
    selected: signal<number | null>(props.selectedId ?? null),
    drawing: signal(false),
    help: signal(false),
    /** The interaction's playout queue (`t` marks the selected message for air). */
    queue: signal<PlayoutItem[]>([]),
    /** Compact rows, kept in this browser. */
    compact: signal(false),
    /** Rows ticked for a bulk action. */
    checked: signal<number[]>([]),
    bulkBusy: signal(false),
    /**
     * The last row ticked (where a Shift range starts), and where the selected row last was in the list
     * (for j/k once it has left the list): read when needed, never shown.
     */
    marks: { lastChecked: null as number | null, at: -1 },
  };

  const params = (q: string) =>
    `segment_id=${s.segmentId}${q ? `&search_text=${encodeURIComponent(q)}` : ""}` +
    (s.medium.peek() ? `&medium=${s.medium.peek()}` : "");
  const loadCounts = async () => {
    const res = await api<Counts>("GET", `/api/v1/interaction/counts?${params(s.query.peek())}`);
    if (res.ok) s.counts.value = res.data;
    return res.ok ? res.data : null;
  };
  const load = async () => {
    // the tab counts come in the same answer: a search is asked once, not once more for the counts
    const url = `/api/v1/channel-interactions?${params(s.query.peek())}&filter=${s.tab.peek()}` +
      `&page=${s.page.peek()}&per_page=${DEFAULT_PAGE_SIZE}&with_counts=1`;
    const res = await api<{ data: InboxMessage[]; pagination: { total: number }; counts: Counts }>(
      "GET",
      url,
    );
    if (!res.ok) return;
    batch(() => {
      s.list.value = { data: res.data.data, total: res.data.pagination.total };
      s.counts.value = res.data.counts;
    });
  };
  const togglePlayout = async (id: number) => {
    const queued = !s.queue.peek().some((p) => p.message_id === id);
    const res = await api<{ queue: PlayoutItem[] }>("PUT", `/api/v1/interaction/${id}/playout`, { queued });
    if (!res.ok) return showToast(t("participations.error"), { kind: "error" });
    s.queue.value = res.data.queue;
  };

  return {
    ...s,
    load,
    loadCounts,
    togglePlayout,
    showTab(next: InboxFilter) {
      batch(() => (s.tab.value = next, s.page.value = 1));
    },
    /**
     * Empties the search box and, at once, the filter it set: Escape (or the box's own clear button) empties
     * the field without an input event, and the list and tab counts go back to every message.
     */
    clearSearch() {
      batch(() => (s.search.value = "", s.query.value = "", s.page.value = 1));
    },
    setCompact(on: boolean) {
      s.compact.value = on;
      localStorage.setItem(COMPACT_KEY, on ? "1" : "0");
    },
    /** Ticks or unticks a row, or with `range` every row from the last one ticked. */
    check(id: number, on: boolean, range: boolean) {
      const ids = s.list.peek().data.map((m) => m.id);
      const from = s.marks.lastChecked === null ? -1 : ids.indexOf(s.marks.lastChecked);
      const to = ids.indexOf(id);
      const span = range && from !== -1 ? ids.slice(Math.min(from, to), Math.max(from, to) + 1) : [id];
      const c = s.checked.peek();
      s.checked.value = on ? [...new Set([...c, ...span])] : c.filter((x) => !span.includes(x));
      s.marks.lastChecked = id;
    },
    async bulk(what: BulkAction) {
      s.bulkBusy.value = true;
      // in list order, so the playout queue takes them in the order shown
      const checked = s.checked.peek();
      const ids = s.list.peek().data.map((m) => m.id).filter((id) => checked.includes(id));
      for (const id of ids) {
        if (what === "playout") {
          const res = await api<{ queue: PlayoutItem[] }>("PUT", `/api/v1/interaction/${id}/playout`, {
            queued: true,
          });
          if (res.ok) s.queue.value = res.data.queue;
        } else await api("POST", `/api/v1/interaction/${id}/action`, { key: what });
      }
      batch(() => (s.bulkBusy.value = false, s.checked.value = []));
      showToast(t("studio_delivery.bulk_done"), { kind: "success" });
      await load();
    },
    /** A message changed in its detail: its row shows it, and a move reloads the list (else the counts). */
    changed(m: InboxMessage, key?: MessageAction) {
      const l = s.list.peek();
      // opened unread: the list's "N unread" goes down with the header's badge
      const read = l.data.some((x) => x.id === m.id && !x.read) && m.read;
      s.list.value = {
        ...l,
        data: l.data.map((x) => x.id === m.id ? { ...x, ...m, replies: undefined } : x),
      };
      if (key && MOVES.has(key)) load();
      else if (key || read) loadCounts();
    },
    /** Winners drawn (how many, among which tab, then confirmed in DrawDialog): the first one opens. */
    drawn(result: { ids: number[] }) {
      if (!result.ids.length) return;
      s.selected.value = result.ids[0];
      load();
    },
  };
}

/**
 * Starts what the inbox does by itself once shown: the playout queue and the density are read, the list
 * reloads when its tab, search or page changes, and the search follows what is typed once it pauses
 * (SEARCH_DEBOUNCE_MS). Returns what stops it.
 */
export function startInbox(inbox: Inbox): () => void {
  api<PlayoutItem[]>("GET", `/api/v1/show_segments/${inbox.segmentId}/playout`).then((res) =>
    res.ok && (inbox.queue.value = res.data)
  );
  inbox.compact.value = localStorage.getItem(COMPACT_KEY) === "1";
  let first = true;
  const stops = [
    effect(() => {
      // read for the subscription: the first run is the page as rendered
      void [inbox.tab.value, inbox.query.value, inbox.page.value, inbox.medium.value];
      if (first) return void (first = false);
      inbox.load();
    }),
    effect(() => {
      const search = inbox.search.value;
      const timer = setTimeout(
        () => batch(() => (inbox.query.value = search.trim(), inbox.page.value = 1)),
        SEARCH_DEBOUNCE_MS,
      );
      return () => clearTimeout(timer);
    }),
    effect(() => {
      const at = inbox.list.value.data.findIndex((m) => m.id === inbox.selected.value);
      if (at !== -1) inbox.marks.at = at;
    }),
  ];
  return () => stops.forEach((stop) => stop());
}
