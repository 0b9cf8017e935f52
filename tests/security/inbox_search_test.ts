// Attack test of the inbox search (db/inbox.ts: bitCountsOf() and spelledOut(), migration 031): a staff
// member's search never counts or lists another channel's messages, and whatever words are typed, the answer
// is a 200 with the totals of a plain query or a clear 400, never a 5xx.
import assert from "node:assert/strict";
import fc from "fast-check";
import { demoStaff, testApp } from "../_helpers.ts";
import { seedDemo } from "../../lib/demo/seed.ts";
import { searchQuery } from "../../lib/rules/inbox.ts";
import { randomSegment } from "../api/_participation.ts";
import { scanUploaded } from "../api/_search_bitmaps.ts";

const RUNS = Number(Deno.env.get("FUZZ_RUNS") ?? 40);
const shared = { sanitizeOps: false, sanitizeResources: false };
const ctx = await testApp();
await seedDemo(ctx.sql, { password: "Demo-Password-1!" });
const { radio, tv, token } = await demoStaff(ctx);
const operator = await token("operator");
const [radioSegment, tvSegment] = [
  await randomSegment(ctx.sql, radio, { type: "message" }),
  await randomSegment(ctx.sql, tv, { type: "message" }),
];
// the same words in both channels, more of them at the TV
for (const [segment, channel, n] of [[radioSegment.id, radio, 7], [tvSegment.id, tv, 40]]) {
  await ctx.sql`insert into messages (channel_id, segment_id, type, text, author_name)
    select ${channel}, ${segment}, 'message', 'Confidentiel numéro ' || g, 'Zoé Garcia'
    from generate_series(1, ${n}::int) g`;
}
// all the TV's are delivered, three of the radio's (the Uploaded tab of a search, 032_search_uploaded.sql)
await ctx.sql`insert into deliveries (channel_id, message_id, status, finished_at)
  select channel_id, id, 'success', now() from messages
  where text like 'Confidentiel%' and (channel_id = ${tv} or id in (
    select id from messages where channel_id = ${radio} and text like 'Confidentiel%' order by id limit 3))`;

/** The messages of All a plain query finds for a search typed in a segment or a channel. */
async function plainTotal(text: string, scope: { segment?: number; channel: number }): Promise<number> {
  const query = searchQuery(text);
  const [{ n }] = await ctx.sql<{ n: number }[]>`
    select count(*)::int as n from messages m
    where ${
    scope.segment ? ctx.sql`m.segment_id = ${scope.segment}` : ctx.sql`m.channel_id = ${scope.channel}`
  }
      and m.status = 'received' and m.moderation in ('none', 'approved')
      ${query ? ctx.sql`and m.search_vector @@ to_tsquery('simple', ${query})` : ctx.sql``}`;
  return n;
}

/** The text in a URL, byte for byte: a lone surrogate as the three bytes a careless client would send. */
const inUrl = (text: string) =>
  [...text].map((c) => {
    const unit = c.charCodeAt(0);
    if (c.length > 1 || unit < 0xd800 || unit > 0xdfff) return encodeURIComponent(c);
    return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
      .map((b) => `%${b.toString(16).toUpperCase()}`).join("");
  }).join("");

const get = (path: string) => ctx.request(path, { token: operator, headers: { "accept-language": "en" } });

Deno.test({
  name: "inbox search security - another channel's messages are never counted or listed",
  ...shared,
  async fn() {
    for (const text of ["confidentiel", "conf zoé", "garc"]) {
      const q = encodeURIComponent(text);
      // the operator's channel: its counts, list and total hold the radio's messages only
      const counts = await (await get(`/api/v1/interaction/counts?search_text=${q}`)).json();
      assert.equal(counts.all, await plainTotal(text, { channel: radio }), `channel counts of ${text}`);
      assert.ok(counts.all >= 7 && counts.all < 47, `${text}: ${counts.all}`);
      assert.equal(
        counts.uploaded,
        await scanUploaded(ctx.sql, { channelId: radio }, searchQuery(text)),
        `channel's uploaded messages of ${text}`,
      );
      assert.ok(counts.uploaded >= 3 && counts.uploaded < 43, `${text}: uploaded ${counts.uploaded}`);
      const list =
        await (await get(`/api/v1/channel-interactions?per_page=100&with_counts=1&search_text=${q}`))
          .json();
      assert.equal(list.pagination.total, counts.all);
      assert.deepEqual(list.counts, counts, "the list's counts are the counts call's");
      const [{ foreign }] = await ctx.sql<{ foreign: number }[]>`
        select count(*)::int as foreign from messages
        where id = any(${list.data.map((m: { id: number }) => m.id)}::bigint[]) and channel_id <> ${radio}`;
      assert.equal(foreign, 0, "no message of another channel listed");
      // the TV's interaction named by the radio's operator, in every form: refused, nothing counted
      for (
        const path of [
          `/api/v1/interaction/counts?segment_id=${tvSegment.id}&search_text=${q}`,
          `/api/v1/channel-interactions?segment_id=${tvSegment.id}&with_counts=1&search_text=${q}`,
          `/api/v1/interaction/counts?channel_id=${tv}&search_text=${q}`,
        ]
      ) {
        const res = await get(path);
        const body = await res.json();
        if (res.status === 200) {
          // a channel_id of another channel is ignored: the caller's channel is the scope
          assert.equal(body.all, counts.all, path);
        } else {
          assert.equal(res.status, 404, path);
          assert.equal(body.code, "not_found");
          assert.equal(body.all, undefined);
        }
      }
    }
  },
});

Deno.test({
  name: "inbox search security - any words: a 200 with a plain query's totals, or a 400, never a 5xx",
  ...shared,
  async fn() {
    const words = fc.oneof(
      fc.string({ unit: "binary", maxLength: 40 }),
      fc.array(fc.constantFrom("conf", "zoé", "GARC", "numéro", "1", "é", "ß", "İ"), { maxLength: 12 }).map((
        w,
      ) => w.join(" ")),
      fc.constantFrom(
        "x".repeat(10_000),
        "a ".repeat(60),
        "'):*&|!",
        "\\",
        "''",
        "%_",
        "e\u0301",
        "𝔘𝔫𝔦𝔠𝔬𝔡𝔢",
        "١٢٣",
        "\u{10FFFF}",
        "\u0000",
        "\ud800",
        "<script>",
        "conf:* | zoé",
      ),
    );
    await fc.assert(
      fc.asyncProperty(words, fc.boolean(), async (text, inSegment) => {
        const q = inUrl(text);
        const scope = inSegment ? `segment_id=${radioSegment.id}&` : "";
        for (const path of [`/api/v1/interaction/counts?${scope}`, `/api/v1/channel-interactions?${scope}`]) {
          const res = await get(`${path}with_counts=1&search_text=${q}`);
          const body = await res.json();
          assert.ok(res.status === 200 || res.status === 400, `${res.status} for ${JSON.stringify(text)}`);
          if (res.status === 400) {
            assert.equal(typeof body.code, "string");
            assert.equal(typeof body.message, "string");
            continue;
          }
          const total = path.includes("counts") ? body.all : body.pagination.total;
          // what the server searched: a URL it cannot decode (a lone surrogate) is kept as it came
          let searched = q;
          try {
            searched = decodeURIComponent(q);
          } catch { /* kept as it came */ }
          const expected = await plainTotal(searched, {
            segment: inSegment ? radioSegment.id : undefined,
            channel: radio,
          });
          assert.equal(total, expected, `total of ${JSON.stringify(text)}`);
        }
      }),
      { numRuns: RUNS },
    );
  },
});
