// The list pane of an interaction's inbox (back-office §2 Message list): tabs with their counts, search,
// auto-refresh and density switches, the draw and keyboard help buttons, the playout queue, the bulk bar
// of the ticked rows, the page of messages and its pager. Its state is the inbox's signals
// (islands/browser/inbox_state.ts).
import type { VNode } from "preact";
import { useRef } from "preact/hooks";
import { useT } from "../../framework/island.tsx";
import { DEFAULT_PAGE_SIZE } from "../../lib/rules/constants.ts";
import { batch } from "@preact/signals-core";
import { useSignals } from "../../islands/browser/signals.ts";
import type { BulkAction, Inbox } from "../../islands/browser/inbox_state.ts";
import { MessageItem, Pager, Tabs } from "./MessageList.tsx";
import type { InboxMessage } from "./format.ts";
import { PlayoutQueue } from "./PlayoutQueue.tsx";
import { MEDIA_CHANNELS } from "../../lib/rules/line_kinds.ts";

const BULK_ACTIONS: readonly BulkAction[] = ["like", "archive", "trash", "playout"];

/** What the list shows above its rows: tabs, switches and buttons. */
function Toolbar({ inbox }: { inbox: Inbox }) {
  const { t } = useT();
  useSignals(inbox.tab, inbox.counts, inbox.search, inbox.auto, inbox.compact, inbox.medium);
  return (
    <>
      <Tabs tab={inbox.tab.value} counts={inbox.counts.value} onChange={inbox.showTab} />
      <div class="inbox-toolbar">
        <input
          type="search"
          class="input inbox-search"
          aria-label={t("participations.search")}
          placeholder={t("participations.search_placeholder")}
          value={inbox.search.value}
          onInput={(e) => (inbox.search.value = e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key !== "Escape" || !(e.currentTarget.value || inbox.search.value)) return;
            // a search to clear: empty it and stay in the box for the next one (a second Escape leaves it)
            e.stopPropagation();
            inbox.clearSearch();
          }}
          // the box's own clear button (×) empties it with a "search" event and no input
          onSearch={(e: Event) => !(e.currentTarget as HTMLInputElement).value && inbox.clearSearch()}
        />
        <select
          class="input inbox-medium"
          aria-label={t("lines.medium")}
          value={inbox.medium.value}
          onChange={(e) => batch(() => (inbox.medium.value = e.currentTarget.value, inbox.page.value = 1))}
        >
          <option value="">{t("lines.medium_all")}</option>
          {MEDIA_CHANNELS.map((m) => (
            <option key={m} value={m}>{t(m === "widget" ? "lines.medium_widget" : `lines.kind_${m}`)}</option>
          ))}
        </select>
        <label class="switch">
          <input
            type="checkbox"
            role="switch"
            checked={inbox.auto.value}
            onChange={(e) => (inbox.auto.value = e.currentTarget.checked)}
          />
          <span>{t("participations.auto_refresh")}</span>
        </label>
        <label class="switch">
          <input
            type="checkbox"
            role="switch"
            class="inbox-density"
            checked={inbox.compact.value}
            onChange={(e) => inbox.setCompact(e.currentTarget.checked)}
          />
          <span>{t("studio_delivery.compact")}</span>
        </label>
        {inbox.can.act && (
          <button
            type="button"
            class="btn btn-secondary btn-sm"
            onClick={() => (inbox.drawing.value = true)}
          >
            ★ {t("winner_draw.open")}
          </button>
        )}
      </div>
      <button
        type="button"
        class="btn btn-link btn-sm inbox-keys"
        aria-keyshortcuts="?"
        onClick={() => (inbox.help.value = true)}
      >
        ⌨ {t("studio_audio.keys_open")}
      </button>
    </>
  );
}

/** Like, archive, trash or queue for air every ticked row at once. */
function BulkBar({ inbox }: { inbox: Inbox }) {
  const { t } = useT();
  useSignals(inbox.checked, inbox.bulkBusy);
  if (inbox.checked.value.length === 0) return null;
  const busy = inbox.bulkBusy.value;
  return (
    <div class="inbox-bulk" role="group" aria-label={t("studio_delivery.bulk")}>
      <span class="inbox-bulk-count" aria-live="polite">
        {t("studio_delivery.selected", { count: inbox.checked.value.length })}
      </span>
      {BULK_ACTIONS.map((what) => (
        <button
          type="button"
          key={what}
          class="btn btn-secondary btn-sm"
          disabled={busy}
          onClick={() => inbox.bulk(what)}
        >
          {t(`studio_delivery.bulk_${what}`)}
        </button>
      ))}
      <button
        type="button"
        class="btn btn-link btn-sm"
        disabled={busy}
        onClick={() => (inbox.checked.value = [])}
      >
        {t("studio_delivery.bulk_clear")}
      </button>
    </div>
  );
}

/** A row of the list as last rendered, with what it was rendered from. */
type KeptRow = { m: InboxMessage; active: boolean; checked: boolean; row: VNode };

/**
 * The rows of the list: a row whose message, selection and tick are those of the last render is the same
 * element again, which Preact does not render a second time. The counts, the playout queue or the
 * selection change the list pane while the page loads and at every j/k: one or two rows render then, not
 * fifty (a phone's main thread was held a tenth of a second each time).
 */
function useRows(inbox: Inbox, open: (id: number) => void): VNode[] {
  const kept = useRef(new Map<number, KeptRow>());
  const next = new Map<number, KeptRow>();
  const rows = inbox.list.value.data.map((m) => {
    const active = m.id === inbox.selected.value;
    const checked = inbox.checked.value.includes(m.id);
    const last = kept.current.get(m.id);
    const row = last && last.m === m && last.active === active && last.checked === checked
      ? last.row
      : (
        <MessageItem
          key={m.id}
          m={m}
          active={active}
          onOpen={open}
          checked={checked}
          onCheck={inbox.can.act ? inbox.check : undefined}
        />
      );
    next.set(m.id, { m, active, checked, row });
    return row;
  });
  kept.current = next;
  return rows;
}

/** The list pane of the inbox. */
export function InboxList({ inbox }: { inbox: Inbox }) {
  const { t } = useT();
  useSignals(inbox.queue, inbox.list, inbox.counts, inbox.selected, inbox.checked, inbox.page);
  const list = inbox.list.value;
  const open = (id: number) => (inbox.selected.value = id);
  const rows = useRows(inbox, open);
  return (
    <div class="inbox-list-pane">
      <Toolbar inbox={inbox} />
      <PlayoutQueue
        segmentId={inbox.segmentId}
        queue={inbox.queue.value}
        onQueue={(queue) => (inbox.queue.value = queue)}
        onOpen={open}
        canAct={inbox.can.act}
        canDeliver={inbox.can.deliver}
      />
      <p class="muted inbox-total" aria-live="polite">
        {t("counts.messages", { count: list.total })}
        {inbox.counts.value.unread ? ` · ${t("counts.unread", { count: inbox.counts.value.unread })}` : ""}
      </p>
      <BulkBar inbox={inbox} />
      {list.data.length
        ? <ul class="inbox-list">{rows}</ul>
        : <p class="inbox-empty">{t("participations.no_results")}</p>}
      <Pager
        page={inbox.page.value}
        total={list.total}
        perPage={DEFAULT_PAGE_SIZE}
        onPage={(page) => (inbox.page.value = page)}
      />
    </div>
  );
}
