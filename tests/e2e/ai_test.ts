import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { assertAccessible, browserTest, loginAs } from "./_browser.ts";
import type { TestApp } from "../_helpers.ts";
import { voteResults } from "../../lib/rules/votes.ts";

/** Closes the welcome help item when it opens by itself (first visit). */
async function closeWelcome(page: Page) {
  const dialog = page.locator("dialog.help-modal");
  await dialog.waitFor({ state: "visible", timeout: 5000 });
  await dialog.getByRole("button", { name: "Got it" }).click();
  await dialog.waitFor({ state: "hidden" });
}

async function segmentId(server: TestApp, title: string): Promise<number> {
  const [row] = await server.sql<{ id: number }[]>`select id::int from segments where title = ${title}`;
  return row.id;
}

const modal = (page: Page) => page.locator("dialog.ai-modal");

async function openAssistant(page: Page) {
  await page.waitForSelector('[data-island="AiAssistant"][data-hydrated] .ai-trigger');
  await page.getByRole("button", { name: /AI assistant/ }).click();
  await modal(page).waitFor({ state: "visible" });
}

browserTest(
  "ai assistant - an operator asks the built-in analyst about a vote and reads figures of the database",
  async ({ page, baseUrl, server, shot, consoleErrors }) => {
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl });
    await loginAs(page, server, baseUrl, "operator");
    const summer = await segmentId(server, "Le tube de l'été");
    await page.goto(`${baseUrl}/interactions/${summer}/assistant`);
    await closeWelcome(page);
    // the interaction menu leads here
    const entry = page.locator("nav.sidebar").getByRole("link", { name: "AI assistant" });
    assert.equal(await entry.getAttribute("aria-current"), "page");
    assert.equal(await entry.getAttribute("href"), `/interactions/${summer}/assistant`);
    await shot("page-1280");
    await assertAccessible(page, "the assistant page");

    // step 0: Next only with a non-empty request
    await openAssistant(page);
    // the question has the focus (set once the step has rendered)
    await page.waitForFunction(() => document.activeElement?.id === "ai-prompt", null, { timeout: 5000 });
    const next = modal(page).getByRole("button", { name: "Next" });
    assert.equal(await next.isDisabled(), true);
    await modal(page).getByLabel("Your question about the participations").fill("   ");
    assert.equal(await next.isDisabled(), true);
    await modal(page).getByLabel("Your question about the participations").fill("What are the results?");
    assert.equal(await next.isDisabled(), false);
    assert.equal(await modal(page).locator(".ai-steps li.is-current").textContent(), "1Request");
    await shot("step0-1280");
    await assertAccessible(page, "step 0");

    // step 2: the markdown answer, with the figures of the database
    await next.click();
    const answer = modal(page).locator(".ai-answer.markdown");
    await answer.locator("table").waitFor();
    assert.match(await modal(page).locator(".ai-steps li.is-current").textContent() ?? "", /Response/);
    const text = await answer.innerText();
    const [{ total }] = await server.sql<{ total: number }[]>`
      select count(*)::int as total from messages where segment_id = ${summer} and status <> 'trash'`;
    // asked in English, answered in English (the interaction is French)
    assert.match(text, new RegExp(`Participations: ${total}\\b`));
    const choices = await server.sql<{ id: number; label: string; count: number }[]>`
      select c.id::int, c.label, count(m.id)::int as count
      from segment_choices c
      left join messages m on m.segment_id = c.segment_id and m.status <> 'trash' and c.id = any(m.choice_ids)
      where c.segment_id = ${summer} group by c.id, c.label, c.position order by c.position`;
    const rows = await answer.locator("tbody tr").allInnerTexts();
    assert.equal(rows.length, choices.length);
    voteResults(choices).rows.forEach((row, i) => {
      assert.match(rows[i], new RegExp(`\\t${row.count}\\t${row.percentage} %$`), rows[i]);
    });
    // the winner and its margin in votes over the second
    const [first, second] = [...choices].sort((a, b) => b.count - a.count);
    assert.ok(text.includes(`${first.label} leads with`), text);
    assert.ok(text.includes(`that is ${first.count - second.count} votes`), text);
    assert.equal(await answer.locator("script").count(), 0);
    // the answer has the focus
    await page.waitForFunction(() => document.activeElement?.classList.contains("ai-answer-box"), null, {
      timeout: 5000,
    });
    await shot("step2-1280");
    await assertAccessible(page, "step 2");

    // copy with feedback
    await modal(page).getByRole("button", { name: "Copy" }).click();
    await modal(page).getByText("Copied to clipboard").waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const [log] = await server.sql`select answer from ai_logs order by id desc limit 1`;
    assert.equal(copied, log.answer);

    // edit the question and ask again: the question names a word of the testimonials
    await modal(page).getByRole("button", { name: "Edit the question" }).click();
    const field = modal(page).getByLabel("Your question about the participations");
    assert.equal(await field.inputValue(), "What are the results?");
    // the focus moves to the question once the step has rendered
    await page.waitForFunction(() => document.activeElement?.id === "ai-prompt", null, { timeout: 5000 });
    const [{ text: testimonial }] = await server.sql<{ text: string }[]>`
      select text from messages where segment_id = ${summer} and text is not null order by id limit 1`;
    const word = testimonial.split(/[^\p{L}]+/u).filter((w) => w.length >= 7)[0].toLowerCase();
    await field.fill(`Who talks about ${word}?`);
    await modal(page).getByRole("button", { name: "Next" }).click();
    await answer.getByText(`Participations mentioning “${word}”`).waitFor();

    await page.setViewportSize({ width: 375, height: 760 });
    await shot("step2-375");
    await modal(page).getByRole("button", { name: "Edit the question" }).click();
    await shot("step0-375");
    await modal(page).getByRole("button", { name: "Cancel" }).click();
    await modal(page).waitFor({ state: "hidden" });
    await shot("page-375");

    // 'No results' for an interaction without participations
    const [empty] = await server.sql<{ id: number }[]>`
      insert into segments (channel_id, type, title, status)
      select channel_id, 'message', 'Nouvelle question', 'ready' from segments where id = ${summer}
      returning id::int`;
    await page.goto(`${baseUrl}/interactions/${empty.id}/assistant`);
    await openAssistant(page);
    await modal(page).getByLabel("Your question about the participations").fill("Summary");
    await modal(page).getByRole("button", { name: "Next" }).click();
    await modal(page).locator(".ai-empty").getByText("No results").waitFor();
    await shot("no-results-375");
    assert.deepEqual(consoleErrors, []);
  },
);

