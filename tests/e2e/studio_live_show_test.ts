// What staff trip on in the studio during a live show: the inbox's search, the wizard of a registration,
// its drafts, the channel's logo and the small screens around them, walked in Chromium.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { browserTest, loginAs } from "./_browser.ts";
import type { TestApp } from "../_helpers.ts";
import { translator } from "../../app/i18n.ts";
import { LANGUAGES } from "../../lib/rules/i18n.ts";

const SHOTS = "/tmp/shots-studio";

/** The interaction with the most messages, and a word that only some of them hold. */
async function busyInbox(server: TestApp) {
  const [seg] = await server.sql<{ id: number; total: number }[]>`
    select s.id, count(*)::int as total from segments s join messages m on m.segment_id = s.id
    group by s.id order by count(*) desc limit 1`;
  const marked = await server.sql`
    update messages set text = 'Bravo pour la playlist de ce matin'
    where id in (select id from messages where segment_id = ${seg.id} order by id limit 2) returning id`;
  return { seg, marked: marked.length };
}

const allCount = (page: Page) => page.locator(".inbox-tab:first-child .inbox-count").innerText().then(Number);

browserTest(
  "studio inbox - Escape in the search empties the box and the filter: the list and the All tab count every message again",
  async ({ page, baseUrl, server }) => {
    const { seg, marked } = await busyInbox(server);
    await loginAs(page, server, baseUrl, "operator", { welcomeSeen: true });
    await page.goto(`${baseUrl}/participations/${seg.id}?lang=en`);
    await page.waitForSelector('[data-island="MessageInbox"][data-hydrated]');
    const before = await allCount(page);
    assert.ok(before > marked, `the interaction holds more than the ${marked} messages searched (${before})`);

    const box = page.locator(".inbox-search");
    await box.fill("playlist de ce matin");
    await page.waitForFunction(
      (n) => document.querySelector(".inbox-tab:first-child .inbox-count")?.textContent === String(n),
      marked,
    );
    assert.equal(await page.locator(".inbox-item").count(), marked);

    await box.press("Escape");
    assert.equal(await box.inputValue(), "");
    await page.waitForFunction(
      (n) => document.querySelector(".inbox-tab:first-child .inbox-count")?.textContent === String(n),
      before,
    );
    assert.equal(await allCount(page), before);
    assert.ok((await page.locator(".inbox-item").count()) > marked, "the list shows every message again");
    // the keyboard user stays in the box, ready to type the next search
    assert.equal(await page.evaluate(() => document.activeElement?.classList.contains("inbox-search")), true);
    // an empty playout queue says how to fill it with the button's own name, and its key
    await page.getByText("No message in the queue yet: “Send to playout” on a message (key T) adds it.")
      .waitFor();
    await Deno.mkdir("tests/e2e/screenshots", { recursive: true });
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 800 : 900 });
      await box.fill("playlist de ce matin");
      await page.waitForFunction(
        (n) => document.querySelector(".inbox-tab:first-child .inbox-count")?.textContent === String(n),
        marked,
      );
      await box.press("Escape");
      await page.waitForFunction(
        (n) => document.querySelector(".inbox-tab:first-child .inbox-count")?.textContent === String(n),
        before,
      );
      assert.equal(
        await page.evaluate(() => document.activeElement?.classList.contains("inbox-search")),
        true,
      );
      await page.screenshot({ path: `tests/e2e/screenshots/inbox-search-escape-${width}.png` });
    }
    // a second Escape, on the empty box, leaves it so the inbox's keys (j, k, r…) work again
    await box.press("Escape");
    assert.equal(
      await page.evaluate(() => document.activeElement?.classList.contains("inbox-search")),
      false,
    );
  },
);

/** Opens the wizard on a template and fills its settings, up to the step after them. */
async function wizardTo(
  page: Page,
  baseUrl: string,
  o: { category: string; template: string; title: string },
) {
  await page.goto(`${baseUrl}/interactions/create?lang=en`);
  const dialog = page.locator("dialog.wizard[open]");
  await dialog.waitFor();
  await page.waitForSelector('[data-island="CreationWizard"][data-hydrated]');
  await dialog.getByRole("radio", { name: o.category }).click();
  await dialog.getByRole("button", { name: new RegExp(o.template) }).click();
  await dialog.getByLabel("Title").fill(o.title);
  return dialog;
}

