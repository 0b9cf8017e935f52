// The moderation queue and the unread badge follow the counts stream: a message sent from the
// widget to an interaction under moderation appears in an open /moderation page, and the badge moves,
// without a reload and well before the 15 s poll.
import assert from "node:assert/strict";
import { browserTest, loginAs } from "./_browser.ts";
import { randomSegment, testDevice } from "../api/_participation.ts";

browserTest(
  "live counts - a new message under moderation appears in the open queue and moves the badge",
  async ({ page, baseUrl, server, consoleErrors }) => {
    await loginAs(page, server, baseUrl, "manager", { welcomeSeen: true });
    const [{ id: channel }] = await server.sql<{ id: number }[]>`
      select channel_id::int as id from users where login = 'manager'`;
    // every message read, so the badge starts empty and shows 1 after the new one
    await server.sql`update messages set read = true where channel_id = ${channel} and not read`;
    const seg = await randomSegment(server.sql, channel, { type: "message", requires_approval: true });
    await page.goto(`${baseUrl}/moderation?lang=en`);
    await page.getByRole("heading", { name: /moderated messages/ }).waitFor();
    await page.locator(".moderation-item").first().waitFor();
    assert.equal(await page.locator(".topbar-badge").count(), 0);
    const text = `Live queue ${crypto.randomUUID().slice(0, 8)}`;
    const started = Date.now();
    const sent = await server.request("/api/v1/interactions", {
      method: "POST",
      json: {
        channel_id: channel,
        segment: seg.id,
        device_id: testDevice(crypto.randomUUID()),
        content: { text },
      },
    });
    assert.equal(sent.status, 200);
    await page.getByText(text).waitFor({ timeout: 5000 });
    await page.locator(".topbar-badge", { hasText: "1" }).waitFor({ timeout: 5000 });
    assert.ok(Date.now() - started < 5000, "pushed, not polled (15 s)");
    assert.deepEqual(consoleErrors, []);
  },
  { bothDatabases: true },
);
