// Two-factor sign-in as a person sees it: enrolment from the profile (QR code, key, recovery codes), then
// the second step after the password, with a wrong code refused and a right one signing in; in two
// languages, at 375 and 1280 px.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { Secret, TOTP } from "otpauth";
import { assertAccessible, browserTest, DEMO_PASSWORD, loginAs } from "./_browser.ts";

const TEXTS = {
  en: {
    start: "Set up two-factor sign-in",
    title: "Two-step verification",
    wrong: /^This code is not right/,
  },
  fr: {
    start: "Activer la connexion en deux étapes",
    title: "Vérification en deux étapes",
    wrong: /^Ce code n'est pas le bon/,
  },
} as const;

async function bothWidths(page: Page, shot: (label: string) => Promise<void>, label: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await shot(`${label}-${width}`);
  }
}

for (const lang of ["en", "fr"] as const) {
  browserTest(`two-factor - enrolment from the profile, then the second step at sign-in (${lang})`, async (
    { page, baseUrl, server, shot, consoleErrors },
  ) => {
    const texts = TEXTS[lang];
    await loginAs(page, server, baseUrl, "manager", { welcomeSeen: true });
    const [manager] = await server.sql<{ id: number }[]>`
      update users set language = ${lang} where login = 'manager' returning id::int`;
    await page.goto(`${baseUrl}/users/${manager.id}`);
    const section = page.locator("#sec-two-factor").locator("..");
    await page.waitForSelector('[data-island="TwoFactorProfile"][data-hydrated]');
    await section.getByRole("button", { name: texts.start }).click();
    await section.locator("svg.totp-qr").waitFor();
    const secret = await section.locator(".totp-secret").innerText();
    assert.match(secret, /^[A-Z2-7]{32}$/);
    await assertAccessible(page, "enrolment");
    await bothWidths(page, shot, "enrol");

    const totp = new TOTP({ secret: Secret.fromBase32(secret) });
    await page.fill("#two-factor-code", totp.generate());
    await section.locator("form button[type=submit]").click();
    await section.locator(".recovery-codes li").nth(9).waitFor();
    assert.equal(await section.locator(".recovery-codes li").count(), 10);
    await bothWidths(page, shot, "recovery-codes");

    await page.context().clearCookies();
    await page.goto(`${baseUrl}/login?lang=${lang}&email=manager%40example.com`);
    await page.waitForSelector('[data-island="LoginPanel"][data-hydrated] form');
    await page.fill("#login-password", DEMO_PASSWORD);
    await page.click('button[type="submit"]');
    await page.getByRole("heading", { name: texts.title }).waitFor();
    assert.equal((await page.context().cookies()).length, 0, "no session before the second step");
    await page.fill("#second-step-code", "000000");
    await page.click('button[type="submit"]');
    const alert = page.getByRole("alert");
    await alert.waitFor();
    assert.match(await alert.innerText(), texts.wrong);
    assert.equal(
      await page.inputValue("#second-step-code"),
      "",
      "a refused code is cleared for the next try",
    );
    await assertAccessible(page, "second step");
    await bothWidths(page, shot, "second-step");

    // the enrolment used this step's code: the phone's next one (one step ahead) is accepted
    await page.fill("#second-step-code", totp.generate({ timestamp: Date.now() + 30_000 }));
    await Promise.all([
      page.waitForURL((url) => url.pathname !== "/login"),
      page.click('button[type="submit"]'),
    ]);
    assert.ok((await page.context().cookies()).some((c) => c.name === "im_session"));
    assert.deepEqual(consoleErrors.filter((e) => !/401/.test(e)), []);
  });
}