for (const width of [375, 1280]) {
  browserTest(
    `interaction wizard - a draw asks which data it collects and needs an e-mail or a phone before Activate (${width} px)`,
    async ({ page, baseUrl, server }) => {
      await loginAs(page, server, baseUrl, "manager", { welcomeSeen: true });
      const dialog = await wizardTo(page, baseUrl, {
        category: "Game",
        template: "Prize draw",
        title: `Two seats to win ${width}`,
      });
      // a draw takes entries: listeners never see answers, so none are asked
      assert.equal(await dialog.getByLabel("Answer A", { exact: true }).count(), 0);
      await dialog.getByRole("button", { name: "Next" }).click();
      await dialog.getByRole("heading", { name: /Data collected/ }).waitFor();
      assert.match(await dialog.locator(".stepper").innerText(), /Data collected/);
      // nothing ticked: the contact error shows and Next is off
      await dialog.getByRole("alert").filter({ hasText: "e-mail address or a phone number" }).waitFor();
      const next = dialog.getByRole("button", { name: "Next" });
      assert.equal(await next.isDisabled(), true);
      await page.screenshot({ path: `${SHOTS}/wizard-data-empty-${width}.png` });
      const sideways = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
      assert.ok(sideways <= 0, `no sideways scroll (${sideways} px)`);

      await dialog.getByRole("checkbox", { name: "First name – Ask" }).check();
      assert.equal(await next.isDisabled(), true, "a first name alone does not reach a winner");
      await dialog.getByRole("checkbox", { name: "Phone – Ask" }).check();
      await dialog.getByRole("checkbox", { name: "Phone – Mandatory" }).check();
      assert.equal(await next.isDisabled(), false);
      assert.equal(await dialog.getByRole("alert").count(), 0);
      await page.screenshot({ path: `${SHOTS}/wizard-data-${width}.png` });
      await next.click();
      await dialog.getByRole("button", { name: "Activate" }).click();
      await dialog.getByText("Your interaction is ready").waitFor();
      const [seg] = await server.sql<
        { status: string; gather_information: boolean; info: Record<string, { active: boolean }> }[]
      >`select status, gather_information, information_to_gather as info from segments
        where title = ${`Two seats to win ${width}`}`;
      assert.equal(seg.status, "ready");
      assert.equal(seg.gather_information, true);
      assert.deepEqual(
        Object.entries(seg.info).filter(([, v]) => v.active).map(([k]) => k).sort(),
        ["first_name", "phone"],
      );
    },
    { viewport: { width, height: width === 375 ? 740 : 800 } },
  );
}

browserTest(
  "interaction wizard - the data step's table keeps inside the dialog's margins on a 375 px phone, in every language",
  async ({ page, baseUrl, server }) => {
    await loginAs(page, server, baseUrl, "manager", { welcomeSeen: true });
    for (const lang of LANGUAGES) {
      const t = translator(lang);
      // the staff member's language, as their profile sets it
      await server.sql`update users set language = ${lang} where login = 'manager'`;
      await page.goto(`${baseUrl}/interactions/create`);
      const dialog = page.locator("dialog.wizard[open]");
      await page.waitForSelector('[data-island="CreationWizard"][data-hydrated]');
      await dialog.getByRole("radio", { name: t("interactions.wizard.categories.game") }).click();
      await dialog.getByRole("button", { name: new RegExp(t("interaction_templates.game_draw.name")) })
        .click();
      await dialog.getByLabel(t("interactions.fields.title")).fill(`Two seats ${lang}`);
      await dialog.getByRole("button", { name: t("interactions.wizard.next") }).click();
      const table = dialog.locator("table.data-items");
      await table.waitFor();
      // the uppercase "OBLIGATOIRE" / "OBOWIĄZKOWE" header pushed the table over the dialog's padding, up to
      // its border, where the column looked cut
      const fit = await dialog.locator(".modal-body").evaluate((body) => {
        const right = body.getBoundingClientRect().right - parseFloat(getComputedStyle(body).paddingRight);
        return {
          table: body.querySelector("table.data-items")!.getBoundingClientRect().right,
          content: right,
        };
      });
      assert.ok(
        fit.table <= fit.content + 0.5,
        `${lang}: table ends at ${fit.table}, content at ${fit.content}`,
      );
      await page.screenshot({ path: `${SHOTS}/wizard-data-${lang}-375.png` });
    }
  },
  { viewport: { width: 375, height: 740 } },
);

