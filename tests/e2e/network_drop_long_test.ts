// A listener's message is never lost, through the longer and the worse drops of a phone network (400 kbit/s,
// 400 ms, behind a proxy that drops the connection): a 60 s drop during the upload, a drop as the final PUT
// leaves, and an answer lost after the app stored the message. Each arrives exactly once. A 5 s recording is
// enough: the drop does to it what it does to a longer one.
import assert from "node:assert/strict";
import { browserTest } from "./_browser.ts";
import {
  listenerTab,
  newDevice,
  ON_A_PHONE,
  openInteraction,
  record,
  seen,
  send,
  stored,
  thanked,
  UPLOAD_STARTS,
  widgetUrl,
  withProxy,
} from "./_network.ts";

browserTest(
  "network drop - a voice message from the channel widget arrives once through a 60 s drop",
  async ({ browser, baseUrl, server }) => {
    await withProxy(baseUrl, async (proxy) => {
      // the retries wait, the online event resumes
      const s = await openInteraction(server.sql, "audio");
      const tab = await listenerTab(await newDevice(browser), proxy);
      await record(tab.page, widgetUrl(proxy, "channel", s), "channel", "audio", 5);
      await send(tab.page, "channel");
      await seen(proxy, UPLOAD_STARTS);
      await tab.drop(60_000);
      await thanked(tab.page, "channel");
      assert.equal((await stored(server.sql, s.id)).count, 1);
    });
  },
  ON_A_PHONE,
);

browserTest(
  "network drop - a voice message from the single widget arrives once when the network drops as the final PUT leaves",
  async ({ browser, baseUrl, server }) => {
    await withProxy(baseUrl, async (proxy) => {
      // the app never sees that PUT: it is sent again
      const s = await openInteraction(server.sql, "audio");
      const tab = await listenerTab(await newDevice(browser), proxy);
      await record(tab.page, widgetUrl(proxy, "single", s), "single", "audio", 5);
      const cut = proxy.cutRequest({ startsWith: "PUT /api/v1/interactions", lose: "request" });
      await send(tab.page, "single");
      await cut;
      await tab.drop(5_000);
      await thanked(tab.page, "single");
      assert.equal((await stored(server.sql, s.id)).count, 1);
    });
  },
  ON_A_PHONE,
);

browserTest(
  "network drop - a voice message from the channel widget is stored once when the app's answer is lost",
  async ({ browser, baseUrl, server }) => {
    await withProxy(baseUrl, async (proxy) => {
      // the app stores it and the answer is lost: sent again with its key, it is the same message
      const s = await openInteraction(server.sql, "audio");
      const tab = await listenerTab(await newDevice(browser), proxy);
      await record(tab.page, widgetUrl(proxy, "channel", s), "channel", "audio", 5);
      const answer = proxy.cutRequest({ startsWith: "PUT /api/v1/interactions", lose: "response" });
      const before = proxy.seen("PUT /api/v1/interactions");
      await send(tab.page, "channel");
      await answer;
      await thanked(tab.page, "channel");
      assert.ok(proxy.seen("PUT /api/v1/interactions") - before >= 2, "the final PUT was sent again");
      assert.equal((await stored(server.sql, s.id)).count, 1);
    });
  },
  ON_A_PHONE,
);
