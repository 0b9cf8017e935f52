// An interaction that requires registration, reached by its share link or QR code (the single widget):
// the first screen says an account is needed before any form, the channel widget's login panel opens
// right there (log in, register, forgot password), and what the listener prepared is sent once logged in.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { assertAccessible, browserTest, DEMO_PASSWORD, settled } from "./_browser.ts";
import type { TestApp } from "../_helpers.ts";
import en from "../../locales/en.json" with { type: "json" };
import fr from "../../locales/fr.json" with { type: "json" };

/** The demo's draw ("Tirage au sort"): registration required, four fields, the data consent. */
async function demoDraw(server: TestApp) {
  const [row] = await server.sql<{ id: number; channel_id: number; uuid: string }[]>`
    select id::int as id, channel_id::int as channel_id, uuid::text as uuid from segments
    where title like 'Tirage au sort%' and registration_required`;
  return row;
}

/** The participations of an app user in a segment. */
async function participations(server: TestApp, segmentId: number, appUserId: number) {
  return await server.sql<
    { only_user_data: boolean; consent_gdpr: boolean; extra: Record<string, string> }[]
  >`
    select only_user_data, consent_gdpr, extra_user_information as extra from messages
    where segment_id = ${segmentId} and author_app_user_id = ${appUserId}`;
}

async function fillForm(page: Page, values: Record<string, string>) {
  for (const [field, value] of Object.entries(values)) {
    await page.locator(`.w-field input[name="${field}"]`).fill(value);
  }
}

async function loginShot(page: Page, shot: (label: string) => Promise<void>, label: string) {
  await page.locator(".cw-panel .cw-login-main").waitFor();
  await settled(page);
  await shot(label);
}

browserTest(
  "widget registration - from the draw's share link: the notice first, register at Send, sent exactly once",
  async ({ page, baseUrl, server, shot, consoleErrors }) => {
    const draw = await demoDraw(server);
    await page.goto(`${baseUrl}/s/${draw.uuid}?lang=en`);
    assert.equal(new URL(page.url()).pathname, `/widgets/${draw.channel_id}/${draw.id}/`);
    await page.waitForSelector('[data-island="SingleWidget"] .w-screen[data-ready] .w-init');

    // said on the first screen, before the form: an account is needed, and the way to one
    await page.getByText(en.widget.account_needed).waitFor();
    await page.getByRole("button", { name: en.widget.account_login }).waitFor();
    assert.equal(await page.locator(".w-field").count(), 0);
    await settled(page);
    await shot("notice-en-375");

    // the form and the consent, prepared before any account
    await page.getByRole("button", { name: en.widget.participate, exact: true }).click();
    const form = { first_name: "Lou", name: "Martin", phone: "+33 6 12 34 56 78", email: "lou@example.org" };
    await fillForm(page, form);
    await page.getByRole("button", { name: en.widget.send }).click();
    await page.locator('input[name="consent_gdpr"]').check();
    await page.getByRole("button", { name: en.widget.send }).click();

    // Send opens the login panel over the consent, which stays ticked beneath it
    await page.getByText(en.channel_widget.login.required).waitFor();
    assert.equal(await page.locator("#cw-login-title").textContent(), en.channel_widget.login.log_in);
    assert.equal(await page.getByRole("button", { name: en.channel_widget.login.send_anonymous }).count(), 0);
    assert.equal(await page.locator('input[name="consent_gdpr"]').isChecked(), true);
    await loginShot(page, shot, "login-en-375");
    await assertAccessible(page, "the login panel of the single widget");

    // forgot password is on the way to log in; then register instead
    await page.getByRole("button", { name: en.channel_widget.login.login }).click();
    await page.getByLabel(en.channel_widget.login.email).fill("nobody@example.org");
    await page.getByRole("button", { name: en.channel_widget.login.next }).click();
    await page.getByRole("button", { name: en.channel_widget.login.forgot }).waitFor();
    for (const _ of [1, 2]) {
      await page.getByRole("button", { name: en.channel_widget.back, exact: true }).click();
    }
    await page.getByRole("button", { name: en.channel_widget.login.register }).click();
    await page.getByLabel(en.channel_widget.login.email).fill("lou.draw@example.org");
    await page.getByLabel(en.channel_widget.login.password).fill("long-enough-1");
    await page.waitForFunction(() =>
      !document.querySelector<HTMLButtonElement>(".cw-form .cw-btn")?.disabled
    );
    await page.getByRole("button", { name: en.channel_widget.login.next }).click();
    await page.getByLabel(en.channel_widget.login.nickname).fill("LouDraw");
    await page.getByLabel(en.channel_widget.login.phone).fill("+33 6 12 34 56 78");
    await page.waitForFunction(() =>
      !document.querySelector<HTMLButtonElement>(".cw-form .cw-btn")?.disabled
    );
    await page.getByRole("button", { name: en.channel_widget.login.register }).click();

    // the panel closes and what was prepared is sent, once
    await page.getByText(en.widget.participation_sent).waitFor({ timeout: 20_000 });
    assert.equal(await page.locator(".cw-panel").count(), 0);
    const [user] = await server.sql<{ id: number }[]>`
      select id::int as id from app_users where email = 'lou.draw@example.org'`;
    const sent = await participations(server, draw.id, user.id);
    assert.equal(sent.length, 1);
    assert.equal(sent[0].only_user_data, true);
    assert.equal(sent[0].consent_gdpr, true);
    assert.deepEqual(sent[0].extra, form);
    assert.deepEqual(consoleErrors, []);
  },
  { viewport: { width: 375, height: 740 } },
);

