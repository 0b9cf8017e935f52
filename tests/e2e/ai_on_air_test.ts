// The assistant in the browser: messages to read on air with the author's nickname and the channel's
// hour, nothing with personal data or awaiting moderation; a two-sentence summary; the hint and the answer
// say what they read in the counts the inbox's tabs show.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { assertAccessible, browserTest, loginAs } from "./_browser.ts";

const modal = (page: Page) => page.locator("dialog.ai-modal");

browserTest(
  "ai assistant - messages to read on air and a two-sentence summary, the hint and the answer counting what they read as the inbox's tabs do",
  async ({ page, baseUrl, server, shot, consoleErrors }) => {
    const [segment] = await server.sql<{ id: number; channel_id: number }[]>`
      select id::int, channel_id::int from segments where title = 'Votre dédicace du matin'`;
    await server.sql`update channels set time_zone = 'Europe/Paris' where id = ${segment.channel_id}`;
    const unsafe: [string, string, string][] = [
      ["Appelez-moi au 06 12 34 56 78 pour le cadeau, bravo", "PhoneNick", "none"],
      ["Bravo pour la matinale, quelle belle émission ce matin", "PendingNick", "pending"],
    ];
    for (const [text, name, moderation] of unsafe) {
      await server.sql`
        insert into messages (channel_id, segment_id, type, text, content, author_name, author_city, moderation)
        values (${segment.channel_id}, ${segment.id}, 'message', ${text}, ${
        server.sql.json({ text })
      }, ${name},
          'Lyon', ${moderation})`;
    }
    await loginAs(page, server, baseUrl, "operator", { welcomeSeen: true });
    // the counts staff read on the inbox's tabs
    await page.goto(`${baseUrl}/participations/${segment.id}`);
    await page.waitForSelector('[data-island="MessageInbox"][data-hydrated]');
    const tabCount = async (label: string) =>
      Number(await page.locator(".inbox-tab", { hasText: label }).locator(".inbox-count").innerText());
    const [all, archive, moderated] = [
      await tabCount("All participations"),
      await tabCount("Archive"),
      await tabCount("To moderate"),
    ];
    assert.ok(all > 0 && archive > 0 && moderated > 0, `${all} ${archive} ${moderated}`);
    const read = all + archive + moderated;
    const tabs = new Intl.ListFormat("en", { type: "conjunction" }).format([
      `${all} in “All participations”`,
      `${archive} in “Archive”`,
      `${moderated} in “To moderate”`,
    ]);
    await page.goto(`${baseUrl}/interactions/${segment.id}/assistant`);
    await page.waitForSelector('[data-island="AiAssistant"][data-hydrated] .ai-trigger');
    await page.getByRole("button", { name: /AI assistant/ }).click();
    await modal(page).waitFor({ state: "visible" });
    // the hint says what the answer will say it read, in the numbers of the inbox's tabs
    assert.equal(
      await modal(page).locator(".field-hint").innerText(),
      `The assistant reads ${read} participations of this interaction: ${tabs}.`,
    );
    await shot("hint-1280");
    const answer = modal(page).locator(".ai-answer.markdown");
    await modal(page).getByLabel("Your question about the participations")
      .fill("Three messages I could read on air, with the author's nickname");
    await modal(page).getByRole("button", { name: "Next" }).click();
    await answer.getByRole("heading", { name: "Messages to read on air (3)" }).waitFor();
    const text = await answer.innerText();
    assert.ok(text.includes(`Based on ${read} participations: ${tabs}.`), text);
    const items = await answer.locator("ol > li").allInnerTexts();
    assert.equal(items.length, 3);
    const [seeded] = await server.sql<{ author_name: string }[]>`
      select author_name from messages where id = ${
      Number((await answer.locator("ol > li a").first().getAttribute("href"))!.split("message=")[1])
    }`;
    if (seeded.author_name) assert.ok(items[0].includes(`${seeded.author_name}, `), items[0]);
    for (const item of items) assert.match(item, /\d{2}\/\d{2}, \d{2}:\d{2} (AM|PM)/);
    assert.ok(!/PhoneNick|PendingNick/.test(text), text);
    assert.match(
      text,
      /left out, \d+ holding an e-mail address, a phone number or a street address, 1 awaiting/,
    );
    await shot("on-air-1280");
    await assertAccessible(page, "the on-air answer");

    await page.setViewportSize({ width: 375, height: 760 });
    await modal(page).getByRole("button", { name: "Edit the question" }).click();
    await modal(page).getByLabel("Your question about the participations")
      .fill("Summarise the messages in two sentences");
    await modal(page).getByRole("button", { name: "Next" }).click();
    await answer.getByRole("heading", { name: "Summary" }).waitFor();
    const summary = await answer.locator("h3 + p").first().innerText();
    assert.equal(summary.split(/(?<=[.!?…])\s+/).filter(Boolean).length, 2, summary);
    assert.equal(await answer.getByRole("heading", { name: "Most frequent words" }).count(), 0);
    await shot("summary-375");
    assert.deepEqual(consoleErrors, []);
  },
);
