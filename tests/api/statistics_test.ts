import assert from "node:assert/strict";
import { demoStaff, testApp } from "../_helpers.ts";
import { SESSION_COOKIE } from "../../lib/platform/auth.ts";

Deno.test("statistics page - figures, ranges, charts with their data, downloads", async (t) => {
  const ctx = await testApp({ demoPassword: "Demo-Password-1!" });
  try {
    await ctx.sql`update users set language = 'en'`;
    const { radio, token } = await demoStaff(ctx);
    const get = async (path: string, login: string) =>
      await ctx.request(path, {
        headers: { cookie: `${SESSION_COOKIE}=${await token(login)}` },
        redirect: "manual",
      });

    await t.step(
      "the channel menu links to it; 30 days by default with the figures of the database",
      async () => {
        const res = await get("/statistics", "operator");
        assert.equal(res.status, 200);
        const html = await res.text();
        assert.match(html, /href="\/statistics"[^>]*aria-current="page"/);
        const [row] = await ctx.sql<{ total: number; participants: number; liked: number }[]>`
        select count(*)::int as total,
          count(distinct coalesce('u' || author_app_user_id::text, 'd' || device_id))::int as participants,
          count(*) filter (where liked)::int as liked
        from messages where channel_id = ${radio} and status <> 'trash'
          and created_at >= (date_trunc('day', now() at time zone 'Europe/Paris') - interval '29 days')
            at time zone 'Europe/Paris'`; // the days of the channel's time zone
        assert.ok(row.total > 0);
        assert.match(
          html,
          new RegExp(
            `<span class="stat-value">${
              row.total.toLocaleString("en")
            }</span><span class="stat-label">Participations<`,
          ),
        );
        assert.match(
          html,
          new RegExp(
            `<span class="stat-value">${
              row.participants.toLocaleString("en")
            }</span><span class="stat-label">Unique participants<`,
          ),
        );
        assert.match(
          html,
          new RegExp(
            `<span class="stat-value">${
              row.liked.toLocaleString("en")
            }</span><span class="stat-label">Messages liked<`,
          ),
        );
        assert.match(html, /Participations per day/);
        assert.match(html, /<img class="stat-img" src="data:image\/svg\+xml/);
        assert.match(html, /<summary>Show the data<\/summary>/);
        assert.match(html, /Most active listeners/);
        // numbers and dates written for the user's language
        assert.match(html, /messages of the 4,000 aimed for in 12 months/);
        // the same figures as JSON, in the days of the channel's time zone
        const api = await get("/api/v1/statistics/dashboard", "operator");
        assert.equal(api.status, 200);
        const data = await api.json();
        assert.equal(data.period.time_zone, "Europe/Paris");
        assert.equal(data.series.length, 30);
        assert.equal(data.series.reduce((s: number, r: { count: number }) => s + r.count, 0), row.total);
        assert.equal(data.participants, row.participants);
      },
    );

    await t.step("a single day is shown per hour; 12 months and 7 days are offered", async () => {
      const day = new Date().toISOString().slice(0, 10);
      const html = await (await get(`/statistics?range=custom&from=${day}&to=${day}`, "manager")).text();
      assert.match(html, /Participations per hour/);
      const [y, m, dd] = day.split("-");
      assert.ok(html.includes(`${dd}/${m}/${y} to ${dd}/${m}/${y}.`), "the period in DD/MM/YYYY");
      assert.match(html, /<th scope="row">00:00<\/th>/);
      const year = await (await get("/statistics?range=12m", "manager")).text();
      assert.match(year, /href="\/statistics\?range=12m" aria-current="page"/);
    });

    await t.step("a chart's data downloads as CSV and the chart as SVG", async () => {
      const csv = await get("/statistics/download?range=12m&chart=by_interaction&format=csv", "operator");
      assert.equal(csv.status, 200);
      assert.match(csv.headers.get("content-type") ?? "", /^text\/csv/);
      assert.match(
        csv.headers.get("content-disposition") ?? "",
        /attachment; filename="statistics-\d+-by_interaction-/,
      );
      const text = await csv.text();
      assert.match(text, /^Interaction,Count\r\n/);
      const [top] = await ctx.sql<{ title: string; count: number }[]>`
        select s.title, count(*)::int as count from messages m join segments s on s.id = m.segment_id
        where m.channel_id = ${radio} and m.status <> 'trash' and m.created_at >= now() - interval '366 days'
        group by s.id, s.title order by 2 desc, s.id limit 1`;
      assert.ok(
        text.includes(`${top.title.includes(",") ? `"${top.title}"` : top.title},${top.count}\r\n`),
        text,
      );
      const svg = await get("/statistics/download?chart=per_time&format=svg", "operator");
      assert.equal(svg.status, 200);
      assert.match(svg.headers.get("content-type") ?? "", /^image\/svg\+xml/);
      assert.match(await svg.text(), /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      const unknown = await get("/statistics/download?chart=nope&format=csv", "operator");
      assert.equal(unknown.status, 404);
    });

    await t.step("a super administrator picks a channel", async () => {
      const none = await get("/statistics", "admin");
      assert.equal(none.status, 302);
      const res = await get(`/statistics?channel=${radio}`, "admin");
      assert.equal(res.status, 200);
      assert.match(await res.text(), /<select name="channel">/);
    });
  } finally {
    await ctx.close();
  }
});
