// After too many failed logins, the login page says how long to wait, in the user's
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
      // told once to a screen reader; the visible count goes down
      assert.match(await notice.locator(".sr-only").innerText(), /^Demasiadas tentativas\./);
      assert.match(
        await notice.locator("[data-wait]").innerText(),
        /^Demasiadas tentativas\. Tente novamente dentro de [1-4] segundos?\.$/,
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

for (const width of [375, 1280]) {
  browserTest(
    `profile - log out everywhere ends this and the other sessions, at ${width} px`,
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
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/profile-sessions-${width}.png`, fullPage: true });
      page.once("dialog", (dialog) => dialog.accept());
      await Promise.all([page.waitForURL(/\/login\?logged_out/), button.click()]);
      const [{ live }] = await server.sql<{ live: number }[]>`
    select count(*)::int as live from sessions where user_id = ${operator.id} and kind = 'staff' and revoked_at is null`;
      assert.equal(live, 0);
      await page.goto(`${baseUrl}/interactions`);
      await page.waitForURL(/\/login/);
    },
    { viewport: { width, height: 800 } },
  );
}

browserTest(
  "widget login panel - the wait after failed logins, counted down, at 375 px",
  async ({ page, baseUrl, server }) => {
    const [radio] = await server.sql<{ id: number }[]>`select id from channels order by id limit 1`;
    const [vote] = await server.sql<
      { id: number }[]
    >`select id from segments where title = 'Le tube de l''été'`;
    await server.sql`update segments set registration_required = true where id = ${vote.id}`;
    const [listener] = await server.sql<{ email: string }[]>`
    select email from app_users where not is_anonymous and email is not null order by id limit 1`;
    await page.goto(`${baseUrl}/widgets/channel/${radio.id}/?lang=en&interaction_id=${vote.id}`);
    await page.locator("[data-ready]").waitFor();
    await page.getByRole("link", { name: "Participate" }).first().click();
    await page.getByRole("button", { name: /Nuits blanches/ }).click();
    await page.getByRole("button", { name: "Send" }).click();
    await page.getByRole("button", { name: "Login" }).click();
    await page.getByLabel("Email").fill(listener.email);
    await page.getByRole("button", { name: "Next" }).click();
    const attempt = async (password: string) => {
      await page.getByLabel("Password").fill(password);
      const [res] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith("/api/v1/app_users/login")),
        page.getByRole("button", { name: "Login" }).click(),
      ]);
      return res.status();
    };
    for (let i = 0; i < 5; i++) assert.equal(await attempt(`wrong-${i}-password`), 401);
    await server.sql`update login_failures set blocked_until = now() + interval '4 seconds'
    where key like ${`login:visitor:${listener.email}|%`}`;
    assert.equal(await attempt(DEMO_PASSWORD), 429);
    const wait = page.locator(".cw-alert[data-wait]");
    await wait.waitFor();
    assert.match(
      await wait.locator("[aria-hidden]").innerText(),
      /^Too many attempts\. Try again in [1-4] seconds?\.$/,
    );
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/widget-login-wait-375.png` });
    await wait.waitFor({ state: "detached", timeout: 10_000 });
    assert.equal(await attempt(DEMO_PASSWORD), 200);
  },
  { viewport: { width: 375, height: 740 } },
);

browserTest(
  "login page - what is typed before the page's script has run is kept and logs in",
  async ({ page, baseUrl }) => {
    // a slow network: the scripts arrive only once the user has typed
    let release!: () => void;
    const typed = new Promise<void>((r) => release = r);
    await page.route("**/static/build/**/*.js*", async (route) => {
      await typed;
      await route.continue();
    });
    // (module scripts hold DOMContentLoaded back: wait only for the server-rendered form)
    await page.goto(`${baseUrl}/login?lang=en`, { waitUntil: "commit" });
    await page.waitForSelector("#login-password");
    await page.fill("#login-email", "manager@example.com");
    await page.fill("#login-password", DEMO_PASSWORD);
    assert.equal(await page.locator('[data-island="LoginPanel"][data-hydrated]').count(), 0);
    release();
    await page.waitForSelector('[data-island="LoginPanel"][data-hydrated] form');
    assert.equal(await page.inputValue("#login-email"), "manager@example.com");
    const [res] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/api/v1/auth") && r.request().method() === "POST"),
      page.click('button[type="submit"]'),
    ]);
    assert.equal(res.status(), 200);
    await page.waitForURL((url) => !url.pathname.startsWith("/login"));
  },
);
