// The inbox's auto-refresh (back-office §2, on by default): the interaction's event stream says when a
// participation arrives; without a stream, the counts are polled every MESSAGE_LIST_REFRESH_MS. Either
// way the list reloads only when the total of its tab changes.
import { effect } from "@preact/signals-core";
import { MESSAGE_LIST_REFRESH_MS } from "../../lib/rules/constants.ts";
import type { Inbox } from "./inbox_state.ts";
import { followLive } from "./live.ts";

/** Follows the interaction while the inbox's auto-refresh is on; returns what stops following. */
export function followInboxLive(inbox: Inbox): () => void {
  return effect(() => {
    if (!inbox.auto.value) return;
    const refresh = async () => {
      const fresh = await inbox.loadCounts();
      if (fresh && fresh[inbox.tab.peek()] !== inbox.list.peek().total) inbox.load();
    };
    let seen: number | null = null;
    return followLive<{ counts: { messages: number } }>({
      url: `/api/v1/show_segments/${inbox.segmentId}/live`,
      event: "results",
      onData: (data) => {
        // the first event too: a participation may have arrived between the page's render and the stream
        if (data.counts.messages !== seen) refresh();
        seen = data.counts.messages;
      },
      poll: refresh,
      pollMs: MESSAGE_LIST_REFRESH_MS,
    });
  });
}
