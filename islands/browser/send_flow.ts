/// <reference lib="dom" />
// The send/thanks flow both visitor widgets share (visitor-widget §4 flows, §7 sending): the origin of
// a participation, sending its content (a file by tus, else POST interactions with task polling), the
// sending screen's progress, the error, the participation sent, and the vote results after thanks.
// Its state is signals: the widget and its sending, thanks and results screens read the same ones.
import { SEND_SCREEN_DELAY_MS, TASK_POLL_MS, THANKS_TO_RESULTS_MS } from "../../lib/rules/constants.ts";
import type * as client from "./participation_client.ts";
import type { SendFlow, WidgetContent, WidgetKind } from "./send_state.ts";
import type { Outgoing } from "./outbox.ts";

/** The content of a message saved in the browser, as the flow sends it. */
export const savedContent = (m: Outgoing): WidgetContent => ({
  kind: "file",
  blob: m.file.blob,
  extension: m.file.extension,
  media: m.file.kind,
  name: m.file.name,
});

// the sending code is fetched with the screens after the first tap, not with the widget's first screen
const participationClient = () => import("./participation_client.ts");

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A recording's sending gets ready while it is recorded (its upload slot, the device id, the tus client):
 * on a phone network, Send then costs the upload and the final request only.
 */
export function prepareRecording(kind: "audio" | "video", extension: string): void {
  participationClient().then((c) => c.prepareFile(kind, extension), () => {});
}

/**
 * Sends the content (a file by tus, else POST interactions and its task). On failure `error` holds
 * the server's message or `failText`; on success `sent` and any vote results are set, unless `update`
 * (a testimonial added to the participation already sent: `sent` stays). The single widget's sending
 * screen shows for at least SEND_SCREEN_DELAY_MS (§9).
 */
export async function sendParticipation(
  flow: SendFlow,
  widget: WidgetKind,
  c: WidgetContent,
  origin: client.SendOrigin,
  options: {
    onlyUserData: boolean;
    update: boolean;
    updateId: number | null;
    failText: string;
    /** A message saved in the browser earlier, whose sending is finished now. */
    saved?: Outgoing;
  },
): Promise<client.SendResult & { discarded?: boolean }> {
  const started = Date.now();
  flow.percent.value = c.kind === "file" ? 0 : null;
  const onProgress = (percent: number) => flow.percent.value = percent;
  const sender = await participationClient();
  const stop = new AbortController();
  if (c.kind === "file") flow.discard.value = () => stop.abort();
  const result = c.kind === "file"
    ? await sender.sendFile(
      origin,
      { blob: c.blob, extension: c.extension, kind: c.media, name: c.name },
      onProgress,
      options.updateId,
      { onWaiting: (on) => flow.waiting.value = on, signal: stop.signal, saved: options.saved },
    ).finally(() => {
      flow.waiting.value = false;
      flow.discard.value = null;
    })
    : await sender.sendContent(
      origin,
      c.kind === "choices" ? { choice_ids: c.ids } : c.kind === "text" ? { text: c.text } : {},
      options.onlyUserData,
      TASK_POLL_MS[widget],
    );
  if (widget === "single") await sleep(Math.max(0, SEND_SCREEN_DELAY_MS - (Date.now() - started)));
  if (!result.ok) {
    if (!("discarded" in result && result.discarded)) flow.error.value = result.message ?? options.failText;
    return result;
  }
  if (!options.update) {
    flow.sent.value = { already: result.alreadyReceived, id: result.id, shareToken: result.shareToken };
  }
  if (result.results) flow.results.value = result.results;
  return result;
}

/**
 * The vote results fetched again THANKS_TO_RESULTS_MS after thanks (§4), then `then` runs. The
 * channel widget keeps the rows it has when the call fails; the single widget shows none.
 */
export function resultsAfterThanks(flow: SendFlow, widget: WidgetKind, segmentId: number, then?: () => void) {
  setTimeout(async () => {
    const rows = await (await participationClient()).fetchResults(segmentId);
    if (rows || widget === "single") flow.results.value = rows;
    then?.();
  }, THANKS_TO_RESULTS_MS[widget]);
}