browserTest(
  "ai assistant - the built-in analyst answers the themes and the negative feedback asked, with quotes",
  async ({ page, baseUrl, server, shot, consoleErrors }) => {
    await loginAs(page, server, baseUrl, "operator", { welcomeSeen: true });
    const answer = modal(page).locator(".ai-answer.markdown");
    const ask = async (question: string) => {
      await openAssistant(page);
      await modal(page).getByLabel("Your question about the participations").fill(question);
      await modal(page).getByRole("button", { name: "Next" }).click();
      await answer.waitFor();
    };

    // themes: named groups with a count and quotes that link to their message in the inbox
    const guest = await segmentId(server, "Posez votre question à l'invité");
    await page.goto(`${baseUrl}/interactions/${guest}/assistant`);
    await ask("What are the main themes?");
    await answer.getByRole("heading", { name: "Main themes" }).waitFor();
    const themes = answer.locator("ul > li").filter({ hasText: /— \d+ messages/ });
    assert.ok(await themes.count() >= 2, "at least two themes");
    const first = await themes.first().innerText();
    const [, size] = first.match(/— (\d+) messages/)!;
    assert.ok(Number(size) >= 2, first);
    const quote = themes.first().locator(`a[href^="/participations/${guest}?message="]`).first();
    const href = (await quote.getAttribute("href"))!;
    const messageId = Number(href.split("message=")[1]);
    const [quoted] = await server.sql<{ segment_id: number }[]>`
      select segment_id::int from messages where id = ${messageId}`;
    assert.equal(quoted.segment_id, guest, "the quote is a message of this interaction");
    assert.ok(!/\b\w+ \d+, \w+ \d+\b/.test(await answer.innerText()), "no raw word counts");
    await shot("themes-1280");
    await assertAccessible(page, "the themes answer");
    await modal(page).getByRole("button", { name: "Close", exact: true }).last().click();
    await modal(page).waitFor({ state: "hidden" });

    // negative feedback: counted, and the negative messages quoted (not word counts or peak hours)
    const dedication = await segmentId(server, "Votre dédicace du matin");
    await page.goto(`${baseUrl}/interactions/${dedication}/assistant`);
    await page.setViewportSize({ width: 375, height: 760 });
    await ask("Summarise the negative feedback");
    const heading = answer.getByRole("heading", { name: /^Negative feedback \(\d+\)$/ });
    await heading.waitFor();
    const n = Number((await heading.innerText()).match(/\((\d+)\)/)![1]);
    const text = await answer.innerText();
    assert.match(text, new RegExp(`\\b${n} negative`));
    if (n > 0) {
      const quotes = answer.locator(`a[href^="/participations/${dedication}?message="]`);
      assert.ok(await quotes.count() >= 1, "the negative messages are quoted");
    }
    assert.ok(!/peak|busiest/i.test(text), "no peak hours in a sentiment answer");
    await shot("negative-375");
    assert.deepEqual(consoleErrors, []);
  },
);

