import assert from "node:assert/strict";
import { testApp } from "../_helpers.ts";
import { openSession } from "../../lib/platform/sessions.ts";
import { randomChannel, randomSegment } from "./_participation.ts";
import { widgetStyle } from "../../lib/widgets/page.ts";
import { readableOn } from "../../lib/rules/customisation.ts";

const ctx = await testApp();
const channelId = await randomChannel(ctx.sql, {
  label: "Radio Test",
  widget_primary_color: "#114477",
  customisation: ctx.sql.json({
    btn_1_color: "#aa2200",
    text_thanks: "Thanks from the team",
    text_personal: "On air soon",
  }),
});

/** The rendered markup without the islands' locale data. */
const markup = (html: string) => html.split('<script type="application/json"')[0];

Deno.test({
  name: "widget page - the single-interaction widget is server-rendered",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const vote = await randomSegment(ctx.sql, channelId, { title: "Best song", text: "Pick one" }, [
      "A",
      "B",
    ]);

    await t.step("init screen with texts, the type's button, colours, channel title", async () => {
      const res = await ctx.request(
        `/widgets/${channelId}/${vote.id}/?lang=en&ref=my-blog&background=102030&width=400`,
      );
      assert.equal(res.status, 200);
      assert.match(res.headers.get("content-type")!, /text\/html/);
      const html = markup(await res.text());
      assert.match(html, /<title>Radio Test<\/title>/);
      assert.match(html, /Best song/);
      assert.match(html, /Pick one/);
      assert.match(html, /On air soon/);
      assert.match(html, />Participate in the survey</);
      assert.match(html, /--w-primary:#114477/);
      assert.match(html, /--w-btn:#aa2200/);
      assert.match(html, /--w-outer:#102030/);
      assert.match(html, /--w-width:400px/);
      assert.match(html, /widget\.css/);
      assert.match(html, /&quot;siteRef&quot;:&quot;my-blog&quot;/);
      assert.match(html, /Powered by Interaction Manager/);
      assert.doesNotMatch(html, /You are almost there/);
    });

    await t.step("each type shows its buttons", async () => {
      const cases: [Record<string, unknown>, RegExp[]][] = [
        [{ type: "recording_question", enable_written_answer: true }, [
          /Participate vocally/,
          /Participate in writing/,
        ]],
        [{ type: "recording_question" }, [/Participate vocally/]],
        [{ type: "video", media_type: "video", enable_audio_answer: true }, [
          /Participate in video/,
          /Import a file/,
          /In voice/,
        ]],
        [{ type: "video", media_type: "image" }, [/Import a file/]],
        [{ type: "message" }, [/>Participate</]],
        [{ type: "registration" }, [/>Participate</]],
      ];
      for (const [over, patterns] of cases) {
        const seg = await randomSegment(ctx.sql, channelId, over);
        const html = await (await ctx.request(`/widgets/${channelId}/${seg.id}/?lang=en`)).text();
        for (const p of patterns) assert.match(markup(html), p, JSON.stringify(over));
      }
      const voiceOnly = await randomSegment(ctx.sql, channelId, { type: "recording_question" });
      const voiceHtml = await (await ctx.request(`/widgets/${channelId}/${voiceOnly.id}/?lang=en`)).text();
      assert.doesNotMatch(markup(voiceHtml), /Participate in writing/);
    });

    await t.step("the customisation's language unless the address asks for one", async () => {
      const seg = await randomSegment(ctx.sql, channelId, { customisation: { language: "pt" } }, ["A"]);
      const pt = markup(await (await ctx.request(`/widgets/${channelId}/${seg.id}/`)).text());
      assert.match(pt, /<html lang="pt"/);
      assert.match(pt, />Participar no inquérito</);
      const en = markup(await (await ctx.request(`/widgets/${channelId}/${seg.id}/?lang=en`)).text());
      assert.match(en, />Participate in the survey</);
    });

    await t.step("a looping background video with controls", async () => {
      const seg = await randomSegment(ctx.sql, channelId, {
        background_url: "/media/bg.mp4",
        background_kind: "video",
      });
      const html = await (await ctx.request(`/widgets/${channelId}/${seg.id}/?lang=en`)).text();
      assert.match(html, /<video src="\/media\/bg.mp4" autoplay muted loop playsinline controls/i);
    });

    await t.step(
      "the page is the same for an in-app browser (the island shows its overlay, e2e)",
      async () => {
        const seg = await randomSegment(ctx.sql, channelId, { type: "recording_question" });
        const page = async (userAgent: string) =>
          markup(
            await (await ctx.request(`/widgets/${channelId}/${seg.id}/?lang=en`, {
              headers: { "user-agent": userAgent },
            }))
              .text(),
          );
        assert.equal(await page("Mozilla/5.0 Instagram 300.0"), await page("Mozilla/5.0 Chrome/130"));
      },
    );

    await t.step("unknown, another channel's and ended interactions", async () => {
      const missing = await ctx.request(`/widgets/${channelId}/999999/?lang=en`);
      assert.equal(missing.status, 404);
      assert.match(missing.headers.get("content-type")!, /text\/html/);
      assert.match(await missing.text(), /This interaction does not exist\./);
      const other = await randomSegment(ctx.sql, await randomChannel(ctx.sql), {}, ["A"]);
      assert.equal((await ctx.request(`/widgets/${channelId}/${other.id}/`)).status, 404);
      assert.equal((await ctx.request(`/widgets/abc/def/`)).status, 404);
      const ended = await randomSegment(ctx.sql, channelId, { status: "archived" });
      const gone = await ctx.request(`/widgets/${channelId}/${ended.id}/?lang=en`);
      assert.equal(gone.status, 410);
      assert.match(await gone.text(), /Sorry this interaction is no longer available\./);
    });

    await t.step(
      "a scheduled interaction not open yet says when it opens, in the channel's time zone",
      async () => {
        await ctx.sql`update channels set time_zone = 'America/New_York' where id = ${channelId}`;
        const later = await randomSegment(ctx.sql, channelId, {
          status: "published",
          start_date: new Date("2999-12-24T17:30:00Z"),
        });
        const en = await ctx.request(`/widgets/${channelId}/${later.id}/?lang=en`);
        assert.equal(en.status, 200);
        assert.match(en.headers.get("content-type")!, /text\/html/);
        assert.equal(en.headers.get("cache-control"), "no-store", "the page changes once it opens");
        const html = await en.text();
        // 17:30 UTC is 12:30 PM in New York
        assert.match(
          html,
          /class="w-message" role="alert">This interaction opens on Tuesday, December 24, 2999 at 12:30\s?PM\. Come/,
        );
        const fr = await (await ctx.request(`/widgets/${channelId}/${later.id}/?lang=fr`)).text();
        assert.match(fr, /Cette interaction ouvre le mardi 24 décembre 2999 à 12:30\./);
        await ctx.sql`update channels set time_zone = 'Europe/Paris' where id = ${channelId}`;
      },
    );

    await t.step("the channel's staff preview an interaction that is not open (?preview=1)", async () => {
      const draft = await randomSegment(ctx.sql, channelId, { status: "draft" });
      const [staff] = await ctx.sql<{ id: number }[]>`
        insert into users (login, email, role, channel_id) values ('prev', 'prev@example.org', 'operator', ${channelId})
        returning id`;
      const [other] = await ctx.sql<{ id: number }[]>`
        insert into users (login, email, role, channel_id)
        values ('prev2', 'prev2@example.org', 'administrator', ${await randomChannel(ctx.sql)}) returning id`;
      const url = `/widgets/${channelId}/${draft.id}/?preview=1&lang=en`;
      assert.equal((await ctx.request(url)).status, 410, "the public never previews");
      const own = await ctx.request(url, {
        token: await openSession(ctx.deps.sql, ctx.deps.jwtSecret, staff.id, "staff"),
      });
      assert.equal(own.status, 200);
      assert.match(await own.text(), /data-island="SingleWidget"/);
      const foreign = await ctx.request(url, {
        token: await openSession(ctx.deps.sql, ctx.deps.jwtSecret, other.id, "staff"),
      });
      assert.equal(foreign.status, 410, "another channel's staff do not either");
    });

    await t.step("the share link redirects to the widget with its query", async () => {
      const res = await ctx.request(`/s/${vote.uuid}?ref=qr`, { redirect: "manual" });
      assert.equal(res.status, 302);
      assert.equal(res.headers.get("location"), `/widgets/${channelId}/${vote.id}/?ref=qr`);
      const unknown = await ctx.request(`/s/${crypto.randomUUID()}?lang=en`);
      assert.equal(unknown.status, 404);
      assert.match(unknown.headers.get("content-type")!, /text\/html/);
    });
  },
});

Deno.test("widget page - colours", () => {
  assert.equal(readableOn("#ffffff"), "#1c2230");
  assert.equal(readableOn("#1b2a4a"), "#ffffff");
  assert.match(widgetStyle("#c48b9f", {}, {}), /--w-btn:#c48b9f;--w-btn-text:#1c2230/);
  // a text colour staff chose is kept while readable (4.5:1), replaced by a readable one otherwise
  // (white on #c48b9f is 2.6:1)
  assert.match(
    widgetStyle("#1b2a4a", { btn_1_text_color: "#ffffff" }, {}),
    /--w-btn:#1b2a4a;--w-btn-text:#ffffff/,
  );
  assert.match(
    widgetStyle("nope", { btn_1_text_color: "#ffffff" }, { height: "x" }),
    /--w-primary:#c48b9f.*--w-btn-text:#1c2230/,
  );
  assert.doesNotMatch(widgetStyle("#000000", {}, { height: "x" }), /--w-height/);
});

Deno.test({
  name: "widget page - teardown",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    await ctx.close();
  },
});
