// The single widget of an interaction that requires registration, as the server sends it: the first
// screen says an account is needed before any form (the page is the same for every listener, so the
// notice is in the markup), with the login panel's stylesheet. The API's refusal of a listener without
// an account is tested in tests/api/participation_test.ts.
import assert from "node:assert/strict";
import { notificationsHeard, openSegmentId, testApp } from "../_helpers.ts";
import en from "../../locales/en.json" with { type: "json" };

/** The page without the texts its islands carry (all the widget's texts, the notice's among them). */
const markup = (html: string) => html.split('<script type="application/json" id="__islands">')[0];

Deno.test("single widget of a registration-required interaction - the account notice before the form", async (t) => {
  const ctx = await testApp({ demoPassword: "Demo-Password-1!" });
  try {
    const [draw] = await ctx.sql<{ id: number; channel_id: number; uuid: string }[]>`
      select id::int as id, channel_id::int as channel_id, uuid::text as uuid from segments
      where title like 'Tirage au sort%' and registration_required`;

    await t.step("the draw's page says an account is needed and loads the panel's styles", async () => {
      const res = await ctx.request(`/widgets/${draw.channel_id}/${draw.id}/?lang=en`);
      assert.equal(res.status, 200);
      assert.match(res.headers.get("content-type")!, /text\/html/);
      const html = markup(await res.text());
      assert.ok(html.includes(en.widget.account_needed));
      assert.ok(html.includes(en.widget.account_login));
      // carried in the page (a widget makes no request for its styles)
      assert.match(html, /<style data-css="panel\.css">/);
      // before the buttons, and no form yet
      assert.ok(html.indexOf(en.widget.account_needed) < html.indexOf(`>${en.widget.participate}<`));
      assert.ok(!html.includes('class="w-field"'));
    });

    await t.step(
      "an interaction open to all says nothing of an account and loads no panel styles",
      async () => {
        const open = await openSegmentId(ctx.sql, draw.channel_id);
        await ctx.sql`update segments set registration_required = false where id = ${open}`;
        await notificationsHeard(ctx); // a page rendered before is kept until the database's notification drops it
        const html = markup(await (await ctx.request(`/widgets/${draw.channel_id}/${open}/?lang=en`)).text());
        assert.ok(!html.includes(en.widget.account_needed));
        assert.ok(!html.includes("panel.css"));
      },
    );
  } finally {
    await ctx.close();
  }
});
