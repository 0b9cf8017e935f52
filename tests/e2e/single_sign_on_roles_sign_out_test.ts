// The provider's groups and signing out, as people see them: an administrator maps the provider's groups to
// roles on the channel's sign-in page (a wrong claim name is said under its field); a member of the studio's
// group signs in through the provider (a real one, on 127.0.0.1), then "Log out" takes the browser through
// the provider's sign-out and back to the login page, which says once that they are logged out. At 375 and 1280 px, in two languages.
import assert from "node:assert/strict";
import { assertAccessible, browserTest, loginAs } from "./_browser.ts";
import { startProvider } from "../_oidc.ts";
import { fillProviderForm } from "../_sso_flow.ts";

const TEXTS = {
  en: {
    saved: "Single sign-on saved.",
    claimError: "Enter the claim's name without spaces, such as groups.",
    logout: "Log out",
  },
  fr: {
    saved: "Authentification unique enregistrée.",
    claimError: "Saisissez le nom de la revendication sans espace, par exemple groups.",
    logout: "Se déconnecter",
  },
} as const;

for (const lang of ["en", "fr"] as const) {
  browserTest(
    `single sign-on - roles from the provider's groups, then signing out at the provider (${lang})`,
    async ({ page, baseUrl, server, shot, consoleErrors }) => {
      const texts = TEXTS[lang];
      const provider = await startProvider(`${baseUrl}/sso/callback`);
      try {
        await loginAs(page, server, baseUrl, "manager", { welcomeSeen: true });
        const [manager] = await server.sql<{ channel_id: number }[]>`
          update users set language = ${lang} where login = 'manager' returning channel_id::int`;
        const [operatorId] = await server.sql<{ id: number }[]>`
          update users set language = ${lang} where login = 'operator' returning id::int`;
        // the welcome is for a first visit; this one is about signing out
        await server
          .sql`insert into help_item_seen (user_id, help_item_key) values (${operatorId.id}, 'welcome')
          on conflict do nothing`;
        await page.goto(`${baseUrl}/channels/${manager.channel_id}/sign-in`);
        await page.waitForSelector('[data-island="SignInSettings"][data-hydrated]');
        await fillProviderForm(page, provider);
        assert.equal(await page.inputValue("#sso-role_claim"), "groups", "the usual claim is proposed");
        await page.fill("#sso-role_claim", "my groups");
        await page.fill("#sso-administrator_groups", "IM Admins");
        await page.fill("#sso-operator_groups", "IM Studio\nIM Newsroom");
        await page.click("[data-testid=sso-form] button[type=submit]");
        const error = page.locator("#sso-role_claim-error");
        await error.waitFor();
        assert.equal(await error.innerText(), texts.claimError);
        assert.equal(await page.getAttribute("#sso-role_claim", "aria-invalid"), "true");
        await assertAccessible(page, "group roles with an error");
        for (const width of [375, 1280]) {
          await page.setViewportSize({ width, height: 800 });
          await page.locator(".sso-roles").scrollIntoViewIfNeeded();
          await shot(`roles-error-${width}`);
        }
        await page.fill("#sso-role_claim", "groups");
        await page.click("[data-testid=sso-form] button[type=submit]");
        await page.getByText(texts.saved).waitFor();
        assert.equal(await error.count(), 0);
        await page.reload();
        assert.equal(await page.inputValue("#sso-operator_groups"), "IM Studio\nIM Newsroom");
        assert.deepEqual(consoleErrors, [
          "Failed to load resource: the server responded with a status of 400 (Bad Request)",
        ], "the refused form only");
        consoleErrors.length = 0;

        // a member of the studio's group signs in through the provider, then signs out
        await page.setViewportSize({ width: 1280, height: 800 });
        await page.context().clearCookies();
        await server.sql`update users set role = 'administrator' where login = 'operator'`;
        provider.signIn({ email: "operator@example.com", email_verified: true, groups: ["IM Studio"] });
        await Promise.all([
          page.waitForURL(`${baseUrl}/interactions`),
          page.goto(`${baseUrl}/sso/start?channel=${manager.channel_id}`),
        ]);
        const [operator] = await server.sql`select role from users where login = 'operator'`;
        assert.equal(operator.role, "operator", "the studio's group makes an operator");
        assert.deepEqual(consoleErrors, []);
        await page.getByRole("button", { name: texts.logout }).click();
        const confirm = page.locator('button[name="logout"][value="yes"]');
        await confirm.waitFor();
        assert.ok(page.url().startsWith(provider.issuer), "at the provider's sign-out");
        await Promise.all([page.waitForURL(`${baseUrl}/login`), confirm.click()]);
        // the provider's own page loads its fonts from the Internet: what it logs is not this app's
        const back = consoleErrors.length;
        await page.waitForSelector('[data-island="LoginPanel"][data-hydrated] form');
        // signed out, the person is no longer known: the page speaks the browser's language (English here)
        const notice = page.getByRole("status").filter({ hasText: "You are logged out." });
        assert.equal(await notice.count(), 1, "the same notice as a sign-out here");
        const me = await page.request.get(`${baseUrl}/api/v1/users/current`);
        assert.equal(me.status(), 401, "signed out here too");
        await shot("after-sign-out-1280");
        assert.deepEqual(consoleErrors.slice(back), []);
        await page.reload();
        await page.waitForSelector('[data-island="LoginPanel"][data-hydrated] form');
        assert.equal(await notice.count(), 0, "said once: a reload no longer says it");
      } finally {
        await provider.close();
      }
    },
  );
}
