// The back office as staff see it during a live show: a trashed interaction says so and comes back with
// Restore, and the edit page fits a phone. Walked in Chromium.
import assert from "node:assert/strict";
import { browserTest, loginAs } from "./_browser.ts";
import type { TestApp } from "../_helpers.ts";

const SHOTS = "/tmp/shots-studio";

/** A live interaction of the manager's channel, moved to the trash. */
async function trashedInteraction(server: TestApp) {
  const [seg] = await server.sql<{ id: number; title: string }[]>`
    update segments set status = 'trash', start_date = now() - interval '1 hour', end_date = null
    where id = (select s.id from segments s join users u on u.channel_id = s.channel_id
      where u.login = 'manager' and s.status in ('ready', 'published') and s.title <> ''
      order by s.id limit 1)
    returning id, title`;
  return seg;
}

for (const width of [375, 1280]) {
  browserTest(
    `interactions list - a trashed interaction is listed in the trash, not Active, and Restore brings it back (${width} px)`,
    async ({ page, baseUrl, server }) => {
      const seg = await trashedInteraction(server);
      await loginAs(page, server, baseUrl, "manager", { welcomeSeen: true });
      await page.goto(`${baseUrl}/interactions?status=trash&lang=en`);
      const row = page.locator(".segment-table tbody tr", { hasText: seg.title });
      await row.waitFor();
      assert.equal(await row.locator(".availability").innerText(), "In the trash");
      await page.screenshot({ path: `${SHOTS}/list-trash-${width}.png`, fullPage: true });

      await page.waitForSelector('[data-island="SegmentRowActions"][data-hydrated]');
      await row.locator("summary").click();
      await row.getByRole("button", { name: "Restore" }).click();
      await page.waitForURL(/status=trash/);
      await row.waitFor({ state: "detached" });
      const [after] = await server.sql<
        { status: string }[]
      >`select status from segments where id = ${seg.id}`;
      assert.equal(after.status, "ready");
      await page.goto(`${baseUrl}/interactions?lang=en&search=${encodeURIComponent(seg.title)}`);
      const back = page.locator(".segment-table tbody tr", { hasText: seg.title });
      assert.equal(await back.locator(".availability").innerText(), "Active");
    },
    { viewport: { width, height: 800 } },
  );
}

browserTest(
  "interactions list - the actions menu of the last row is drawn whole, over the list's edge, at 375 and 1280 px",
  async ({ page, baseUrl, server }) => {
    const seg = await trashedInteraction(server);
    await loginAs(page, server, baseUrl, "manager", { welcomeSeen: true });
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`${baseUrl}/interactions?status=trash&lang=en`);
      await page.waitForSelector('[data-island="SegmentRowActions"][data-hydrated]');
      const row = page.locator(".segment-table tbody tr", { hasText: seg.title });
      await row.locator("summary").click();
      const restore = row.getByRole("button", { name: "Restore" });
      await restore.waitFor();
      // no box around the menu cuts it: the list's scrolling wrap hid Restore under its bottom edge
      const cut = await row.locator(".row-actions-menu").evaluate((menu) => {
        const m = menu.getBoundingClientRect();
        const cutBy: string[] = [];
        for (let a = menu.parentElement; a; a = a.parentElement) {
          const style = getComputedStyle(a);
          if (style.overflowX === "visible" && style.overflowY === "visible") continue;
          const r = a.getBoundingClientRect();
          if (m.bottom > r.bottom + 0.5 || m.top < r.top - 0.5) cutBy.push(`${a.tagName}.${a.className}`);
        }
        return cutBy.filter((c) => !/^HTML|^BODY/.test(c));
      });
      assert.deepEqual(cut, [], `${width} px`);
      await page.screenshot({ path: `${SHOTS}/list-trash-menu-${width}.png`, fullPage: true });
    }
  },
);

browserTest(
  "interaction edit page - a trashed interaction says it is in the trash, and Restore takes it out",
  async ({ page, baseUrl, server }) => {
    const seg = await trashedInteraction(server);
    await loginAs(page, server, baseUrl, "manager", { welcomeSeen: true });
    await page.goto(`${baseUrl}/interactions/${seg.id}?lang=en`);
    const notice = page.locator(".segment-trashed");
    await notice.getByText("This interaction is in the trash").waitFor();
    await page.screenshot({ path: `${SHOTS}/edit-trash-1280.png` });
    await page.waitForSelector('[data-island="SegmentRestore"][data-hydrated]');
    await notice.getByRole("button", { name: "Restore" }).click();
    await page.waitForFunction(() => !document.querySelector(".segment-trashed"));
    const [after] = await server.sql<{ status: string }[]>`select status from segments where id = ${seg.id}`;
    assert.equal(after.status, "ready");
  },
);

browserTest(
  "interaction edit page - an operator sees a trashed interaction as trashed, without Restore",
  async ({ page, baseUrl, server }) => {
    const seg = await trashedInteraction(server);
    await loginAs(page, server, baseUrl, "operator", { welcomeSeen: true });
    await page.goto(`${baseUrl}/interactions/${seg.id}?lang=en`);
    await page.locator(".segment-trashed").getByText("This interaction is in the trash").waitFor();
    assert.equal(await page.locator(".segment-trashed button").count(), 0);
  },
);