browserTest(
  "interaction wizard - a draft keeps what was typed once typing pauses, and a wizard closed untouched leaves no draft",
  async ({ page, baseUrl, server }) => {
    await loginAs(page, server, baseUrl, "manager", { welcomeSeen: true });
    const drafts = async () =>
      (await server.sql<{ n: number }[]>`select count(*)::int as n from segments where status = 'draft'`)[0]
        .n;
    const before = await drafts();

    // opened on a template and closed without typing: no "Untitled" draft
    let dialog = await wizardTo(page, baseUrl, { category: "Voice", template: "Voice message", title: "" });
    await dialog.getByRole("button", { name: "Close" }).click();
    await page.waitForURL(/\/interactions(\?|$)/);
    assert.equal(await drafts(), before);

    // typed, then the typing pauses: the draft holds the title and the text, no Next needed
    dialog = await wizardTo(page, baseUrl, {
      category: "Voice",
      template: "Voice message",
      title: "Your best memory",
    });
    await dialog.getByLabel("Home text").fill("Tell us in 30 seconds");
    await dialog.getByText("Recorded as a draft").waitFor();
    const saved = async () =>
      (await server.sql<{ title: string; text: string }[]>`
        select title, text from segments where status = 'draft' and title = 'Your best memory'`)[0];
    for (let i = 0; i < 150 && (await saved())?.text !== "Tell us in 30 seconds"; i++) {
      await page.waitForTimeout(200);
    }
    assert.deepEqual({ ...(await saved()) }, { title: "Your best memory", text: "Tell us in 30 seconds" });

    // typed and closed at once, before the pause: closing saves it
    await dialog.getByLabel("Title").fill("Your best memory of the summer");
    await dialog.getByRole("button", { name: "Close" }).click();
    await page.waitForURL(/\/interactions(\?|$)/);
    const [row] = await server.sql<{ n: number }[]>`
      select count(*)::int as n from segments where status = 'draft' and title = 'Your best memory of the summer'`;
    assert.equal(row.n, 1);
    assert.equal(await drafts(), before + 1, "one draft, not one per keystroke or per opening");
  },
);

for (const width of [375, 1280]) {
  browserTest(
    `widget - a square channel logo shows in a square box, a circle and not a stretched ellipse (${width} px)`,
    async ({ page, baseUrl, server }) => {
      const [seg] = await server.sql<{ id: number; channel_id: number }[]>`
        select id, channel_id from segments where background_url is not null and status in ('ready', 'published')
          and coalesce(background_kind, 'image') = 'image' order by id limit 1`;
      await server.sql`update channels set logo_url = '/static/favicon.svg' where id = ${seg.channel_id}`;
      const boxOf = async (selector: string) => {
        const el = page.locator(selector).first();
        await el.waitFor();
        await page.waitForFunction(
          (s) => (document.querySelector(s) as HTMLImageElement | null)?.complete,
          selector,
        );
        return (await el.boundingBox())!;
      };
      // the interaction's widget (also the webview and the preview card's frame)
      await page.goto(`${baseUrl}/widgets/${seg.channel_id}/${seg.id}/?lang=en`);
      const logo = await boxOf(".w-media .w-logo");
      assert.equal(
        Math.round(logo.width),
        Math.round(logo.height),
        `square box (${logo.width}×${logo.height})`,
      );
      assert.ok(logo.width <= 60, `a badge, not the whole picture (${logo.width} px)`);
      const radius = await page.locator(".w-media .w-logo").evaluate((el) =>
        getComputedStyle(el).borderRadius
      );
      assert.equal(radius, "50%");
      await page.screenshot({ path: `${SHOTS}/widget-logo-${width}.png` });
      // the channel's widget
      await page.goto(`${baseUrl}/widgets/channel/${seg.channel_id}/?lang=en`);
      const badge = await boxOf(".cw-logo img");
      assert.equal(Math.round(badge.width), Math.round(badge.height));
    },
    { viewport: { width, height: 800 } },
  );
}

