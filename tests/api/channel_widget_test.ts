import assert from "node:assert/strict";
import { notificationsHeard, testApp } from "../_helpers.ts";

Deno.test("channel widget - public channel, permanent interactions and the home page", async (t) => {
  const ctx = await testApp({ demoPassword: "Demo-Password-1!" });
  try {
    const [radio, tv] = (await ctx.sql<{ id: number }[]>`select id from channels order by id`).map((r) =>
      r.id
    );
    const permanent = await ctx.sql<{ id: number; title: string }[]>`
      select id, title from segments where channel_id = ${radio} and to_mode = 'permanent'
        and status in ('ready', 'published') and (start_date is null or start_date <= now())
      order by start_date desc nulls last, id desc`;
    assert.ok(permanent.length >= 2, "the demo radio has several permanent interactions");

    await t.step("channels/mobile/{id} is public and hides staff fields", async () => {
      const res = await ctx.request(`/api/v1/channels/mobile/${radio}`);
      assert.equal(res.status, 200);
      assert.match(res.headers.get("content-type")!, /application\/json/);
      const body = await res.json();
      assert.equal(body.label, "Radio Horizon");
      assert.equal(body.status, "active");
      assert.equal(body.my_space_enabled, true);
      for (const hidden of ["ftp_host", "ftp_password_enc", "ftp_user", "customisation"]) {
        assert.ok(!(hidden in body), hidden);
      }
      assert.equal((await ctx.request(`/api/v1/channels/mobile/999999`)).status, 404);
      assert.equal((await ctx.request(`/api/v1/channels/mobile/abc`)).status, 400);
      // the staff routes stay guarded
      assert.equal((await ctx.request(`/api/v1/channels/${radio}`)).status, 401);
    });

    await t.step("permanent/all lists the open permanent interactions, newest first", async () => {
      const res = await ctx.request(`/api/v1/permanent/all/${radio}?active_only=true`);
      assert.equal(res.status, 200);
      const list = await res.json();
      assert.deepEqual(list.map((s: { id: number }) => s.id), permanent.map((s) => s.id));
      const one = list[0];
      assert.ok(one.permanent);
      assert.ok("choices" in one && "customisation" in one);
      assert.ok(!("created_by" in one) && !("requires_approval" in one) && !("correct_choice_id" in one));
      const only = await (await ctx.request(`/api/v1/permanent/all/${radio}?interaction_id=${one.id}`))
        .json();
      assert.deepEqual(only.map((s: { id: number }) => s.id), [one.id]);
      assert.equal((await ctx.request(`/api/v1/permanent/all/${radio}?active_only=maybe`)).status, 400);
      assert.equal((await ctx.request(`/api/v1/permanent/all/0`)).status, 400);
    });

    await t.step("another channel's interactions never appear", async () => {
      const list = await (await ctx.request(`/api/v1/permanent/all/${tv}`)).json();
      const radioIds = new Set(permanent.map((s) => s.id));
      assert.ok(
        list.every((s: { id: number; channel_id: number }) => s.channel_id === tv && !radioIds.has(s.id)),
      );
    });

    await t.step("the home page is server-rendered with the first slide and its button", async () => {
      const res = await ctx.request(`/widgets/channel/${radio}/?ref=site-a`, {
        headers: { "accept-language": "en" },
      });
      assert.equal(res.status, 200);
      assert.match(res.headers.get("content-type")!, /text\/html/);
      const html = await res.text();
      assert.match(html, /<title>Radio Horizon<\/title>/);
      assert.ok(
        html.includes(permanent[0].title.replace(/'/g, "&#39;")) || html.includes(permanent[0].title),
      );
      assert.match(html, new RegExp(`href="/widgets/${radio}/${permanent[0].id}/\\?ref=site-a"`));
      assert.match(html, />Participate</);
      assert.match(html, /class="cw-dot"/, "dots when more than one");
      assert.match(html, /title="My space"/, "my-space avatar when my_space_enabled");
      assert.match(html, /Powered by Interaction Manager/);
    });

    await t.step("the island carries each interaction's widget view (choices, recording time)", async () => {
      const html = await (await ctx.request(`/widgets/channel/${radio}/?lang=en`)).text();
      assert.match(html, /data-island="ChannelWidget"/);
      const props = JSON.parse(
        html.match(/data-island="ChannelWidget" data-props="([^"]+)"/)![1].replace(/&quot;/g, '"')
          .replace(/&amp;/g, "&").replace(/&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">"),
      );
      assert.equal(props.segments.length, permanent.length);
      const vote = props.segments.find((s: { type: string }) => s.type === "single_choice_question");
      assert.ok(vote.choices.length >= 2);
      assert.equal(typeof props.segments[0].max_recording_time, "number");
      assert.equal(props.channel.my_space_enabled, true);
      assert.equal(props.channel.gamification, true);
    });

    await t.step("s= (a share token) shows the shared message view of a shared participation", async () => {
      const [shared] = await ctx.sql<{ id: number; token: string }[]>`
        update messages set shared_at = now() where id = (
          select id from messages where channel_id = ${radio} and status = 'received'
            and moderation in ('none', 'approved') order by id limit 1)
        returning id::int as id, share_token::text as token`;
      const html = await (await ctx.request(`/widgets/channel/${radio}/?lang=en&s=${shared.token}`)).text();
      assert.match(html, /Message posted on/);
      assert.match(html, /I want to participate too/);
      assert.doesNotMatch(html, /class="cw-slide"/);
      // an author without a nickname (a listener who never registered) shows as the anonymous label
      const [anonymous] = await ctx.sql<{ token: string }[]>`
        update messages set shared_at = now(), author_app_user_id = null where id = (
          select id from messages where channel_id = ${radio} and status = 'received' and id <> ${shared.id}
            and moderation in ('none', 'approved') order by id limit 1)
        returning share_token::text as token`;
      const anonymousView =
        await (await ctx.request(`/widgets/channel/${radio}/?lang=en&s=${anonymous.token}`))
          .text();
      assert.match(anonymousView, /class="cw-shared-author">Anonymous</);
      const [other] = await ctx.sql<{ token: string }[]>`
        update messages set shared_at = now() where id = (
          select id from messages where channel_id = ${tv} order by id limit 1)
        returning share_token::text as token`;
      const [unshared] = await ctx.sql<{ token: string }[]>`
        select share_token::text as token from messages where channel_id = ${radio}
          and shared_at is null and broadcast_status = 'none' order by id limit 1`;
      // another channel's, an unshared one's, an old numeric link, junk: the widget home, status 404
      for (const s of [other?.token ?? crypto.randomUUID(), unshared.token, shared.id, "abc", 999999]) {
        const res = await ctx.request(`/widgets/channel/${radio}/?lang=en&s=${s}`);
        assert.equal(res.status, 404);
        const page = (await res.text())
          .split('<script type="application/json"')[0]; // without the islands' locale texts
        assert.doesNotMatch(page, /Message posted on/);
        assert.match(page, /class="cw-slide"/);
      }
    });

    await t.step("a closed channel says the interactions are not available", async () => {
      await ctx.sql`update channels set status = 'closed' where id = ${radio}`;
      const html =
        await (await ctx.request(`/widgets/channel/${radio}/`, { headers: { "accept-language": "en" } }))
          .text();
      assert.match(html, /Interactions with this radio are not currently available\./);
      assert.doesNotMatch(html, /class="cw-slide"/);
      assert.deepEqual(await (await ctx.request(`/api/v1/permanent/all/${radio}`)).json(), []);
    });

    await t.step("a demo channel is marked; my space hidden when disabled", async () => {
      await ctx.sql`update channels set status = 'demo', my_space_enabled = false where id = ${radio}`;
      await notificationsHeard(ctx); // the page seen before is kept until the database's notification drops it
      const html =
        await (await ctx.request(`/widgets/channel/${radio}/`, { headers: { "accept-language": "en" } }))
          .text();
      assert.match(html, /class="cw-demo">Demo</);
      assert.doesNotMatch(html, /title="My space"/);
    });

    await t.step("from_perm=2 with no permanent interaction shows the overlay", async () => {
      await ctx
        .sql`update segments set status = 'archived' where channel_id = ${radio} and to_mode = 'permanent'`;
      await notificationsHeard(ctx);
      const html = await (await ctx.request(`/widgets/channel/${radio}/?from_perm=2`, {
        headers: { "accept-language": "en" },
      })).text();
      assert.match(html, /Sorry this interaction is no longer available/);
      assert.match(html, /Interactions with this radio are not currently available\./);
    });

    await t.step("the terms of use page linked from the profile", async () => {
      const res = await ctx.request(`/widgets/terms?lang=en`);
      assert.equal(res.status, 200);
      assert.match(res.headers.get("content-type")!, /text\/html/);
      const html = await res.text();
      assert.match(html, /<title>Terms of use<\/title>/);
      assert.match(html, /By sending a participation/);
    });

    await t.step("an unknown channel is a 404 page, a bad id too", async () => {
      assert.equal((await ctx.request(`/widgets/channel/999999/`)).status, 404);
      assert.equal((await ctx.request(`/widgets/channel/x/`)).status, 404);
    });
  } finally {
    await ctx.close();
  }
});
