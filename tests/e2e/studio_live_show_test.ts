// What staff trip on in the studio during a live show: the inbox's search, the wizard of a registration,
// its drafts, the channel's logo and the small screens around them, walked in Chromium.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { browserTest, loginAs } from "./_browser.ts";
import type { TestApp } from "../_helpers.ts";

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
