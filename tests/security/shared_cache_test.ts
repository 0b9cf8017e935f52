import assert from "node:assert/strict";
import { testApp } from "../_helpers.ts";
import { openSession } from "../../lib/platform/sessions.ts";

// A shared cache (CDN, edge) keeps what says `public`/`s-maxage`: a staff preview of a draft or a
// listener's shared participation must never be among it, or strangers would be served them.
Deno.test("shared cache - personal widget pages are never marked for shared caches", async (t) => {
  const ctx = await testApp({ demoPassword: "Demo-Password-1!" });
  try {
    const [radio] = (await ctx.sql<{ id: number }[]>`select id from channels order by id`).map((r) => r.id);
    const [draft] = await ctx.sql<{ id: number }[]>`
      select id from segments where channel_id = ${radio} and status = 'draft' limit 1`;
    const [manager] = await ctx.sql<{ id: number }[]>`select id from users where login = 'manager'`;
    const cookie = `im_session=${await openSession(ctx.sql, ctx.deps.jwtSecret, manager.id, "staff")}`;

    await t.step("a staff preview of a draft is private", async () => {
      const res = await ctx.request(`/widgets/${radio}/${draft.id}/?preview=1&lang=en`, {
        headers: { cookie },
      });
      assert.equal(res.status, 200);
      const cc = res.headers.get("cache-control")!;
      assert.match(cc, /private/);
      assert.doesNotMatch(cc, /public|s-maxage/);
      await res.body?.cancel();
      // a stranger asking for the same preview gets the unavailable page, not the draft
      const stranger = await ctx.request(`/widgets/${radio}/${draft.id}/?preview=1&lang=en`);
      assert.equal(stranger.status, 410);
      assert.doesNotMatch(stranger.headers.get("cache-control") ?? "", /s-maxage/);
      await stranger.body?.cancel();
    });

    await t.step(
      "a staff session without ?preview=1 sees the public page: no draft, the same shared copy",
      async () => {
        // widget pages skip the session lookup; a draft must stay hidden all the same
        const res = await ctx.request(`/widgets/${radio}/${draft.id}/?lang=en`, { headers: { cookie } });
        assert.equal(res.status, 410);
        await res.body?.cancel();
        const [live] = await ctx.sql<{ id: number }[]>`
        select id from segments where channel_id = ${radio} and status = 'published' order by id limit 1`;
        const staff = await ctx.request(`/widgets/${radio}/${live.id}/?lang=en`, { headers: { cookie } });
        const anonymous = await ctx.request(`/widgets/${radio}/${live.id}/?lang=en`);
        assert.equal(staff.headers.get("cache-control"), anonymous.headers.get("cache-control"));
        assert.equal(await staff.text(), await anonymous.text());
      },
    );

    await t.step("a channel page showing a shared participation is private", async () => {
      const [message] = await ctx.sql<{ token: string }[]>`
        update messages set shared_at = now() where id = (
          select id from messages where channel_id = ${radio} and status = 'received'
            and moderation in ('none', 'approved') order by id limit 1)
        returning share_token::text as token`;
      const res = await ctx.request(`/widgets/channel/${radio}/?s=${message.token}&lang=en`);
      assert.match(await res.clone().text(), /Message posted on/);
      assert.doesNotMatch(res.headers.get("cache-control")!, /public|s-maxage/);
      await res.body?.cancel();
    });
  } finally {
    await ctx.close();
  }
});
