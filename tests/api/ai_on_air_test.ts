// The assistant reads from the database what it needs to offer messages to read on air: the nickname,
// the moderation state, the trash left out, the hours in the channel's time zone whatever the browser's;
// what it read is said in the counts of the inbox's tabs.
import assert from "node:assert/strict";
import { testApp } from "../_helpers.ts";
import { seedDemo } from "../../lib/demo/seed.ts";
import { openSession } from "../../lib/platform/sessions.ts";

Deno.test("AI prompt API - messages to read on air: nickname, channel's local time, nothing unsafe; the answer and the hint count what they read as the inbox's tabs do", async () => {
  const ctx = await testApp();
  try {
    await seedDemo(ctx.sql, { password: "Demo-Password-1!" });
    const [operator] = await ctx.sql<{ id: number }[]>`select id::int from users where login = 'operator'`;
    const token = await openSession(ctx.deps.sql, ctx.deps.jwtSecret, operator.id, "staff");
    const [radio] = await ctx.sql<{ id: number; uuid: string }[]>`
      select id::int, uuid::text from channels where type = 'radio'`;
    await ctx.sql`update channels set time_zone = 'Europe/Paris' where id = ${radio.id}`;
    const [segment] = await ctx.sql<{ id: number }[]>`
      insert into segments (channel_id, title, type, status)
      values (${radio.id}, 'Matinale du mardi', 'message', 'ready') returning id::int`;
    const rows: [string, string, string, string][] = [
      // text, nickname, status, moderation
      ["Super émission ce matin, bravo à toute l'équipe", "Camille69", "received", "none"],
      ["J'adore la chronique jardin du samedi matin", "Jardinier", "received", "approved"],
      ["Une dédicace pour ma sœur Julie qui fête ses trente ans", "Zoé", "archived", "none"],
      ["Bravo, rappelez-moi au 06 12 34 56 78 pour le cadeau", "Phone", "received", "none"],
      ["Bravo pour cette belle émission du matin avec vous", "Pending", "received", "pending"],
      ["Bravo pour cette belle émission du matin ensemble", "Trashed", "trash", "none"],
    ];
    for (const [text, name, status, moderation] of rows) {
      await ctx.sql`
        insert into messages (channel_id, segment_id, type, text, content, author_name, author_city, status,
          moderation, created_at)
        values (${radio.id}, ${segment.id}, 'message', ${text}, ${ctx.sql.json({ text })}, ${name}, 'Lyon',
          ${status}, ${moderation}, '2026-11-03T13:05:00Z')`;
    }
    const res = await ctx.request("/api/v2/ai/prompt", {
      method: "POST",
      token,
      headers: { accept: "text/plain", "api-key": radio.uuid },
      // the browser asking is in UTC; the show's hours are Paris hours
      json: { prompt: "Trois messages à lire à l'antenne", segment_id: segment.id, time_zone: "UTC" },
    });
    assert.equal(res.status, 200);
    const answer = await res.text();
    assert.match(answer, /### Messages à lire à l'antenne \(3\)/);
    for (const name of ["Camille69", "Jardinier", "Zoé"]) {
      assert.match(answer, new RegExp(`${name}, Lyon, 03/11 14:05`));
    }
    for (const name of ["Phone", "Pending", "Trashed"]) assert.ok(!answer.includes(name), name);
    assert.match(answer, /Choisis parmi 3 des 5 messages écrits/);
    // The answer and the page's hint say what they read in the inbox's words: the counts of its tabs, as
    // the inbox reads them (the trashed one left out).
    const counts = await (await ctx.request(`/api/v1/interaction/counts?segment_id=${segment.id}`, { token }))
      .json();
    assert.deepEqual([counts.all, counts.archive, counts.moderated, counts.trash], [3, 1, 1, 1]);
    const tabs = `${counts.all} dans « Toutes les participations », ${counts.archive} dans « Archives » et ` +
      `${counts.moderated} dans « À modérer »`;
    assert.ok(answer.includes(`_D'après 5 participations : ${tabs}._`), answer);
    const page = (await (await ctx.request(`/interactions/${segment.id}/assistant`, { token })).text())
      .replace(/&#x27;|&#39;/g, "'");
    assert.ok(page.includes(`L'assistant lit 5 participations de cette interaction : ${tabs}.`), page);
    // the page's figures are the tabs' own
    assert.match(page, new RegExp(`<dt>Toutes les participations</dt><dd>${counts.all}</dd>`));
    assert.match(page, new RegExp(`<dt>Archives</dt><dd>${counts.archive}</dd>`));
    assert.match(page, new RegExp(`<dt>À modérer</dt><dd>${counts.moderated}</dd>`));
  } finally {
    await ctx.close();
  }
});
