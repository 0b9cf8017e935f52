// The inbox's keyboard (back-office §2, help on `?`): the row in focus follows j/k, the other keys click the
// selected message's own buttons or drive its player. Keys run one after the other, in the order pressed:
// one that acts on the selected message waits for that message's own detail to be loaded and idle (a
// previous action still running, a list refreshed by a push), so no key is lost and none lands on the
// message it replaces.
import { INBOX_KEY_WAIT_MS } from "../../lib/rules/constants.ts";
import { type InboxCommand, inboxCommand } from "../../lib/rules/inbox_keys.ts";
import type { Inbox } from "./inbox_state.ts";
import { whenFound } from "./wait.ts";

/** Seconds a seek key moves the player. */
const SEEK_S = 5;

/** Listens to the page's keys for `inbox`; returns what stops listening. */
export function followInboxKeys(inbox: Inbox): () => void {
  const focusRow = (id: number) =>
    requestAnimationFrame(() =>
      document.querySelector<HTMLButtonElement>(`[data-message-id="${id}"] .inbox-item-button`)?.focus()
    );
  const move = (step: number) => {
    const list = inbox.list.peek();
    const was = inbox.marks.at;
    const at = list.data.findIndex((m) => m.id === inbox.selected.peek());
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
    inbox.selected.value = next.id;
    focusRow(next.id);
  };
  /** The loaded detail of the selected message (null after INBOX_KEY_WAIT_MS or once another is selected). */
  const detail = (id: number | null) =>
    id === null ? Promise.resolve(null) : whenFound(
      () =>
        inbox.selected.peek() !== id
          ? false
          : document.querySelector<HTMLElement>(`.inbox-detail[aria-labelledby="message-${id}"]`),
      INBOX_KEY_WAIT_MS,
    )
      .then((el) => el || null);
  const run = async (command: Exclude<InboxCommand, "help" | "close">) => {
    if (command === "next") return move(1);
    if (command === "previous") return move(-1);
    if (command === "search") return document.querySelector<HTMLInputElement>(".inbox-search")?.focus();
    const id = inbox.selected.peek();
    const shown = await detail(id);
    if (!shown) return;
    if (command === "reply") {
      return shown.querySelector<HTMLTextAreaElement>('[data-shortcut="r"]')?.focus();
    }
    if (command === "playout") return inbox.can.act ? await inbox.togglePlayout(id!) : undefined;
    const media = shown.querySelector<HTMLMediaElement>("audio, video");
    if (command === "play") {
      return media && (media.paused ? void media.play().catch(() => {}) : media.pause());
    }
    if (command === "seek_back" || command === "seek_forward") {
      if (media) {
        media.currentTime = Math.max(0, media.currentTime + (command === "seek_back" ? -SEEK_S : SEEK_S));
      }
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
    if (!button || inbox.selected.peek() !== id) return;
    button.click();
    // archived or trashed, the message leaves the tab: triage goes on with the next one
    if (command.action === "e" || command.action === "#") move(1);
  };
  let pending: Promise<unknown> = Promise.resolve();
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
    if (inbox.help.peek()) {
      if (command === "close" || command === "help") (e.preventDefault(), inbox.help.value = false);
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
    if (command === "help") return void (inbox.help.value = true);
    pending = pending.then(() => run(command)).catch(() => {});
  };
  document.addEventListener("keydown", onKey);
  return () => document.removeEventListener("keydown", onKey);
}
