import assert from "node:assert/strict";
import { testApp } from "../_helpers.ts";
import { openSession } from "../../lib/platform/sessions.ts";
import { SESSION_COOKIE } from "../../lib/platform/auth.ts";
import { randomChannel, randomSegment } from "./_participation.ts";

Deno.test("interaction statistics - over time in the channel's days, votes per choice, word cloud", async () => {
  const ctx = await testApp();
  try {
    await ctx.sql`update users set language = 'en'`;
    const channelId = await randomChannel(ctx.sql, { time_zone: "America/New_York" });
    const vote = await randomSegment(ctx.sql, channelId, { title: "Best song" }, ["Jazz", "Rock <b>"]);
    const texts = await randomSegment(ctx.sql, channelId, { type: "message", title: "Your words" });
    const [staff] = await ctx.sql<{ id: number }[]>`
      insert into users (login, email, password_hash, role, channel_id, language)
      values ('stats-op', 'stats-op@example.org', 'x', 'operator', ${channelId}, 'en') returning id::int as id`;
    // 03:00 UTC on the 2nd is still the 1st in New York
    const votes = [
      ["2026-03-01T15:00:00Z", 0],
      ["2026-03-02T03:00:00Z", 0],
      ["2026-03-02T15:00:00Z", 1],
      ["2026-03-03T15:00:00Z", 0],
    ] as const;
    for (const [at, choice] of votes) {
      await ctx.sql`insert into messages (channel_id, segment_id, type, choice_ids, device_id, created_at)
        values (${channelId}, ${vote.id}, 'single_choice_question', ${[vote.choiceIds[choice]]}::bigint[],
          ${crypto.randomUUID()}, ${at})`;
    }
    await ctx.sql`insert into messages (channel_id, segment_id, type, choice_ids, status, created_at)
      values (${channelId}, ${vote.id}, 'single_choice_question', ${[
      vote.choiceIds[1],
    ]}::bigint[], 'trash', now())`;
    for (
      const text of [
        "Merci pour la musique du matin",
        "La musique du matin est super",
        "Thanks for the morning music",
        "<script>alert(1)</script> musique",
      ]
    ) {
      await ctx.sql`insert into messages (channel_id, segment_id, type, text, created_at)
        values (${channelId}, ${texts.id}, 'message', ${text}, '2026-03-05T10:00:00Z')`;
    }
    const cookie = `${SESSION_COOKIE}=${await openSession(
      ctx.deps.sql,
      ctx.deps.jwtSecret,
      staff.id,
      "staff",
    )}`;
    const page = async (id: number) => {
      const res = await ctx.request(`/interactions/${id}`, { headers: { cookie } });
      assert.equal(res.status, 200);
      return await res.text();
    };

    const votesHtml = await page(vote.id);
    assert.match(votesHtml, /Participations: 4 · days and hours of America\/New_York/);
    // per day in New York: 2 on the 1st, 1 on the 2nd, 1 on the 3rd (the trashed vote left out)
    assert.match(votesHtml, /<th scope="row">2026-03-01<\/th><td>2<\/td>/);
    assert.match(votesHtml, /<th scope="row">2026-03-02<\/th><td>1<\/td>/);
    assert.match(votesHtml, /<th scope="row">Jazz \(75 %\)<\/th><td>3<\/td>/);
    assert.match(votesHtml, /<th scope="row">Rock &lt;b> \(25 %\)<\/th><td>1<\/td>/);
    assert.match(votesHtml, /data-island="ChartDownload"|ChartDownload/);

    const textHtml = await page(texts.id);
    assert.match(textHtml, /Most used words/);
    assert.match(textHtml, /<li>musique \(3\)<\/li>/);
    assert.match(textHtml, /<li>matin \(2\)<\/li>/);
    assert.ok(!/<li>(la|du|the|for|pour)\b/.test(textHtml), "stop words are left out");
    assert.ok(!textHtml.includes("<script>alert"), "texts are escaped");
  } finally {
    await ctx.close();
  }
});
