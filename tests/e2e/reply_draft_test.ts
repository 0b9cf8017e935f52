// A reply typed in the inbox during a live show survives a reload of the page: it is kept in the browser
// under the message it answers, comes back when that message is opened again, and is forgotten once sent.
import assert from "node:assert/strict";
import { browserTest, loginAs } from "./_browser.ts";
import { replyDraftKey } from "../../lib/rules/inbox.ts";

browserTest(
  "inbox reply - a reply not sent comes back after a reload, under its own message only, and is forgotten once sent",
  async ({ page, baseUrl, server, consoleErrors }) => {
    const [seg] = await server.sql<{ id: number }[]>`
      select s.id::int from segments s join messages m on m.segment_id = s.id
      group by s.id having count(*) >= 2 order by count(*) desc limit 1`;
    await loginAs(page, server, baseUrl, "manager", { welcomeSeen: true });
    const open = async (index: number) => {
      await page.goto(`${baseUrl}/participations/${seg.id}?lang=en`);
      await page.waitForSelector('[data-island="MessageInbox"][data-hydrated]');
      await page.locator(".inbox-item").nth(index).locator("button").first().click();
      const field = page.locator(".inbox-detail").getByLabel("Write your reply");
      await field.waitFor();
      return field;
    };
    const typed = "Merci ! On passe votre dédicace après les infos.";
    let field = await open(0);
    await field.fill(typed);

    field = await open(0);
    await page.waitForFunction((text) => {
      const el = document.querySelector<HTMLTextAreaElement>(".inbox-detail textarea[data-shortcut='r']");
      return el?.value === text;
    }, typed);
    assert.equal(await field.inputValue(), typed);
    const kept = await page.evaluate(() =>
      Object.entries(localStorage).filter(([k]) => k.startsWith("im.inbox.reply-draft."))
    );
    assert.equal(kept.length, 1);
    assert.match(kept[0][0], new RegExp(`^${replyDraftKey(0).replace(/0$/, "")}\\d+$`));
    assert.equal(kept[0][1], typed);
    await Deno.mkdir("tests/e2e/screenshots", { recursive: true });
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      await field.evaluate((el) => el.scrollIntoView({ block: "center" }));
      await page.screenshot({ path: `tests/e2e/screenshots/reply-draft-${width}.png` });
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    // another message has its own (empty) reply
    assert.equal(await (await open(1)).inputValue(), "");

    // sent: the field empties and a reload gives nothing back
    field = await open(0);
    await page.waitForFunction(
      (text) =>
        document.querySelector<HTMLTextAreaElement>(".inbox-detail textarea[data-shortcut='r']")?.value ===
          text,
      typed,
    );
    await page.locator(".inbox-detail").getByRole("button", { name: "Send", exact: true }).click();
    await page.locator(".inbox-detail").getByText("Reply sent").waitFor();
    const drafts = await page.evaluate(() =>
      Object.keys(localStorage).filter((k) => k.startsWith("im.inbox.reply-draft."))
    );
    assert.deepEqual(drafts, []);
    field = await open(0);
    assert.equal(await field.inputValue(), "");
    assert.deepEqual(consoleErrors, []);
  },
);
