import assert from "node:assert/strict";
import type { Sql } from "postgres";
import { translator } from "../../app/i18n.ts";
import { answerStream } from "../../lib/ai/stream.ts";
import { parseSse } from "../../lib/rules/sse.ts";
import type { AiContext, AiProvider } from "../../lib/ai/types.ts";
import { AppError } from "../../lib/rules/errors.ts";

const context: AiContext = {
  segment: { id: 1, title: "T", type: "message", text: null },
  choices: [],
  messages: [{
    id: 1,
    type: "message",
    text: "hello",
    transcript: null,
    choice_ids: null,
    author_city: null,
    author_key: "u1",
    tab: "all" as const,
    created_at: new Date(),
  }],
  total: 1,
  language: "en",
  timeZone: "UTC",
};

/** A stand-in for the database that records the ai_logs inserts (their values). */
function recordingSql() {
  const logs: unknown[][] = [];
  const sql = ((_: TemplateStringsArray, ...values: unknown[]) => {
    logs.push(values);
    return Promise.resolve([]);
  }) as unknown as Sql;
  return { sql, logs };
}

function provider(parts: (string | Error)[], onStop?: () => void): AiProvider {
  return {
    name: "fake",
    async *answer() {
      try {
        for (const part of parts) {
          if (part instanceof Error) throw part;
          yield part;
        }
      } finally {
        onStop?.();
      }
    },
  };
}

const input = (p: AiProvider, sql: Sql, sse = false) => ({
  provider: p,
  question: "Q?",
  context,
  t: translator("en"),
  sse,
  log: { sql, channelId: 7, userId: 3 },
});

Deno.test("ai stream - chunks, errors, cancel and the log", async (t) => {
  await t.step("empty chunks are skipped; the answer is logged once", async () => {
    const { sql, logs } = recordingSql();
    const body = await answerStream(input(provider(["", "a", "", "b", ""]), sql));
    assert.equal(await new Response(body).text(), "ab");
    assert.equal(logs.length, 1);
    assert.deepEqual(logs[0], [7, 1, 3, "Q?", "ab", "fake"]);
  });
  await t.step("a provider failing before any text: 503 ai_unavailable", async () => {
    const { sql, logs } = recordingSql();
    await assert.rejects(
      answerStream(input(provider([new Error("down")]), sql)),
      (e) => e instanceof AppError && e.status === 503 && e.code === "ai_unavailable",
    );
    assert.equal(logs.length, 0);
  });
  await t.step("a provider failing midway: the text so far, then an error event", async () => {
    const { sql, logs } = recordingSql();
    const body = await answerStream(input(provider(["Half ", new Error("lost")]), sql, true));
    const events = parseSse(await new Response(body).text()).events;
    assert.deepEqual(events.map((e) => e.event).filter((e) => e !== "html"), ["delta", "error"]);
    assert.equal(JSON.parse(events.at(-1)!.data).message, "The answer was interrupted. Ask again.");
    assert.equal(logs[0][4], "Half ");
  });
  await t.step("a reader that goes away stops the provider and logs what was said", async () => {
    const { sql, logs } = recordingSql();
    let stopped = false;
    const body = await answerStream(input(provider(["one ", "two ", "three"], () => stopped = true), sql));
    const reader = body.getReader();
    assert.equal(new TextDecoder().decode((await reader.read()).value), "one ");
    await reader.cancel();
    assert.equal(stopped, true);
    assert.equal(logs.length, 1);
    assert.match(String(logs[0][4]), /^one /);
  });
  await t.step("no participation: 'No results' without asking the provider", async () => {
    const { sql, logs } = recordingSql();
    let asked = false;
    const p: AiProvider = {
      name: "fake",
      // deno-lint-ignore require-yield -- it must never be iterated
      async *answer() {
        asked = true;
      },
    };
    const body = await answerStream({ ...input(p, sql, true), context: { ...context, messages: [] } });
    const done = JSON.parse(parseSse(await new Response(body).text()).events.at(-1)!.data);
    assert.deepEqual(done, { markdown: "No results", html: "<p>No results</p>\n", empty: true });
    assert.equal(asked, false);
    assert.equal(logs[0][5], "none");
  });
});