browserTest(
  "widget registration - log in from the notice in French, then the form is sent exactly once",
  async ({ page, baseUrl, server, shot, consoleErrors }) => {
    const draw = await demoDraw(server);
    const [listener] = await server.sql<{ id: number; email: string; nickname: string }[]>`
      select id::int as id, email, nickname from app_users a
      where email is not null and not is_anonymous and password_hash is not null
        and not exists (select 1 from messages m where m.segment_id = ${draw.id} and m.author_app_user_id = a.id)
      order by id limit 1`;
    await page.goto(`${baseUrl}/widgets/${draw.channel_id}/${draw.id}/?lang=fr`);
    await page.waitForSelector('[data-island="SingleWidget"] .w-screen[data-ready] .w-init');
    await page.getByText(fr.widget.account_needed).waitFor();

    await page.getByRole("button", { name: fr.widget.account_login }).click();
    await page.getByText(fr.channel_widget.login.required).waitFor();
    await loginShot(page, shot, "login-fr-375");
    await page.getByRole("button", { name: fr.channel_widget.login.login }).click();
    await page.getByLabel(fr.channel_widget.login.email).fill(listener.email);
    await page.getByRole("button", { name: fr.channel_widget.login.next }).click();
    await page.getByRole("button", { name: fr.channel_widget.login.forgot }).waitFor();
    await page.getByLabel(fr.channel_widget.login.password).fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: fr.channel_widget.login.login }).click();

    // logged in: the notice names them, the focus is not lost, and the form comes next
    await page.getByText(fr.widget.account_as.replace("{{nickname}}", listener.nickname)).waitFor();
    assert.equal(await page.locator(".cw-panel").count(), 0);
    assert.notEqual(await page.evaluate(() => document.activeElement?.tagName), "BODY");
    await page.getByRole("button", { name: fr.widget.participate, exact: true }).click();
    await fillForm(page, { first_name: "Inès", name: "Roux", phone: "+33 6 98 76 54 32" });
    await page.getByRole("button", { name: fr.widget.send }).click();
    await page.locator('input[name="consent_gdpr"]').check();
    await page.getByRole("button", { name: fr.widget.send }).click();
    await page.getByText(fr.widget.participation_sent).waitFor({ timeout: 20_000 });
    const sent = await participations(server, draw.id, listener.id);
    assert.equal(sent.length, 1);
    assert.equal(sent[0].extra.first_name, "Inès");
    assert.deepEqual(consoleErrors, []);
  },
  { viewport: { width: 375, height: 740 } },
);

browserTest(
  "widget registration - a session that ended before Send: the login panel over the form, then sent once",
  async ({ page, baseUrl, server, consoleErrors }) => {
    const draw = await demoDraw(server);
    const [listener] = await server.sql<{ id: number; email: string; nickname: string }[]>`
      select id::int as id, email, nickname from app_users a
      where email is not null and not is_anonymous and password_hash is not null
        and not exists (select 1 from messages m where m.segment_id = ${draw.id} and m.author_app_user_id = a.id)
      order by id limit 1`;
    const logIn = async () => {
      await page.getByRole("button", { name: en.channel_widget.login.login }).click();
      await page.getByLabel(en.channel_widget.login.email).fill(listener.email);
      await page.getByRole("button", { name: en.channel_widget.login.next }).click();
      await page.getByLabel(en.channel_widget.login.password).fill(DEMO_PASSWORD);
      await page.getByRole("button", { name: en.channel_widget.login.login }).click();
    };
    await page.goto(`${baseUrl}/widgets/${draw.channel_id}/${draw.id}/?lang=en`);
    await page.waitForSelector('[data-island="SingleWidget"] .w-screen[data-ready] .w-init');
    await page.getByRole("button", { name: en.widget.account_login }).click();
    await logIn();
    await page.getByText(en.widget.account_as.replace("{{nickname}}", listener.nickname)).waitFor();

    // the form is filled while the session ends on the server (logged out elsewhere, or expired)
    await page.getByRole("button", { name: en.widget.participate, exact: true }).click();
    const form = { first_name: "Ana", name: "Lopes", phone: "+33 6 11 22 33 44" };
    await fillForm(page, form);
    await page.getByRole("button", { name: en.widget.send }).click();
    await page.locator('input[name="consent_gdpr"]').check();
    await server
      .sql`update sessions set revoked_at = now() where kind = 'visitor' and user_id = ${listener.id}`;
    await page.getByRole("button", { name: en.widget.send }).click();

    // refused for want of an account: the login panel over the form, the consent still ticked, nothing stored
    await page.getByText(en.channel_widget.login.required).waitFor({ timeout: 20_000 });
    assert.equal(await page.locator('input[name="consent_gdpr"]').isChecked(), true);
    assert.equal((await participations(server, draw.id, listener.id)).length, 0);
    await logIn();
    await page.getByText(en.widget.participation_sent).waitFor({ timeout: 20_000 });
    const sent = await participations(server, draw.id, listener.id);
    assert.equal(sent.length, 1);
    assert.deepEqual(sent[0].extra, form);
    assert.equal(sent[0].consent_gdpr, true);
    assert.deepEqual(consoleErrors.filter((e) => !/403/.test(e)), []);
  },
  { viewport: { width: 375, height: 740 } },
);
