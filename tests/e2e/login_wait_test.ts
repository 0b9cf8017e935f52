// Issue 18: after too many failed logins, the login page says how long to wait, in the user's
// language, counts down, and lets the user in once the wait is over. Also: "log out everywhere".
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { browserTest, DEMO_PASSWORD, loginAs } from "./_browser.ts";

const SHOTS = Deno.env.get("SESSIONS_SHOTS"); // a folder for review screenshots, when set

async function submit(page: Page, password: string) {
  await page.fill("#login-password", password);
  const [res] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/api/v1/auth") && r.request().method() === "POST"),
    page.click('button[type="submit"]'),
  ]);
  return res;
}

for (const width of [375, 1280]) {
  browserTest(
    `login page - the wait after failed logins, in Portuguese, at ${width} px`,
    async ({ page, baseUrl, server }) => {
      await page.goto(`${baseUrl}/login?lang=pt&email=manager%40example.com`);
      await page.waitForSelector('[data-island="LoginPanel"][data-hydrated] form');
      for (let i = 0; i < 5; i++) {
        const res = await submit(page, `Wrong-${i}!`);
        assert.equal(res.status(), 401);
      }
      // as if the attacks had gone on: this (e-mail, address) pair now waits 4 s
      await server.sql`update login_failures set blocked_until = now() + interval '4 seconds'
      where key like 'login:staff:manager@example.com|%'`;
      const blocked = await submit(page, DEMO_PASSWORD);
      assert.equal(blocked.status(), 429);
      assert.match(blocked.headers()["retry-after"], /^[1-4]$/);
      const notice = page.locator(".notice-error");
      await notice.waitFor();
      assert.match(
        await notice.innerText(),
        /^Demasiadas tentativas\. Tente novamente dentro de [1-4] segundos\.$/,
      );
      assert.ok(await page.locator('button[type="submit"]').isDisabled(), "no submit while waiting");
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/login-wait-${width}.png` });
      // the count goes down, then the notice goes and the button comes back
      await notice.waitFor({ state: "detached", timeout: 10_000 });
      await page.waitForSelector('button[type="submit"]:not([disabled])');
      const ok = await submit(page, DEMO_PASSWORD);
      assert.equal(ok.status(), 200);
    },
    { viewport: { width, height: 800 } },
  );
}

browserTest(
  "profile - log out everywhere ends this and the other sessions",
  async ({ page, baseUrl, server }) => {
    await loginAs(page, server, baseUrl, "operator", { welcomeSeen: true });
    const [operator] = await server.sql<{ id: number }[]>`select id from users where login = 'operator'`;
    const other = await server.request("/api/v1/users/current", {
      token: (await (await server.request("/api/v1/auth", {
        method: "POST",
        json: { email: "operator@example.com", password: DEMO_PASSWORD },
      })).json()).access_token,
    });
    assert.equal(other.status, 200);
    await other.body?.cancel();
    await page.goto(`${baseUrl}/users/${operator.id}`);
    await page.waitForSelector('[data-island="UserProfile"][data-hydrated]');
    const button = page.getByTestId("logout-everywhere");
    await button.scrollIntoViewIfNeeded();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/profile-sessions-1280.png`, fullPage: true });
    page.once("dialog", (dialog) => dialog.accept());
    await Promise.all([page.waitForURL(/\/login\?logged_out/), button.click()]);
    const [{ live }] = await server.sql<{ live: number }[]>`
    select count(*)::int as live from sessions where user_id = ${operator.id} and kind = 'staff' and revoked_at is null`;
    assert.equal(live, 0);
    await page.goto(`${baseUrl}/interactions`);
    await page.waitForURL(/\/login/);
  },
);