browserTest(
  "interaction edit page - fits a 375 px phone whatever the type: no sideways scroll, no card wider than the screen",
  async ({ page, baseUrl, server }) => {
    // one interaction of each type: a registration's data table, a vote's integrity panel, a quiz's presenter
    const segs = await server.sql<{ id: number; type: string }[]>`
      select distinct on (s.type, s.game_type) s.id, s.type || coalesce('-' || s.game_type, '') as type
      from segments s join users u on u.channel_id = s.channel_id
      where u.login = 'manager' and s.status <> 'draft' order by s.type, s.game_type, s.id`;
    assert.ok(segs.length >= 5, `several types walked (${segs.length})`);
    await loginAs(page, server, baseUrl, "manager", { welcomeSeen: true });
    const overflow: string[] = [];
    for (const seg of segs) {
      await page.goto(`${baseUrl}/interactions/${seg.id}?lang=en`);
      await page.waitForSelector('[data-island="SegmentEditForm"][data-hydrated]');
      await page.screenshot({ path: `${SHOTS}/edit-375-${seg.type}.png`, fullPage: true });
      const sideways = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
      if (sideways > 0) overflow.push(`${seg.type}: page ${sideways} px`);
      // what a person opens: every "Show the data" of the statistics
      const wide = await page.evaluate(() => {
        document.querySelectorAll("main details").forEach((d) => d.setAttribute("open", ""));
        // a box that scrolls on its own (a wide table in its frame) is meant to: what is inside it is reached
        const inScroller = (el: Element) => {
          for (let p = el.parentElement; p && p.tagName !== "MAIN"; p = p.parentElement) {
            if (/auto|scroll/.test(getComputedStyle(p).overflowX)) return true;
          }
          return false;
        };
        return [...document.querySelectorAll<HTMLElement>("main *")]
          .filter((el) =>
            el.getClientRects().length > 0 && el.getBoundingClientRect().right > innerWidth + 0.5
          )
          .filter((el) => !inScroller(el))
          .map((el) =>
            `${el.tagName.toLowerCase()}.${el.className} ${Math.round(el.getBoundingClientRect().right)}`
          );
      });
      overflow.push(...wide.slice(0, 5).map((w) => `${seg.type}: ${w}`));
    }
    assert.deepEqual(overflow, []);
  },
  { viewport: { width: 375, height: 740 } },
);

browserTest(
  "interaction edit page - Close the vote now moves the availability panel's end at once, as a reload shows it",
  async ({ page, baseUrl, server }) => {
    const [seg] = await server.sql<{ id: number }[]>`
      update segments set to_mode = 'permanent', end_date = null, start_date = now() - interval '3 hours'
      where id = (select s.id from segments s join users u on u.channel_id = s.channel_id
        where u.login = 'manager' and s.status in ('ready', 'published') and s.type = 'single_choice_question'
        order by s.id limit 1)
      returning id`;
    await loginAs(page, server, baseUrl, "manager", { welcomeSeen: true });
    await page.goto(`${baseUrl}/interactions/${seg.id}?lang=en`);
    await page.waitForSelector('[data-island="SegmentEditForm"][data-hydrated]');
    await page.waitForSelector('[data-island="OverlayPanel"][data-hydrated]');
    const panel = () =>
      page.evaluate(() =>
        ["to", "end-date", "end-time"].map((f) =>
          (document.getElementById(`seg-availability-${f}`) as HTMLInputElement).value
        )
      );
    assert.deepEqual((await panel()).slice(0, 2), ["permanent", ""]);

    page.once("dialog", (d) => d.accept());
    await page.getByRole("button", { name: "Close the vote now" }).click();
    await page.waitForFunction(() =>
      (document.getElementById("seg-availability-end-date") as HTMLInputElement).value !== ""
    );
    const live = await panel();
    assert.equal(live[0], "scheduled");
    await page.screenshot({ path: `${SHOTS}/closed-vote-1280.png` });
    await page.reload();
    await page.waitForSelector('[data-island="SegmentEditForm"][data-hydrated]');
    assert.deepEqual(await panel(), live);
  },
);

browserTest(
  "interactions - a photo contest is named Photo, not Video, in the wizard's templates and in the list",
  async ({ page, baseUrl, server }) => {
    await loginAs(page, server, baseUrl, "manager", { welcomeSeen: true });
    await page.goto(`${baseUrl}/interactions/create?lang=en`);
    const dialog = page.locator("dialog.wizard[open]");
    await page.waitForSelector('[data-island="CreationWizard"][data-hydrated]');
    await dialog.getByRole("radio", { name: "Image" }).click();
    const card = dialog.getByRole("button", { name: /Photo contest|Concours photo/ });
    assert.equal(await card.locator(".template-type").innerText(), "Photo");
    await dialog.getByRole("radio", { name: "Video" }).click();
    const video = dialog.locator(".template-card").first();
    assert.equal(await video.locator(".template-type").innerText(), "Video");

    const [seg] = await server.sql<{ id: number; title: string }[]>`
      update segments set type = 'video', media_type = 'image', title = 'Your best sunset photo'
      where id = (select s.id from segments s join users u on u.channel_id = s.channel_id
        where u.login = 'manager' and s.status in ('ready', 'published') order by s.id limit 1)
      returning id, title`;
    await page.goto(`${baseUrl}/interactions?lang=en&search=${encodeURIComponent(seg.title)}`);
    const row = page.locator(".segment-table tbody tr", { hasText: seg.title });
    assert.equal(await row.locator("td").nth(2).innerText(), "Photo");
  },
);

