// A listener's message is never lost: on a slow phone network (400 kbit/s, 400 ms), through a proxy that
// drops the connection, a voice message and a video sent from both widgets arrive exactly once through a
// 10 s drop during the upload, a 60 s drop, a drop during the final PUT, a lost final answer, and a tab
// closed during a drop then opened again. While the network is gone the listener reads, in their language,
// that the message is saved. The 20 s voice message is the 10 s drop's; the other cases record 5 s (the
// drop does the same to a shorter upload, and the suite stays short).
import assert from "node:assert/strict";
import { browserTest } from "./_browser.ts";
import {
  behindProxy,
  FAKE_MEDIA,
  listenerTab,
  newDevice,
  openInteraction,
  proxyFor,
  record,
  seen,
  send,
  stored,
  thanked,
  UPLOAD_STARTS,
  type WidgetKind,
  widgetUrl,
} from "./_network.ts";

// A phone behind the proxy.
const ON_A_PHONE = { chromiumArgs: FAKE_MEDIA, viewport: { width: 375, height: 740 }, env: behindProxy };

const WAITING = {
  en: "No network: your message is saved and will be sent as soon as you are back online",
  fr: "Pas de réseau : votre message est enregistré et sera envoyé dès que vous serez de nouveau connecté",
};

for (const widget of ["single", "channel"] as WidgetKind[]) {
  browserTest(
    `network drop - a 20 s voice message from the ${widget} widget arrives once through a 10 s drop`,
    async ({ browser, baseUrl, server }) => {
      const proxy = proxyFor(baseUrl);
      try {
        const s = await openInteraction(server.sql, "audio");
        const tab = await listenerTab(await newDevice(browser), proxy);
        await record(tab.page, widgetUrl(proxy, widget, s), widget, "audio", 20);
        await send(tab.page, widget);
        await seen(proxy, UPLOAD_STARTS);
        const drop = tab.drop(10_000);
        await tab.page.getByText(WAITING.en).waitFor();
        assert.equal(await tab.page.getByRole("button", { name: "Discard my message" }).isVisible(), true);
        await drop;
        await thanked(tab.page, widget);
        const got = await stored(server.sql, s.id);
        assert.equal(got.count, 1);
        assert.ok(got.bytes[0] <= 100_000, `a 20 s voice message of ${got.bytes[0]} bytes`);
      } finally {
        await proxy.close();
      }
    },
    ON_A_PHONE,
  );

  browserTest(
    `network drop - a video from the ${widget} widget arrives once through a 10 s drop`,
    async ({ browser, baseUrl, server }) => {
      const proxy = proxyFor(baseUrl);
      try {
        const s = await openInteraction(server.sql, "video");
        const tab = await listenerTab(await newDevice(browser), proxy);
        await record(tab.page, widgetUrl(proxy, widget, s), widget, "video", 5);
        await send(tab.page, widget);
        await seen(proxy, UPLOAD_STARTS);
        await tab.drop(10_000);
        await thanked(tab.page, widget);
        assert.equal((await stored(server.sql, s.id)).count, 1);
      } finally {
        await proxy.close();
      }
    },
    ON_A_PHONE,
  );
}

browserTest(
  "network drop - a voice message arrives once through a 60 s drop, a drop at the final PUT, a lost answer",
  async ({ browser, baseUrl, server }) => {
    const proxy = proxyFor(baseUrl);
    try {
      // 60 s without network during the upload (the channel widget): the retries wait, the online event resumes
      const long = await openInteraction(server.sql, "audio");
      const a = await listenerTab(await newDevice(browser), proxy);
      await record(a.page, widgetUrl(proxy, "channel", long), "channel", "audio", 5);
      await send(a.page, "channel");
      await seen(proxy, UPLOAD_STARTS);
      await a.drop(60_000);
      await thanked(a.page, "channel");
      assert.equal((await stored(server.sql, long.id)).count, 1);

      // the network drops as the final PUT leaves (single widget): the app never sees it, it is sent again
      const put = await openInteraction(server.sql, "audio");
      const b = await listenerTab(await newDevice(browser), proxy);
      await record(b.page, widgetUrl(proxy, "single", put), "single", "audio", 5);
      const cut = proxy.cutRequest({ startsWith: "PUT /api/v1/interactions", lose: "request" });
      await send(b.page, "single");
      await cut;
      await b.drop(5_000);
      await thanked(b.page, "single");
      assert.equal((await stored(server.sql, put.id)).count, 1);

      // the app stores it and the answer is lost (channel widget): sent again with its key, the same one
      const lost = await openInteraction(server.sql, "audio");
      const c = await listenerTab(await newDevice(browser), proxy);
      await record(c.page, widgetUrl(proxy, "channel", lost), "channel", "audio", 5);
      const answer = proxy.cutRequest({ startsWith: "PUT /api/v1/interactions", lose: "response" });
      const before = proxy.seen("PUT /api/v1/interactions");
      await send(c.page, "channel");
      await answer;
      await thanked(c.page, "channel");
      assert.ok(proxy.seen("PUT /api/v1/interactions") - before >= 2, "the final PUT was sent again");
      assert.equal((await stored(server.sql, lost.id)).count, 1);
    } finally {
      await proxy.close();
    }
  },
  ON_A_PHONE,
);

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
      const proxy = proxyFor(baseUrl);
      try {
        const s = await openInteraction(server.sql, "audio");
        const device = await newDevice(browser);
        const lang = widget === "single" ? "en" as const : "fr" as const;
        const tab = await listenerTab(device, proxy);
        await record(tab.page, widgetUrl(proxy, widget, s), widget, "audio", 5);
        await send(tab.page, widget);
        await seen(proxy, UPLOAD_STARTS);
        await tab.offline(true);
        await tab.page.getByText(WAITING.en).waitFor();
        await tab.page.screenshot({ path: `${SHOTS}network-drop--waiting-${widget}-en-375.png` });
        await tab.page.close();
        // the listener comes back on the same site (the channel widget in French) while the network still
        // fails: the widget says the message is saved, then sends it once the network is back
        const again = await listenerTab(device, proxy);
        const release = proxy.block(API);
        await again.page.goto(widgetUrl(proxy, widget, s, lang));
        await again.page.getByText(WAITING[lang]).waitFor({ timeout: 60_000 });
        await again.page.screenshot({ path: `${SHOTS}network-drop--waiting-${widget}-${lang}-375.png` });
        release();
        await again.page.getByText(THANKS[widget][lang]).first().waitFor({ timeout: 120_000 });
        assert.equal((await stored(server.sql, s.id)).count, 1);
        const left = await again.page.evaluate(() => localStorage.getItem("interaction-manager.outbox"));
        assert.equal(left, null, "nothing is left waiting once sent");
      } finally {
        await proxy.close();
      }
    },
    ON_A_PHONE,
  );
}
