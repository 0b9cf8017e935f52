// Single sign-on as people see it: an administrator sets the channel's OpenID provider on its sign-in page;
// a staff member types an address of the channel's domain on the login page, is offered "Sign in with …",
// signs in at the provider (a real one, on 127.0.0.1) and lands in the back office. At 375 and 1280 px, in
// two languages.
import assert from "node:assert/strict";
import { assertAccessible, browserTest, loginAs } from "./_browser.ts";
import { startProvider } from "../_oidc.ts";
import { fillProviderForm } from "../_sso_flow.ts";

const TEXTS = {
  en: {
    saved: "Single sign-on saved.",
    button: "Sign in with Radio Directory",
    retentionSaved: "Retention saved.",
  },
  fr: {
    saved: "Authentification unique enregistrée.",
    button: "Se connecter avec Radio Directory",
    retentionSaved: "Durée de conservation enregistrée.",
  },
} as const;

for (const lang of ["en", "fr"] as const) {
  browserTest(
    `single sign-on - set by the administrator, then offered on the login page (${lang})`,
    async ({ page, baseUrl, server, shot, consoleErrors }) => {
      const texts = TEXTS[lang];
      const provider = await startProvider(`${baseUrl}/sso/callback`);
      try {
        await loginAs(page, server, baseUrl, "manager", { welcomeSeen: true });
        const [manager] = await server.sql<{ channel_id: number }[]>`
          update users set language = ${lang} where login = 'manager' returning channel_id::int`;
        await page.goto(`${baseUrl}/channels/${manager.channel_id}/sign-in`);
        await fillProviderForm(page, provider);
        await page.click("[data-testid=sso-form] button[type=submit]");
        await page.getByText(texts.saved).waitFor();
        assert.equal(await page.inputValue("#sso-client_secret"), "", "the secret is never shown back");
        // the audit log's retention, a form of its own on the same page: a month count out of range is
        // held by the field itself (1 to 120) and sends nothing
        await page.fill("#audit-retention", "130");
        await page.click("[data-testid=retention-form] button[type=submit]");
        assert.ok(
          await page.$eval("#audit-retention", (el) => (el as HTMLInputElement).validity.rangeOverflow),
        );
        await page.fill("#audit-retention", "36");
        await page.click("[data-testid=retention-form] button[type=submit]");
        await page.getByText(texts.retentionSaved).waitFor();
        const [kept] = await server.sql<{ months: number }[]>`
          select audit_retention_months as months from channels where id = ${manager.channel_id}`;
        assert.equal(kept.months, 36);
        await assertAccessible(page, "sign-in settings");
        for (const width of [375, 1280]) {
          await page.setViewportSize({ width, height: 800 });
          await shot(`settings-${width}`);
        }

        await page.context().clearCookies();
        await page.goto(`${baseUrl}/login?lang=${lang}`);
        // the address is looked up when the field is left, by the page's script: type once it runs
        await page.waitForSelector('[data-island="LoginPanel"][data-hydrated] form');
        await page.fill("#login-email", "operator@example.com");
        await page.press("#login-email", "Tab");
        const button = page.getByRole("link", { name: texts.button });
        await button.waitFor();
        await assertAccessible(page, "login with single sign-on");
        for (const width of [375, 1280]) {
          await page.setViewportSize({ width, height: 800 });
          await shot(`login-${width}`);
        }
        provider.signIn({ email: "operator@example.com", email_verified: true });
        await Promise.all([page.waitForURL(`${baseUrl}/interactions`), button.click()]);
        const [entry] = await server.sql`select action, actor_login, details from audit_log
          where action = 'sign_in' order by id desc limit 1`;
        assert.deepEqual({ ...entry }, {
          action: "sign_in",
          actor_login: "operator",
          details: { method: "sso" },
        });
        assert.deepEqual(consoleErrors, []);
      } finally {
        await provider.close();
      }
    },
  );
}
