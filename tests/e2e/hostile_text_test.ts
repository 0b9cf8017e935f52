// Texts written by listeners (and titles typed by staff) that hold HTML and scripts are shown as text
// everywhere: inbox, broadcast view, AI answer, CSV, widgets. The page must show the characters and
// hold no element made from them (the CSP would block a script anyway: this checks the escaping).
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { browserTest, loginAs } from "./_browser.ts";

const PAYLOAD = `<img src="x-hostile" onerror="window.__pwned=1">zorglub<script>window.__pwned=2</script>`;

async function assertInert(page: Page, where: string) {
  assert.equal(
    await page.locator('img[src="x-hostile"]').count(),
    0,
    `an element was made of the text on ${where}`,
  );
  assert.equal(await page.evaluate(() => (globalThis as { __pwned?: number }).__pwned ?? null), null, where);
}

browserTest(
  "hostile text - HTML and scripts in participations and names are shown as text everywhere",
  async ({ page, baseUrl, server, shot }) => {
    const [seg] = await server.sql<{ id: number; channel_id: number }[]>`
      select s.id, s.channel_id from segments s
      where s.type = 'message' and s.status = 'published' and s.start_date <= now()
        and (s.end_date is null or s.end_date > now()) and s.channel_id = (select min(id) from channels)
      order by s.id limit 1`;
    await server.sql`update segments set title = ${"Title " + PAYLOAD} where id = ${seg.id}`;
    const [msg] = await server.sql<{ id: number }[]>`
      insert into messages (channel_id, segment_id, type, content, text, author_name, author_city, device_id,
        broadcast_status)
      values (${seg.channel_id}, ${seg.id}, 'message', ${server.sql.json({ text: PAYLOAD })}, ${PAYLOAD},
        ${"Name " + PAYLOAD}, ${"City " + PAYLOAD}, 'hostile-device', 'broadcast_2')
      returning id`;
    await loginAs(page, server, baseUrl, "operator", { welcomeSeen: true });

    await page.goto(`${baseUrl}/participations/${seg.id}?lang=en`);
    await page.locator(".inbox-item", { hasText: "zorglub" }).first().waitFor();
    await page.waitForSelector('[data-island="MessageInbox"][data-hydrated]');
    assert.ok(
      (await page.locator(".inbox-item", { hasText: "zorglub" }).first().textContent())!.includes("<img"),
    );
    await page.locator(".inbox-item", { hasText: "zorglub" }).first().locator("button").first().click();
    await page.locator(".inbox-detail", { hasText: "zorglub" }).waitFor();
    await assertInert(page, "the inbox");
    await shot("inbox");

    await page.goto(`${baseUrl}/broadcast/${seg.id}?lang=en`);
    await page.getByText(/<img src="x-hostile".*zorglub/).first().waitFor();
    await assertInert(page, "the broadcast view");

    await page.goto(`${baseUrl}/interactions/${seg.id}?lang=en`);
    await page.getByText(/Title <img src="x-hostile"/).first().waitFor();
    await assertInert(page, "the edit page");

    await page.goto(`${baseUrl}/interactions/${seg.id}/assistant?lang=en`);
    await page.waitForSelector('[data-island="AiAssistant"][data-hydrated] .ai-trigger');
    await page.getByRole("button", { name: /AI assistant/ }).click();
    await page.locator("dialog.ai-modal").getByLabel("Your question about the participations").fill(
      // one word, no question words: the general report (the analyst answers "who" questions with the
      // audience), in the interaction's language since the question shows none
      "zorglub ?",
    );
    await page.locator("dialog.ai-modal").getByRole("button", { name: "Next" }).click();
    // in the answer (the question above it holds the word too), once its section is in
    await page.locator("dialog.ai-modal .ai-answer").getByText("Participations qui mentionnent « zorglub »")
      .waitFor();
    await assertInert(page, "the AI answer");
    await shot("ai");

    const csv = await page.request.get(`${baseUrl}/api/v1/show_segments/${seg.id}/export`);
    assert.equal(csv.status(), 200);
    const text = await csv.text();
    assert.ok(text.includes('<img src=""x-hostile""'), "the CSV holds the characters, quoted");

    // the public side: the widget of that interaction and the shared message
    await page.context().clearCookies();
    await page.goto(`${baseUrl}/widgets/${seg.channel_id}/${seg.id}/?lang=en`);
    await page.getByText(/Title <img/).first().waitFor();
    await assertInert(page, "the widget");
    const [{ token }] = await server.sql<{ token: string }[]>`
      update messages set shared_at = now() where id = ${msg.id} returning share_token::text as token`;
    const shared = await page.request.get(`${baseUrl}/api/v1/interactions/${token}`);
    assert.ok((await shared.text()).includes("zorglub"));
    await shot("widget");
  },
);
