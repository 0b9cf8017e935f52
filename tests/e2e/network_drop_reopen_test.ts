// A listener's message is never lost when the tab closes: on a slow phone network behind a proxy that drops
// the connection, a voice message whose tab was closed during a drop is sent once when the listener comes back
// to the same site, still without network at first. Both widgets; the channel widget in French.
import assert from "node:assert/strict";
import { browserTest } from "./_browser.ts";
import {
  listenerTab,
  newDevice,
  ON_A_PHONE,
  openInteraction,
  record,
  SAVED_OFFLINE,
  seen,
  send,
  stored,
  UPLOAD_STARTS,
  type WidgetKind,
  widgetUrl,
  withProxy,
} from "./_network.ts";

const SHOTS = new URL("./screenshots/", import.meta.url).pathname;
/** What a widget asks of the app to send a file. */
const API = [
  "POST /api/v1/upload",
  "POST /api/v1/files",
  "HEAD /api/v1/files",
  "PATCH /api/v1/files",
  "PUT /api/v1/",
];
const THANKS = {
  single: { en: "Participation sent", fr: "Participation envoyée" },
  channel: { en: "Message sent", fr: "Message envoyé" },
};

for (const widget of ["single", "channel"] as WidgetKind[]) {
  browserTest(
    `network drop - the ${widget} widget's tab closed during a drop, opened again, finishes sending once`,
    async ({ browser, baseUrl, server }) => {
      await withProxy(baseUrl, async (proxy) => {
        const s = await openInteraction(server.sql, "audio");
        const device = await newDevice(browser);
        const lang = widget === "single" ? "en" as const : "fr" as const;
        const tab = await listenerTab(device, proxy);
        await record(tab.page, widgetUrl(proxy, widget, s), widget, "audio", 5);
        await send(tab.page, widget);
        await seen(proxy, UPLOAD_STARTS);
        await tab.offline(true);
        await tab.page.getByText(SAVED_OFFLINE.en).waitFor();
        await tab.page.screenshot({ path: `${SHOTS}network-drop--waiting-${widget}-en-375.png` });
        await tab.page.close();
        // the listener comes back on the same site (the channel widget in French) while the network still
        // fails: the widget says the message is saved, then sends it once the network is back
        const again = await listenerTab(device, proxy);
        const release = proxy.block(API);
        await again.page.goto(widgetUrl(proxy, widget, s, lang));
        await again.page.getByText(SAVED_OFFLINE[lang]).waitFor({ timeout: 60_000 });
        await again.page.screenshot({ path: `${SHOTS}network-drop--waiting-${widget}-${lang}-375.png` });
        release();
        await again.page.getByText(THANKS[widget][lang]).first().waitFor({ timeout: 120_000 });
        assert.equal((await stored(server.sql, s.id)).count, 1);
        const left = await again.page.evaluate(() => localStorage.getItem("interaction-manager.outbox"));
        assert.equal(left, null, "nothing is left waiting once sent");
      });
    },
    ON_A_PHONE,
  );
}