/**
 * A local OpenAI-compatible server streaming a chat completion chunk by chunk, each when the test lets
 * it through with `release(n)`: until then the model "thinks" and the page shows what it shows meanwhile.
 */
function slowStub(chunks: string[]) {
  const bodies: { messages: { role: string; content: string }[] }[] = [];
  let permits = 0;
  const waiting: (() => void)[] = [];
  const release = (n: number) => {
    permits += n;
    waiting.splice(0).forEach((wake) => wake());
  };
  const nextChunk = async () => {
    while (permits === 0) await new Promise<void>((wake) => waiting.push(wake));
    permits--;
  };
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, async (req) => {
    bodies.push(await req.json());
    const encoder = new TextEncoder();
    const stream = new ReadableStream({
      async start(controller) {
        for (const text of chunks) {
          await nextChunk();
          const chunk = {
            id: "c1",
            object: "chat.completion.chunk",
            created: 1,
            model: "stub",
            choices: [{ index: 0, delta: { content: text } }],
          };
          controller.enqueue(encoder.encode(`data: ${JSON.stringify(chunk)}\n\n`));
        }
        controller.enqueue(encoder.encode("data: [DONE]\n\n"));
        controller.close();
      },
    });
    return new Response(stream, { headers: { "content-type": "text/event-stream" } });
  });
  return { server, bodies, release, url: `http://127.0.0.1:${server.addr.port}/v1` };
}

const CHUNKS = [
  "## Summary\n\nListeners love ",
  "the **summer hit**. ",
  '<script>window.__pwned = true</script><img src=x onerror="window.__pwned = true">\n\n',
  "| Song | Votes |\n|---|---:|\n| Soleil | 12 |\n",
];
let stub: ReturnType<typeof slowStub> | null = null;

