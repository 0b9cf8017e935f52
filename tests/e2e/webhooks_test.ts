// The webhook screen of a channel (issue 21) in a browser: add an endpoint (a local receiver, allowed by
// WEBHOOK_ALLOWED_HOSTS), see its secret once, send a test and see it delivered in the log, at 1280 and
// 375 px. Screenshots go to SHOTS_DIR when set (looked at by hand, not kept in the repository).
import assert from "node:assert/strict";
import { browserTest, loginAs } from "./_browser.ts";

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
      await page.getByLabel("Address (https)").fill(receiverUrl);
      await page.getByRole("checkbox", { name: /Vote counted/ }).check();
      await page.getByRole("button", { name: "Add the webhook" }).click();
      const secret = page.getByTestId("webhook-secret");
      await secret.waitFor();
      assert.match(await secret.locator("code").innerText(), /^whsec_[0-9a-f]{64}$/);
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
      // the secret is gone once the page is reloaded
      await page.reload();
      await page.getByTestId("webhook").waitFor();
      assert.equal(await page.getByTestId("webhook-secret").count(), 0);
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
