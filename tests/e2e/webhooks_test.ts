// The webhook screen of a channel in a browser: add an endpoint (a local receiver, allowed by
// WEBHOOK_ALLOWED_HOSTS), see its secret once, send a test and see it delivered in the log, at 1280 and
// 375 px. Screenshots go to SHOTS_DIR when set (looked at by hand, not kept in the repository).
import assert from "node:assert/strict";
import { assertAccessible, browserTest, loginAs } from "./_browser.ts";
import { insertDelivery, recordAttempt } from "../../db/webhooks.ts";
import { openSession } from "../../lib/platform/sessions.ts";

const SHOTS_DIR = Deno.env.get("SHOTS_DIR");
let fail = 1; // the first test event gets a 500 (then it is retried), the others a 200
const receiver = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (req) => {
  await req.text();
  return new Response("ok", { status: fail-- > 0 ? 500 : 200 });
});
const receiverUrl = `http://127.0.0.1:${receiver.addr.port}/hooks`;

browserTest(
  "webhooks screen - add an endpoint, its secret once, a test delivered after a retry, send again",
  async ({ page, baseUrl, server, consoleErrors }) => {
    try {
      await loginAs(page, server, baseUrl, "manager", { welcomeSeen: true });
      const [{ id }] = await server.sql<
        { id: number }[]
      >`select id::int as id from channels order by id limit 1`;
      await page.goto(`${baseUrl}/channels/${id}`);
      await page.getByRole("link", { name: "Webhooks" }).click();
      await page.waitForURL(`**/channels/${id}/webhooks`);
      await page.getByText("No webhook yet.").waitFor();
      // a channel's settings pages share their frame: the heading names the channel, with the way back to it
      assert.equal(
        await page.getByRole("link", { name: "Back to the channel" }).getAttribute("href"),
        `/channels/${id}`,
      );
      // the form's script must be running before typing, or what was typed is not in what it sends
      await page.waitForSelector('[data-island="WebhooksPanel"][data-hydrated]');
      await page.getByLabel("Address (https)").fill(receiverUrl);
      await page.getByRole("checkbox", { name: /Vote counted/ }).check();
      await page.getByRole("button", { name: "Add the webhook" }).click();
      const secret = page.getByTestId("webhook-secret");
      await secret.waitFor();
      // a Standard Webhooks secret: whsec_ and 24 random bytes in base64
      const first = await secret.locator("code").innerText();
      assert.match(first, /^whsec_[A-Za-z0-9+/]{32}$/);
      await page.getByRole("button", { name: "Send a test" }).click();
      // the first try gets a 500, the retry (1 s later) a 200
      await page.getByTestId("delivery").filter({ hasText: "Delivered" }).waitFor({ timeout: 20_000 });
      const row = await page.getByTestId("delivery").first().innerText();
      assert.match(row, /Test/);
      assert.match(row, /200/);
      if (SHOTS_DIR) {
        await Deno.mkdir(SHOTS_DIR, { recursive: true });
        await page.screenshot({ path: `${SHOTS_DIR}/webhooks-1280.png`, fullPage: true });
        await page.setViewportSize({ width: 375, height: 800 });
        await page.reload(); // as a phone opens it (the menu drawer closed)
        await page.getByTestId("delivery").first().waitFor();
        await page.screenshot({ path: `${SHOTS_DIR}/webhooks-375.png`, fullPage: true });
        await page.setViewportSize({ width: 1280, height: 800 });
      }
      await page.getByRole("button", { name: "Send again" }).first().click();
      await page.waitForFunction(() =>
        document.querySelector('[data-testid="delivery"]')?.textContent?.includes("Delivered") &&
        document.querySelector('[data-testid="delivery"] td:nth-child(3)')?.textContent === "1"
      );
      // a new secret, asked after a confirmation: shown once, with until when the previous one signs beside it
      page.once("dialog", (dialog) => dialog.accept());
      await page.getByRole("button", { name: "New signing secret" }).click();
      const rotated = page.getByTestId("webhook-rotated");
      await rotated.waitFor();
      const second = await rotated.locator("code").innerText();
      assert.match(second, /^whsec_[A-Za-z0-9+/]{32}$/);
      assert.notEqual(second, first);
      assert.match(
        await rotated.innerText(),
        /The previous secret keeps signing beside the new one until \d\d\/\d\d/,
      );
      const [hook] = await server.sql<{ secret: string; previous_secret: string; hours: number }[]>`
        select secret, previous_secret, extract(epoch from previous_secret_until - now()) / 3600 as hours
        from webhooks order by id desc limit 1`;
      assert.deepEqual([hook.secret, hook.previous_secret], [second, first]);
      assert.ok(Math.abs(Number(hook.hours) - 24) < 0.1, String(hook.hours));
      if (SHOTS_DIR) {
        await page.screenshot({ path: `${SHOTS_DIR}/webhooks-rotated-1280.png`, fullPage: true });
        await page.setViewportSize({ width: 375, height: 800 });
        // the endpoint's card alone: the page is not reloaded (the secret would be gone)
        await page.getByTestId("webhook").first().screenshot({
          path: `${SHOTS_DIR}/webhooks-rotated-375.png`,
        });
        assert.ok(
          await page.evaluate(() => document.documentElement.scrollWidth <= 375),
          "the new secret wraps within a phone's width",
        );
        await page.setViewportSize({ width: 1280, height: 800 });
      }
      // the secret is gone once the page is reloaded
      await page.reload();
      await page.getByTestId("webhook").waitFor();
      assert.equal(await page.getByTestId("webhook-secret").count(), 0);
      assert.equal(await page.getByTestId("webhook-rotated").count(), 0);
      assert.deepEqual(consoleErrors, []);
    } finally {
      await receiver.shutdown();
    }
  },
  {
    jobs: true,
    env: () => ({ WEBHOOK_ALLOWED_HOSTS: "127.0.0.1", WEBHOOK_RETRY_BASE_SECONDS: "1" }),
  },
);