browserTest(
  "ai assistant - with a model server configured, the streamed answer appears in the modal",
  async ({ page, baseUrl, server, shot, consoleErrors }) => {
    try {
      await loginAs(page, server, baseUrl, "manager");
      const summer = await segmentId(server, "Le tube de l'été");
      await page.goto(`${baseUrl}/interactions/${summer}/assistant`);
      await closeWelcome(page);
      await page.getByText("Answers come from the AI model stub-model.").waitFor();
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: width === 375 ? 760 : 800 });
        await openAssistant(page);
        // reopened, the modal shows the last answer; edit the question to ask again
        if (width === 375) await modal(page).getByRole("button", { name: "Edit the question" }).click();
        await modal(page).getByLabel("Your question about the participations").fill("Summarise please");
        await modal(page).getByRole("button", { name: "Next" }).click();
        await modal(page).getByText("The assistant is reading the participations…").waitFor();
        await shot(`model-step1-${width}`);
        // the text appears as it comes, before the end
        stub!.release(1);
        const streaming = modal(page).locator(".ai-streaming");
        await streaming.getByText("Listeners love", { exact: false }).waitFor();
        assert.equal(await modal(page).locator(".ai-writing").isVisible(), true);
        assert.ok(!(await streaming.innerText()).includes("Soleil"));
        await shot(`model-streaming-${width}`);
        stub!.release(CHUNKS.length - 1);
        const answer = modal(page).locator(".ai-answer.markdown");
        await answer.locator("table").waitFor();
        await modal(page).locator(".ai-writing").waitFor({ state: "detached" });
        assert.equal(await modal(page).locator(".ai-streaming").count(), 0);
        assert.equal(await answer.locator("strong").innerText(), "summer hit");
        assert.equal(await answer.locator("script").count(), 0);
        assert.equal(await answer.locator("img").count(), 0);
        assert.equal(
          await page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned),
          undefined,
        );
        await shot(`model-step2-${width}`);
        await modal(page).getByRole("button", { name: "Close" }).last().click();
        await modal(page).waitFor({ state: "hidden" });
      }
      assert.equal(stub!.bodies.length, 2);
      assert.equal(stub!.bodies[0].messages[0].role, "system");
      assert.deepEqual(consoleErrors, []);
    } finally {
      await stub?.server.shutdown();
    }
  },
  {
    env: () => {
      stub = slowStub(CHUNKS);
      return { AI_BASE_URL: stub.url, AI_MODEL: "stub-model" };
    },
  },
);

let longStub: ReturnType<typeof slowStub> | null = null;

browserTest(
  "ai assistant - a model reading a long history shows the batches read while it works",
  async ({ page, baseUrl, server, shot, consoleErrors }) => {
    try {
      await loginAs(page, server, baseUrl, "manager", { welcomeSeen: true });
      const dedication = await segmentId(server, "Votre dédicace du matin");
      const [{ total }] = await server.sql<{ total: number }[]>`
        select count(*)::int as total from messages where segment_id = ${dedication} and status <> 'trash'`;
      const parts = Math.ceil(total / 100);
      assert.ok(parts >= 2, `${total} participations: more than one batch`);
      await page.goto(`${baseUrl}/interactions/${dedication}/assistant`);
      await page.setViewportSize({ width: 375, height: 760 });
      await openAssistant(page);
      await modal(page).getByLabel("Your question about the participations").fill("Summarise please");
      await modal(page).getByRole("button", { name: "Next" }).click();
      const status = modal(page).locator(".ai-processing");
      await status.getByText("The assistant is reading the participations…").waitFor();
      // the first batch's notes are written: the page says so
      longStub!.release(CHUNKS.length);
      await status.getByText(`Reading the messages: batch 1 of ${parts}…`).waitFor();
      await shot("model-progress-375");
      longStub!.release(CHUNKS.length);
      await status.getByText(`Reading the messages: batch 2 of ${parts}…`).waitFor();
      // the other batches and the answer
      longStub!.release(CHUNKS.length * parts);
      await modal(page).locator(".ai-answer.markdown table").waitFor();
      assert.equal(longStub!.bodies.length, parts + 1);
      assert.deepEqual(consoleErrors, []);
    } finally {
      await longStub?.server.shutdown();
    }
  },
  {
    env: () => {
      longStub = slowStub(CHUNKS);
      return { AI_BASE_URL: longStub.url, AI_MODEL: "stub-model" };
    },
  },
);
