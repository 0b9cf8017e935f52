// A listener's message is never lost: on a slow phone network (400 kbit/s, 400 ms), through a proxy that
// drops the connection, a voice message and a video sent from both widgets arrive exactly once through a
// 10 s drop during the upload, and while the network is gone the listener reads that the message is saved.
// The longer drops are in network_drop_long_test.ts, a tab closed during a drop in
// network_drop_reopen_test.ts: three files the suite runs side by side.
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
  thanked,
  UPLOAD_STARTS,
  type WidgetKind,
  widgetUrl,
  withProxy,
} from "./_network.ts";

for (const widget of ["single", "channel"] as WidgetKind[]) {
  browserTest(
    `network drop - a 20 s voice message from the ${widget} widget arrives once through a 10 s drop`,
    async ({ browser, baseUrl, server }) => {
      await withProxy(baseUrl, async (proxy) => {
        const s = await openInteraction(server.sql, "audio");
        const tab = await listenerTab(await newDevice(browser), proxy);
        await record(tab.page, widgetUrl(proxy, widget, s), widget, "audio", 20);
        await send(tab.page, widget);
        await seen(proxy, UPLOAD_STARTS);
        const drop = tab.drop(10_000);
        await tab.page.getByText(SAVED_OFFLINE.en).waitFor();
        assert.equal(await tab.page.getByRole("button", { name: "Discard my message" }).isVisible(), true);
        await drop;
        await thanked(tab.page, widget);
        const got = await stored(server.sql, s.id);
        assert.equal(got.count, 1);
        assert.ok(got.bytes[0] <= 100_000, `a 20 s voice message of ${got.bytes[0]} bytes`);
      });
    },
    ON_A_PHONE,
  );

  browserTest(
    `network drop - a video from the ${widget} widget arrives once through a 10 s drop`,
    async ({ browser, baseUrl, server }) => {
      await withProxy(baseUrl, async (proxy) => {
        const s = await openInteraction(server.sql, "video");
        const tab = await listenerTab(await newDevice(browser), proxy);
        await record(tab.page, widgetUrl(proxy, widget, s), widget, "video", 5);
        await send(tab.page, widget);
        await seen(proxy, UPLOAD_STARTS);
        await tab.drop(10_000);
        await thanked(tab.page, widget);
        assert.equal((await stored(server.sql, s.id)).count, 1);
      });
    },
    ON_A_PHONE,
  );
}
