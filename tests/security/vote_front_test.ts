// Attack test of the vote front (app/vote_front.ts): whatever a stranger posts to POST /api/v1/interactions,
// the front answers what the app's chain answers (status, error code, fields), never a 5xx or a stack, and
// one device still counts once however many of its votes arrive at the same moment.
import assert from "node:assert/strict";
import fc from "fast-check";
import { testApp } from "../_helpers.ts";
import { randomChannel, randomSegment, testDevice } from "../api/_participation.ts";

const RUNS = Number(Deno.env.get("FUZZ_RUNS") ?? 40);
const ctx = await testApp();
const channelId = await randomChannel(ctx.sql);
const vote = await randomSegment(ctx.sql, channelId, { limit_1_vote: true }, ["Yes", "No"]);

const hostile = fc.oneof(
  fc.string(),
  fc.constantFrom("\u0000", "\ud800", "<script>", "x".repeat(6_000), "", "__proto__", "1e309", "-1"),
  fc.integer(),
  fc.constantFrom(0, -1, 2 ** 31, 2 ** 53, 1e308, 0.5),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
);
/** A vote with one field replaced by a hostile value, or a hostile body (the device is filled in per send). */
const body = fc.oneof(
  fc.record({
    field: fc.constantFrom(
      "channel_id",
      "segment",
      "device_id",
      "site_ref",
      "show_id",
      "content",
      "choice_ids",
      "text",
      "extra_user_information",
      "consent_gdpr",
      "only_user_data",
      "__proto__",
      "constructor",
    ),
    value: hostile,
  }).map(({ field, value }) => ({ field, value })),
  fc.oneof(fc.string(), fc.constantFrom("{", "[]", "null", '{"segment":', "\u0000", "{}")).map((raw) => ({
    raw,
  })),
);

function bytesOf(b: { field?: string; value?: unknown; raw?: string }, device: string): string {
  if (b.raw !== undefined) return b.raw;
  const vote_ = {
    channel_id: channelId,
    segment: vote.id,
    device_id: device,
    content: { choice_ids: [vote.choiceIds[0]] } as Record<string, unknown>,
  } as Record<string, unknown>;
  if (b.field === "choice_ids" || b.field === "text") {
    (vote_.content as Record<string, unknown>)[b.field] = b.value;
  } else vote_[b.field!] = b.value;
  // "__proto__" as a key of the JSON text, not as the object's prototype
  return JSON.stringify(vote_).replace('"constructor"', '"__proto__"');
}

/** The answer of the app to these bytes: as the front takes them, or (with a cookie) as the chain does. */
async function answer(bytes: string, chain: boolean) {
  const res = await ctx.app.request("/api/v1/interactions", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "accept-language": "en",
      "x-forwarded-for": `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      ...(chain ? { cookie: "theme=dark" } : {}),
    },
    body: bytes,
  });
  const text = await res.text();
  assert.ok(res.status < 500, `${res.status} for ${bytes.slice(0, 200)}: ${text.slice(0, 200)}`);
  assert.doesNotMatch(text, /\.ts:\d+|at [A-Za-z]+ \(/, "no stack trace");
  const json = JSON.parse(text);
  return {
    status: res.status,
    code: json.code ?? null,
    fields: json.fields ?? null,
    keys: Object.keys(json).sort(),
  };
}

Deno.test({
  name: "vote front - hostile bodies get the chain's answer, one device counts once",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    try {
      await t.step("any body: the same status, error code and fields as the chain, never a 5xx", async () => {
        let n = 0;
        await fc.assert(
          fc.asyncProperty(body, async (b) => {
            n++;
            const front = await answer(bytesOf(b, testDevice(`hostile-f-${n}`)), false);
            const chain = await answer(bytesOf(b, testDevice(`hostile-c-${n}`)), true);
            assert.deepEqual(front, chain, JSON.stringify(b).slice(0, 300));
          }),
          { numRuns: RUNS },
        );
      });

      await t.step(
        "twenty votes of one device at once: one stored and counted, the others already received",
        async () => {
          const device = testDevice(`burst-${vote.id}`);
          const bytes = JSON.stringify({
            channel_id: channelId,
            segment: vote.id,
            device_id: device,
            content: { choice_ids: [vote.choiceIds[1]] },
          });
          const answers = await Promise.all(Array.from({ length: 20 }, () => answer(bytes, false)));
          assert.equal(answers.filter((a) => a.keys.includes("id")).length, 1);
          assert.equal(answers.filter((a) => a.keys.includes("alreadyReceived")).length, 19);
          const [row] = await ctx.sql<{ stored: number; counted: number }[]>`
          select (select count(*)::int from messages where segment_id = ${vote.id} and device_id = ${device})
              as stored,
            (select coalesce(sum(count), 0)::int from vote_counts where choice_id = ${vote.choiceIds[1]})
              as counted`;
          assert.equal(row.stored, 1);
          assert.ok(row.counted >= 1);
        },
      );
    } finally {
      await ctx.close();
    }
  },
});