browserTest(
  "webhooks screen - a try refused for a private address is said in the staff's language, at 375 and 1280 px",
  async ({ page, baseUrl, server, shot, consoleErrors }) => {
    await loginAs(page, server, baseUrl, "manager", { welcomeSeen: true });
    const [manager] = await server.sql<{ id: number; channel_id: number }[]>`
      update users set language = 'fr' where login = 'manager' returning id::int as id, channel_id::int as channel_id`;
    const token = await openSession(server.sql, server.deps.jwtSecret, manager.id, "staff");
    const created = await server.request(`/api/v1/channels/${manager.channel_id}/webhooks`, {
      method: "POST",
      token,
      json: { url: "http://127.0.0.1:9/hooks", events: ["participation.created"] },
    });
    assert.equal(created.status, 201);
    const hook = await created.json();
    // what lib/webhooks/send.ts records when the name resolves to a private address at the try
    // (tests/security/webhook_rebinding_test.ts makes it happen through a DNS server of its own)
    const deliveryId = await insertDelivery(server.sql, {
      webhookId: hook.id,
      event: "participation.created",
      payload: {},
    });
    await recordAttempt(server.sql, deliveryId, {
      statusCode: null,
      durationMs: 3,
      error: "webhook_address_refused 127.0.0.1",
      status: "pending",
      nextAttemptAt: new Date(Date.now() + 90_000),
    });
    const refused =
      "Refusé : ce nom mène maintenant à une adresse privée ou locale (127.0.0.1). Rien n'a été envoyé.";
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`${baseUrl}/channels/${manager.channel_id}/webhooks`);
      const row = page.getByTestId("delivery").first();
      await row.getByText(refused).waitFor();
      assert.equal(await row.getByText("webhook_address_refused").count(), 0);
      await shot(`refused-fr-${width}`);
      await assertAccessible(page, `the delivery log at ${width}`);
    }
    assert.deepEqual(consoleErrors, []);
  },
  { env: () => ({ WEBHOOK_ALLOWED_HOSTS: "127.0.0.1" }) },
);