for (const width of [375, 1280]) {
  browserTest(
    `overlay - a text interaction's overlay opens on the message on air, never on empty vote bars (${width} px panel)`,
    async ({ page, browser, baseUrl, server }) => {
      const [seg] = await server.sql<{ id: number }[]>`
        select s.id from segments s join users u on u.channel_id = s.channel_id
        where u.login = 'manager' and s.status in ('ready', 'published') and s.type = 'message'
        order by s.id limit 1`;
      await loginAs(page, server, baseUrl, "manager", { welcomeSeen: true });
      await page.goto(`${baseUrl}/interactions/${seg.id}?lang=en`);
      await page.waitForSelector('[data-island="OverlayPanel"][data-hydrated]');
      const views = page.locator(".overlay-views");
      assert.equal(await views.getByLabel("Vote bars").count(), 0);
      assert.equal(await views.getByLabel("Message on air").isChecked(), true);
      // no results to reveal nor vote to close
      assert.equal(
        await page.getByRole("button", { name: /Close the vote now|Hide results|Show results/ }).count(),
        0,
      );
      await page.locator(".overlay-panel").screenshot({ path: `${SHOTS}/overlay-panel-text-${width}.png` });

      const overlayUrl = await page.locator("#overlay-url").inputValue();
      const screen = await (await browser.newContext({ viewport: { width: 1920, height: 1080 } })).newPage();
      await screen.goto(new URL(new URL(overlayUrl).pathname + "?lang=en", baseUrl).toString());
      await screen.getByText("No message on air").waitFor();
      assert.equal(await screen.locator(".overlay-bars").count(), 0);
      await screen.screenshot({ path: `${SHOTS}/overlay-text-1920.png` });
    },
    { viewport: { width, height: 800 } },
  );
}

browserTest(
  "super administrator without a channel - Interactions, Points of distribution, Statistics, Settings and Moderation say to pick a channel",
  async ({ page, baseUrl, server, consoleErrors }) => {
    await loginAs(page, server, baseUrl, "admin", { welcomeSeen: true });
    const cases = [
      ["/interactions", "the interactions belong to a channel"],
      ["/timeline", "the points of distribution belong to a channel"],
      ["/statistics", "to see its statistics"],
      ["/settings", "to change its settings"],
      // the queue and its live count belong to a channel: without one the page asked a stream that answered
      // JSON, and the console said so
      ["/moderation", "the messages awaiting moderation belong to a channel"],
    ];
    for (const [path, text] of cases) {
      await page.goto(`${baseUrl}${path}?lang=en`);
      assert.equal(new URL(page.url()).pathname, "/channels");
      await page.getByRole("status").filter({ hasText: `Pick a channel first` }).filter({ hasText: text })
        .waitFor();
    }
    await page.screenshot({ path: `${SHOTS}/choose-channel-1280.png` });
    // the plain channel list says nothing
    await page.goto(`${baseUrl}/channels?lang=en`);
    assert.equal(await page.getByText("Pick a channel first").count(), 0);
    assert.deepEqual(consoleErrors, [], "no page asked what a channel-less account cannot have");
  },
);

browserTest(
  "interactions list - the status filter shows its whole option in every language at 1280 px",
  async ({ page, baseUrl, server }) => {
    await loginAs(page, server, baseUrl, "manager", { welcomeSeen: true });
    const cut: string[] = [];
    for (const lang of ["en", "fr", "es", "pt", "pl"]) {
      await server.sql`update users set language = ${lang} where login = 'manager'`;
      await page.goto(`${baseUrl}/interactions`);
      // the text the select shows, measured in its own font, against the room its box leaves for it (the
      // padding and the arrow): "Wszystkie (bez kosza)" lost its last letters in a 220 px box
      const room = await page.locator("#segment-status").evaluate((el) => {
        const select = el as HTMLSelectElement;
        const style = getComputedStyle(select);
        const ctx = document.createElement("canvas").getContext("2d")!;
        ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const text = select.options[select.selectedIndex].text;
        // Chromium's own arrow takes 21 px of a 16 px select's box
        const arrow = 20;
        const free = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) -
          arrow;
        return { text, need: ctx.measureText(text).width, free };
      });
      if (room.need > room.free) cut.push(`${lang}: "${room.text}" needs ${room.need} px, has ${room.free}`);
    }
    assert.deepEqual(cut, []);
  },
);
