// A registration-required interaction opened from the channel's link to it (from_perm=2, the demo's draw):
// the channel widget says before any form that an account is needed, as the single widget does (the same
// texts), and opens its login panel right there (no "send without registering"); logged in, the notice
// names the listener and what they fill in is sent once, under their account. Opened otherwise (no
// from_perm), the carousel shows no notice.
import assert from "node:assert/strict";
import { assertAccessible, browserTest, DEMO_PASSWORD, settled } from "./_browser.ts";
import en from "../../locales/en.json" with { type: "json" };

browserTest(
  "channel widget registration - from the channel's link: the account notice first, log in there, sent once",
  async ({ page, baseUrl, server, shot, consoleErrors }) => {
    const [draw] = await server.sql<{ id: number; channel_id: number }[]>`
      select id::int as id, channel_id::int as channel_id from segments
      where title like 'Tirage au sort%' and registration_required`;
    const [listener] = await server.sql<{ id: number; email: string; nickname: string }[]>`
      select id::int as id, email, nickname from app_users a
      where email is not null and not is_anonymous and password_hash is not null
        and not exists (select 1 from messages m where m.segment_id = ${draw.id} and m.author_app_user_id = a.id)
      order by id limit 1`;
    // the draw as one of the channel's permanent interactions (the carousel shows those)
    await server.sql`update segments set to_mode = 'permanent', end_date = null where id = ${draw.id}`;
    const url = `${baseUrl}/widgets/channel/${draw.channel_id}/?lang=en&interaction_id=${draw.id}`;

    // opened without from_perm: no notice
    await page.goto(url);
    await page.locator('[data-island="ChannelWidget"][data-hydrated]').waitFor();
    await page.locator(".cw-participate").first().waitFor();
    assert.equal(await page.locator(".w-account").count(), 0);

    await page.goto(`${url}&from_perm=2`);
    await page.locator('[data-island="ChannelWidget"][data-hydrated]').waitFor();
    // said before any form: an account is needed, and the way to one
    await page.getByText(en.widget.account_needed).waitFor();
    assert.equal(await page.locator(".w-field").count(), 0);
    await settled(page);
    await assertAccessible(page, "the account notice of the channel widget");
    await shot("notice-en-375");
    await page.setViewportSize({ width: 1280, height: 800 });
    await settled(page);
    await shot("notice-en-1280");
    await page.setViewportSize({ width: 375, height: 740 });

    await page.getByRole("button", { name: en.widget.account_login }).click();
    await page.locator(".cw-panel .cw-login-main").waitFor();
    assert.equal(await page.getByRole("button", { name: en.channel_widget.login.send_anonymous }).count(), 0);
    await settled(page);
    await shot("login-en-375");
    await page.getByRole("button", { name: en.channel_widget.login.login }).click();
    await page.getByLabel(en.channel_widget.login.email).fill(listener.email);
    await page.getByRole("button", { name: en.channel_widget.login.next }).click();
    await page.getByLabel(en.channel_widget.login.password).fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: en.channel_widget.login.login }).click();

    // logged in: the notice names them, the focus is not lost, and the form comes next
    await page.getByText(en.widget.account_as.replace("{{nickname}}", listener.nickname)).waitFor();
    assert.equal(await page.locator(".cw-panel").count(), 0);
    assert.notEqual(await page.evaluate(() => document.activeElement?.tagName), "BODY");
    await page.locator(".cw-participate").first().dispatchEvent("click");
    for (
      const [field, value] of Object.entries({ first_name: "Inès", name: "Roux", phone: "+33 6 98 76 54 32" })
    ) {
      await page.locator(`.w-field input[name="${field}"]`).fill(value);
    }
    // the form's Send, the interaction's own screen, the consent: each step's Send until thanks
    const thanks = page.locator(".cw-flow").getByText(en.channel_widget.flow.registration_sent);
    const sendButton = page.locator(".cw-flow").getByRole("button", { name: en.widget.send });
    for (let step = 0; step < 4; step++) {
      await sendButton.or(thanks).first().waitFor({ timeout: 20_000 });
      if (await thanks.isVisible()) break;
      const consent = page.locator('input[name="consent_gdpr"]');
      if (await consent.isVisible()) await consent.check();
      await sendButton.click();
      await page.waitForTimeout(300);
    }
    // the thanks screen, then the participation is stored once, under the listener's account
    await thanks.waitFor({ timeout: 20_000 });
    await shot("sent-en-375");
    const sent = await server.sql<{ extra: Record<string, string> }[]>`
      select extra_user_information as extra from messages
      where segment_id = ${draw.id} and author_app_user_id = ${listener.id}`;
    assert.equal(sent.length, 1);
    assert.equal(sent[0].extra.first_name, "Inès");
    assert.deepEqual(consoleErrors, []);
  },
  { viewport: { width: 375, height: 740 } },
);
