// Turning one's own second factor off from the profile, as a person sees it: the button asks a code (here one
// of the recovery codes just shown), then the profile says it is off. In two languages, at 375 and 1280 px.
import assert from "node:assert/strict";
import { Secret, TOTP } from "otpauth";
import { assertAccessible, browserTest, loginAs } from "./_browser.ts";

const TEXTS = {
  en: {
    start: "Set up two-factor sign-in",
    off: "Turn off two-factor sign-in",
    done: /^Off: your password alone/,
  },
  fr: {
    start: "Activer la connexion en deux étapes",
    off: "Désactiver la connexion en deux étapes",
    done: /^Désactivée/,
  },
} as const;

for (const lang of ["en", "fr"] as const) {
  browserTest(`two-factor turn-off - from one's own profile, confirmed by a code (${lang})`, async (
    { page, baseUrl, server, shot, consoleErrors },
  ) => {
    const texts = TEXTS[lang];
    await loginAs(page, server, baseUrl, "operator", { welcomeSeen: true });
    const [me] = await server.sql<{ id: number }[]>`
      update users set language = ${lang} where login = 'operator' returning id::int`;
    await page.goto(`${baseUrl}/users/${me.id}`);
    const section = page.locator("#sec-two-factor").locator("..");
    await page.waitForSelector('[data-island="TwoFactorProfile"][data-hydrated]');
    await section.getByRole("button", { name: texts.start }).click();
    const secret = await section.locator(".totp-secret").innerText();
    await page.fill("#two-factor-code", new TOTP({ secret: Secret.fromBase32(secret) }).generate());
    await section.locator("form button[type=submit]").click();
    await section.locator(".recovery-codes li").nth(9).waitFor();
    const recovery = await section.locator(".recovery-codes li").first().innerText();

    await section.getByRole("button", { name: texts.off }).click();
    await page.locator("#two-factor-off-code").waitFor();
    await assertAccessible(page, "turning two-factor sign-in off");
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.locator("#two-factor-off-code").scrollIntoViewIfNeeded();
      await shot(`turn-off-${width}`);
    }
    await page.fill("#two-factor-off-code", "000000");
    await section.locator("form.two-factor-turn-off button[type=submit]").click();
    await section.getByRole("alert").waitFor();
    assert.equal(
      await page.inputValue("#two-factor-off-code"),
      "",
      "a refused code is cleared for the next try",
    );
    assert.equal(consoleErrors.length, 1, "the refused code only");
    consoleErrors.length = 0;
    await page.fill("#two-factor-off-code", recovery.trim());
    await section.locator("form.two-factor-turn-off button[type=submit]").click();
    await section.getByText(texts.done).waitFor();
    const [entry] = await server
      .sql`select actor_login from audit_log where action = 'two_factor_turned_off'`;
    assert.equal(entry.actor_login, "operator");
    await page.setViewportSize({ width: 375, height: 800 });
    await shot("turned-off-375");
    assert.deepEqual(consoleErrors, []);
  });
}
