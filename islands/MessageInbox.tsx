// The participations of an interaction (back-office §2 Message list / detail): tabs, search debounced
// 500 ms, pages of 50, auto-refresh (on by default: pushed by the interaction's event stream, else polled
// every 15 s) that reloads only when the total changes; opening a message marks it read. The list pane,
// the detail pane, the keyboard and the live updates each have their own module and share the inbox's
// signals (islands/browser/inbox_state.ts).
import { useEffect, useMemo } from "preact/hooks";
import { island, useT } from "../framework/island.tsx";
import { createInbox, type InboxProps, startInbox } from "./browser/inbox_state.ts";
import { followInboxKeys } from "./browser/inbox_keys.ts";
import { followInboxLive } from "./browser/inbox_live.ts";
import { useSignals } from "./browser/signals.ts";
import { InboxList } from "../components/participations/InboxList.tsx";
import { InboxDetail } from "../components/participations/InboxDetail.tsx";
import { DrawDialog } from "../components/participations/DrawDialog.tsx";
import { KeyboardHelp } from "../components/participations/KeyboardHelp.tsx";

function MessageInbox(props: InboxProps) {
  const { t } = useT();
  const inbox = useMemo(() => createInbox(props, t), []);
  useEffect(() => {
    const stops = [startInbox(inbox), followInboxLive(inbox), followInboxKeys(inbox)];
    return () => stops.forEach((stop) => stop());
  }, []);
  useSignals(inbox.selected, inbox.compact, inbox.help, inbox.drawing);
  const closeDraw = () => (inbox.drawing.value = false);
  return (
    <div
      class={`inbox ${inbox.selected.value ? "has-selection" : ""} ${
        inbox.compact.value ? "inbox-compact" : ""
      }`}
    >
      <InboxList inbox={inbox} />
      <InboxDetail inbox={inbox} />
      {inbox.help.value && <KeyboardHelp onClose={() => (inbox.help.value = false)} />}
      {inbox.drawing.value && (
        <DrawDialog
          segmentId={inbox.segmentId}
          onDrawn={inbox.drawn}
          onOpen={(id) => (closeDraw(), inbox.selected.value = id)}
          onClose={closeDraw}
        />
      )}
    </div>
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
    "winner_draw",
    "lines",
  ],
});