browserTest(
  "winner draw - asking more winners than participations that may win says so",
  async ({ page, baseUrl, server }) => {
    const [seg] = await server.sql<{ id: number; n: number }[]>`
      select segment_id as id, count(*)::int as n from messages where status <> 'trash'
      group by segment_id having count(*) between 2 and 25 order by count(*) desc limit 1`;
    await loginAs(page, server, baseUrl, "operator", { welcomeSeen: true });
    await page.goto(`${baseUrl}/participations/${seg.id}?lang=en`);
    await page.waitForSelector('[data-island="MessageInbox"][data-hydrated]');
    await page.getByRole("button", { name: "Draw winners…" }).click();
    const dialog = page.getByRole("dialog", { name: "Draw winners" });
    await dialog.getByLabel(/Number of winners/).fill("30");
    await dialog.getByRole("button", { name: "Continue" }).click();
    await dialog.getByRole("button", { name: /Draw 30/ }).click();
    const fewer = dialog.locator(".draw-fewer");
    await fewer.waitFor();
    const text = await fewer.innerText();
    const drawn = Number(/only (\d+) participations/.exec(text)?.[1]);
    assert.match(text, /^30 winners were asked for/);
    assert.ok(drawn >= 1 && drawn < 30, text);
    const [row] = await server.sql<{ n: number }[]>`
      select count(*)::int as n from messages where segment_id = ${seg.id} and winner`;
    assert.ok(row.n >= drawn, "every participation that could win was drawn");
    await page.screenshot({ path: `${SHOTS}/draw-fewer-1280.png` });
  },
);

browserTest(
  "studio inbox - opening an unread message lowers the inbox's unread count at once",
  async ({ page, baseUrl, server }) => {
    const { seg } = await busyInbox(server);
    const [first] = await server.sql<{ id: number }[]>`
      update messages set read = false where id in (
        select id from messages where segment_id = ${seg.id} and status = 'received'
        order by created_at desc limit 3) returning id::int as id`;
    await loginAs(page, server, baseUrl, "operator", { welcomeSeen: true });
    await page.goto(`${baseUrl}/participations/${seg.id}?lang=en`);
    await page.waitForSelector('[data-island="MessageInbox"][data-hydrated]');
    const unread = async () =>
      Number(/(\d+) unread/.exec(await page.locator(".inbox-total").innerText())?.[1] ?? 0);
    const before = await unread();
    assert.ok(before >= 1, `some unread messages (${before})`);
    await page.locator(`[data-message-id="${first.id}"] .inbox-item-button`).click();
    await page.waitForFunction(
      (n) => !new RegExp(`\\b${n} unread`).test(document.querySelector(".inbox-total")?.textContent ?? ""),
      before,
    );
    assert.equal(await unread(), before - 1);
  },
);

browserTest(
  "interaction overlay - Close the vote now asks first; cancelled, the vote stays open",
  async ({ page, baseUrl, server }) => {
    const [seg] = await server.sql<{ id: number }[]>`
      select id from segments where type = 'single_choice_question' and status in ('ready', 'published')
        and (end_date is null or end_date > now()) order by id limit 1`;
    await loginAs(page, server, baseUrl, "manager", { welcomeSeen: true });
    await page.goto(`${baseUrl}/interactions/${seg.id}?lang=en`);
    await page.waitForSelector('[data-island="OverlayPanel"][data-hydrated]');
    const asked: string[] = [];
    page.once("dialog", (d) => (asked.push(d.message()), d.dismiss()));
    await page.getByRole("button", { name: "Close the vote now" }).click();
    assert.deepEqual(asked, ["Close the vote now? Listeners will no longer be able to vote."]);
    const open = await server.sql`select id from segments where id = ${seg.id}
      and (end_date is null or end_date > now())`;
    assert.equal(open.length, 1, "cancelled: the vote is still open");

    page.once("dialog", (d) => (asked.push(d.message()), d.accept()));
    await page.getByRole("button", { name: "Close the vote now" }).click();
    await page.locator(".overlay-actions").getByRole("button", { name: "Voting is closed" }).waitFor();
    const [closed] = await server.sql<
      { end_date: Date }[]
    >`select end_date from segments where id = ${seg.id}`;
    assert.ok(closed.end_date && closed.end_date.getTime() <= Date.now() + 1000);
  },
);
