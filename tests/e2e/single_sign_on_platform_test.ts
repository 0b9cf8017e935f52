// The platform's single sign-on as people see it: the super administrator opens "Platform single sign-on"
// from the side menu, sets the platform's OpenID provider (no password switch there, and the form says that
// no account is created), then a channel's operator finds "Sign in with …" on the login page without typing
// anything, signs in at the provider (a real one, on 127.0.0.1) and lands in the back office with their own
// role. At 375 and 1280 px, axe-checked.
import assert from "node:assert/strict";
import { assertAccessible, browserTest, loginAs, settled } from "./_browser.ts";
import { startProvider } from "../_oidc.ts";

browserTest(
  "platform single sign-on - set by the super administrator, then a staff member signs in with it",
  async ({ page, baseUrl, server, shot, consoleErrors }) => {
    const provider = await startProvider(`${baseUrl}/sso/callback`);
    try {
      await loginAs(page, server, baseUrl, "admin", { welcomeSeen: true });
      await page.goto(`${baseUrl}/channels`);
      await page.getByRole("link", { name: "Platform single sign-on" }).click();
      await page.waitForURL(`${baseUrl}/platform/sign-in`);
      await page.waitForSelector('[data-island="SignInSettings"][data-hydrated]');
      assert.equal(await page.locator("#sso-administrator_groups").count(), 0, "no channel roles here");
      assert.equal(await page.getByText("Turn off password sign-in").count(), 0, "a channel's setting");
      await page.getByText("No account is created at a first sign-in").waitFor();
      await page.fill("#sso-display_name", "Group Directory");
      await page.fill("#sso-issuer", provider.issuer);
      await page.fill("#sso-client_id", provider.clientId);
      await page.fill("#sso-client_secret", provider.clientSecret);
      await page.fill("#sso-email_domains", "example.com");
      await page.getByLabel("Groups of super administrators").fill("Platform team");
      await page.click("[data-testid=sso-form] button[type=submit]");
      await page.getByText("Single sign-on saved.").waitFor();
      assert.equal(await page.inputValue("#sso-client_secret"), "", "the secret is never shown back");
      await page.getByText("A secret is stored, sealed. Leave empty to keep it.").waitFor();
      await assertAccessible(page, "platform sign-in settings");
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await settled(page);
        await shot(`settings-${width}`);
      }
      const [saved] = await server.sql`select display_name, super_administrator_groups from platform_sso`;
      assert.deepEqual({ ...saved }, {
        display_name: "Group Directory",
        super_administrator_groups: ["Platform team"],
      });

      // a channel's operator, on the login page: the platform's sign-in is offered from the start
      await page.context().clearCookies();
      await page.goto(`${baseUrl}/login?lang=en`);
      await page.waitForSelector('[data-island="LoginPanel"][data-hydrated] form');
      const button = page.getByRole("link", { name: "Sign in with Group Directory" });
      await button.waitFor();
      await page.fill("#login-email", "operator@example.com");
      // the address is looked up when the field is left (its domain is the platform's): still its sign-in
      await Promise.all([
        page.waitForResponse((r) => r.url().includes("/api/v1/auth/sso?email=")),
        page.press("#login-email", "Tab"),
      ]);
      assert.equal(await button.count(), 1);
      await assertAccessible(page, "login with the platform's single sign-on");
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await settled(page);
        await shot(`login-${width}`);
      }
      provider.signIn({ email: "operator@example.com", email_verified: true, groups: ["Studio"] });
      await Promise.all([page.waitForURL(`${baseUrl}/interactions`), button.click()]);
      const [operator] = await server.sql`select role from users where login = 'operator'`;
      assert.equal(operator.role, "operator", "outside the platform's groups: their own role");
      const [entry] = await server.sql`select action, actor_login, details from audit_log
        where action = 'sign_in' order by id desc limit 1`;
      assert.deepEqual({ ...entry }, {
        action: "sign_in",
        actor_login: "operator",
        details: { method: "sso" },
      });
      await shot("signed-in-1280");
      assert.deepEqual(consoleErrors, []);
    } finally {
      await provider.close();
    }
  },
);
