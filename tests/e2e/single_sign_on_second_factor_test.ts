// A channel that requires two-factor sign-in for everyone, signed in through its OpenID provider (a real
// one, on 127.0.0.1): after the provider, the login page asks to enrol an authenticator app, shows the
// recovery codes, and only then opens the back office. At 375 and 1280 px.
import assert from "node:assert/strict";
import { Secret, TOTP } from "otpauth";
import { assertAccessible, browserTest, loginAs } from "./_browser.ts";
import { startProvider } from "../_oidc.ts";
import { fillProviderForm } from "../_sso_flow.ts";

browserTest(
  "single sign-on - a channel requiring two-factor sign-in asks to enrol one after the provider",
  async ({ page, baseUrl, server, shot, consoleErrors }) => {
    const provider = await startProvider(`${baseUrl}/sso/callback`);
    try {
      await loginAs(page, server, baseUrl, "manager", { welcomeSeen: true });
      const [manager] = await server.sql<{ channel_id: number }[]>`
        select channel_id::int from users where login = 'manager'`;
      await page.goto(`${baseUrl}/channels/${manager.channel_id}/sign-in`);
      await page.waitForSelector('[data-island="SignInSettings"][data-hydrated]');
      await fillProviderForm(page, provider);
      const trust = page.getByLabel("The provider already asks a second factor", { exact: false });
      assert.equal(await trust.isChecked(), false, "the local second factor is asked unless said");
      await page.click("[data-testid=sso-form] button[type=submit]");
      await page.getByText("Single sign-on saved.").waitFor();
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await shot(`settings-${width}`);
      }
      await server.sql`update channels set two_factor_required = 'everyone' where id = ${manager.channel_id}`;

      await page.context().clearCookies();
      await page.goto(`${baseUrl}/login?sso=${manager.channel_id}`);
      provider.signIn({ email: "operator@example.com", email_verified: true });
      await Promise.all([
        page.waitForURL(`${baseUrl}/login`),
        page.getByRole("link", { name: "Sign in with Radio Directory" }).click(),
      ]);
      await page.getByRole("heading", { name: "Two-step verification" }).waitFor();
      const secret = (await page.locator(".totp-secret").textContent())!.trim();
      await assertAccessible(page, "enrolment after single sign-on");
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await shot(`enrol-${width}`);
      }
      await page.fill("#second-step-code", TOTP.generate({ secret: Secret.fromBase32(secret) }));
      await page.getByRole("button", { name: "Verify" }).click();
      await page.getByRole("heading", { name: "Your recovery codes" }).waitFor();
      await Promise.all([
        page.waitForURL(`${baseUrl}/interactions`),
        page.getByRole("button", { name: "Continue" }).click(),
      ]);
      const entries = await server.sql<{ action: string; details: Record<string, string> }[]>`
        select action, details from audit_log where actor_login = 'operator' order by id`;
      assert.deepEqual(entries.map((e) => e.action), ["two_factor_enrolled", "sign_in"]);
      assert.deepEqual(consoleErrors, []);
    } finally {
      await provider.close();
    }
  },
);
