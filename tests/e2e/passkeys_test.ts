// Passkeys as a person uses them, in Chromium with its DevTools virtual authenticator: added from one's
// profile (the first factor shows the ten recovery codes), then answered at the second step of sign-in
// instead of a code; in two languages, at 375 and 1280 px.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { assertAccessible, browserTest, DEMO_PASSWORD } from "./_browser.ts";
import { openSession } from "../../lib/platform/sessions.ts";

const TEXTS = {
  en: {
    add: "Add a passkey",
    use: "Use a passkey",
    title: "Two-step verification",
    count: "Passkeys: 1.",
    on: /^On: your passkey is asked/,
  },
  fr: {
    add: "Ajouter une clé d'accès",
    use: "Utiliser une clé d'accès",
    title: "Vérification en deux étapes",
    count: "Clés d'accès : 1.",
    on: /^Activée : votre clé d'accès est demandée/,
  },
} as const;

async function bothWidths(page: Page, shot: (label: string) => Promise<void>, label: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await shot(`${label}-${width}`);
  }
}

for (const lang of ["en", "fr"] as const) {
  browserTest(`passkeys - added from the profile, then used at the second step of sign-in (${lang})`, async (
    { page, baseUrl, server, shot, consoleErrors },
  ) => {
    const texts = TEXTS[lang];
    // a passkey belongs to a host name, never to an IP address: the pages are opened as localhost, which
    // PUBLIC_URL (the relying party) names too
    const origin = baseUrl.replace("127.0.0.1", "localhost");
    server.deps.config.PUBLIC_URL = origin;
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: {
        protocol: "ctap2",
        transport: "internal",
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    const [manager] = await server.sql<{ id: number }[]>`
      update users set language = ${lang} where login = 'manager' returning id::int`;
    await server.sql`insert into help_item_seen (user_id, help_item_key) values (${manager.id}, 'welcome')
      on conflict do nothing`;
    const token = await openSession(server.deps.sql, server.deps.jwtSecret, manager.id, "staff");
    await page.context().addCookies([{ name: "im_session", value: token, url: origin }]);

    await page.goto(`${origin}/users/${manager.id}`);
    const section = page.locator("#sec-two-factor").locator("..");
    await page.waitForSelector('[data-island="TwoFactorProfile"][data-hydrated]');
    await section.getByRole("button", { name: texts.add }).click();
    await section.locator(".recovery-codes li").nth(9).waitFor();
    assert.equal(await section.locator(".recovery-codes li").count(), 10, "a first factor's recovery codes");
    await section.getByText(texts.count).waitFor();
    await section.getByText(texts.on).waitFor();
    const [stored] = await server.sql<{ n: number }[]>`
      select count(*)::int as n from staff_passkeys where user_id = ${manager.id}`;
    assert.equal(stored.n, 1);
    await assertAccessible(page, "passkey added");
    await bothWidths(page, shot, "profile-passkey");

    await page.context().clearCookies();
    await page.goto(`${origin}/login?lang=${lang}&email=manager%40example.com`);
    await page.waitForSelector('[data-island="LoginPanel"][data-hydrated] form');
    await page.fill("#login-password", DEMO_PASSWORD);
    await page.click('button[type="submit"]');
    await page.getByRole("heading", { name: texts.title }).waitFor();
    assert.equal((await page.context().cookies()).length, 0, "no session before the second step");
    await assertAccessible(page, "second step with a passkey");
    await bothWidths(page, shot, "second-step-passkey");
    await Promise.all([
      page.waitForURL((url) => url.pathname !== "/login"),
      page.getByRole("button", { name: texts.use }).click(),
    ]);
    assert.ok((await page.context().cookies()).some((c) => c.name === "im_session"));
    const entries = await server.sql<{ action: string; details: Record<string, unknown> }[]>`
      select action, details from audit_log where actor_id = ${manager.id} order by id`;
    assert.deepEqual(entries.map((e) => [e.action, e.details.method]), [
      ["two_factor_enrolled", "passkey"],
      ["sign_in", "passkey"],
    ]);
    assert.deepEqual(consoleErrors, []);
  });
}
