// Attack scripts on the on-air overlay: /overlay/{token} needs no login, so the token is the
// only key. A wrong or old token is a 404 everywhere (page, stream, state); regenerating ends the screens
// open on the old one; a screen never receives personal data; the controls keep the API's permissions.
import assert from "node:assert/strict";
import { demoStaff, testApp } from "../_helpers.ts";
import { readSse } from "../_sse.ts";
import { messageChanged } from "../../lib/live/events.ts";
import { seedDemo } from "../../lib/demo/seed.ts";
import { randomMessage, randomSegment, testDevice } from "../api/_participation.ts";

const ctx = await testApp();
await seedDemo(ctx.sql, { password: "Demo-Password-1!" });
const staff = await demoStaff(ctx);

Deno.test({
  name: "overlay - token, regeneration, controls and what a screen receives",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    try {
      const manager = await staff.token("manager");
      const seg = await randomSegment(ctx.sql, staff.radio, { show_results: false }, ["Yes", "No"]);
      const detail = await (await ctx.request(`/api/v1/show_segments/${seg.id}`, { token: manager })).json();
      const url = new URL(detail.overlay_url);
      const path = url.pathname;
      const control = (json: Record<string, unknown>, token = manager) =>
        ctx.request(`/api/v1/show_segments/${seg.id}/overlay`, { method: "PUT", token, json });

      await t.step("GET show_segments/{id} gives an overlay_url with a long random token", () => {
        assert.match(path, /^\/overlay\/[A-Za-z0-9_-]{43}$/);
      });

      await t.step(
        "the page opens without login; wrong tokens are 404 on page, stream and state",
        async () => {
          const page = await ctx.request(path);
          assert.equal(page.status, 200);
          assert.match(await page.text(), /data-island="OverlayScreen"|OverlayScreen/);
          const token = path.split("/").pop()!;
          const wrong = token.slice(0, -1) + (token.endsWith("A") ? "B" : "A");
          for (
            const p of [
              `/overlay/${wrong}`,
              `/overlay/${wrong}/events`,
              `/overlay/${wrong}/events/state`,
              "/overlay/1",
            ]
          ) {
            const res = await ctx.request(p);
            assert.equal(res.status, 404, p);
            await res.body?.cancel();
          }
        },
      );

      await t.step("reveal shows the results on an open screen; hide takes them back", async () => {
        const sse = readSse(
          await ctx.request(`${path}/events`, { headers: { accept: "text/event-stream" } }),
        );
        assert.equal((await sse.next((e) => e.event === "state")).json.results.hidden, true);
        await ctx.request("/api/v1/interactions", {
          method: "POST",
          json: {
            channel_id: staff.radio,
            segment: seg.id,
            device_id: testDevice(crypto.randomUUID()),
            content: { choice_ids: [seg.choiceIds[0]] },
          },
        }).then((r) => r.body?.cancel());
        const hiddenAfterVote = await (await ctx.request(`${path}/events/state`)).json();
        assert.deepEqual(hiddenAfterVote.results, { hidden: true, rows: [], total: 0 });
        assert.equal((await control({ reveal: true })).status, 200);
        const shown = await sse.next((e) => e.json?.results?.hidden === false, 2000);
        assert.equal(shown.json.results.total, 1);
        await control({ reveal: false });
        await sse.next((e) => e.json?.results?.hidden === true, 2000);
        await sse.close();
      });

      await t.step("a message on air: nickname, city and text only", async () => {
        const msg = await randomMessage(ctx.sql, { id: seg.id, channelId: staff.radio }, {
          author_name: "Jeanne Secret-Lastname",
          author_city: "Nantes",
          device_id: "device-secret-123",
          extra_user_information: ctx.sql.json(
            { email: "jeanne@example.org", phone: "+33600000000" },
          ),
        });
        await ctx.sql`update app_users set email = 'jeanne@example.org', phone = '+33611111111',
          first_name = 'Jeanne', last_name = 'Secret-Lastname' where id = ${msg.author_app_user_id}`;
        const res = await control({ message_id: msg.id });
        assert.equal(res.status, 200);
        assert.equal((await res.json()).view, "message");
        const state = await (await ctx.request(`${path}/events/state`)).json();
        assert.equal(state.view, "message");
        assert.deepEqual(Object.keys(state.message).sort(), ["author_city", "author_name", "text"]);
        assert.equal(state.message.author_city, "Nantes");
        const everything = JSON.stringify(state) + await (await ctx.request(path)).text();
        for (
          const secret of [
            "jeanne@example.org",
            "+336",
            "Secret-Lastname",
            "device-secret",
            String(msg.author_app_user_id) + ",",
          ]
        ) {
          assert.ok(!everything.includes(secret), secret);
        }
      });

      await t.step(
        "a voice message on air shows its transcript once processed, pushed to open screens",
        async () => {
          const voice = await randomMessage(ctx.sql, { id: seg.id, channelId: staff.radio }, {
            type: "recording_question",
            text: null,
            content: ctx.sql.json({}),
          });
          assert.equal((await control({ message_id: voice.id })).status, 200);
          const sse = readSse(
            await ctx.request(`${path}/events`, { headers: { accept: "text/event-stream" } }),
          );
          const before = await sse.next((e) => e.event === "state");
          assert.equal(before.json.message.text, null);
          await ctx
            .sql`update messages set transcript = 'Bonjour le studio, ici Nantes' where id = ${voice.id}`;
          await messageChanged(ctx.deps.bus, seg.id, voice.id, "participation.processed");
          const after = await sse.next(
            (e) => e.json?.message?.text === "Bonjour le studio, ici Nantes",
            2000,
          );
          assert.deepEqual(Object.keys(after.json.message).sort(), ["author_city", "author_name", "text"]);
          await sse.close();
        },
      );

      await t.step(
        "another interaction's message is a 404; one waiting for moderation is a 422",
        async () => {
          const other = await randomSegment(ctx.sql, staff.radio, {}, ["A"]);
          const foreign = await randomMessage(ctx.sql, { id: other.id, channelId: staff.radio });
          assert.equal((await control({ message_id: foreign.id })).status, 404);
          const pending = await randomMessage(ctx.sql, { id: seg.id, channelId: staff.radio }, {
            moderation: "pending",
          });
          const res = await control({ message_id: pending.id });
          assert.equal(res.status, 422);
          assert.equal((await res.json()).code, "message_not_visible");
          assert.equal((await control({ view: "nothing" })).status, 400);
        },
      );

      await t.step("another channel's staff cannot read or control it; no session is a 401", async () => {
        const tvSeg = await randomSegment(ctx.sql, staff.tv, {}, ["A"]);
        assert.equal(
          (await ctx.request(`/api/v1/show_segments/${tvSeg.id}/overlay`, { token: manager })).status,
          404,
        );
        const anonymous = await ctx.request(`/api/v1/show_segments/${seg.id}/overlay`, {
          method: "PUT",
          json: { reveal: true },
        });
        assert.equal(anonymous.status, 401);
      });

      await t.step("close the vote now: the screen says closed", async () => {
        assert.equal((await control({ close: true, view: "results" })).status, 200);
        const state = await (await ctx.request(`${path}/events/state`)).json();
        assert.equal(state.closed, true);
        const [row] = await ctx.sql`select end_date from segments where id = ${seg.id}`;
        assert.ok(row.end_date && row.end_date <= new Date());
      });

      await t.step("a new token kills the old URL and ends the screens open on it", async () => {
        const sse = readSse(
          await ctx.request(`${path}/events`, { headers: { accept: "text/event-stream" } }),
        );
        await sse.next((e) => e.event === "state");
        const res = await ctx.request(`/api/v1/show_segments/${seg.id}/overlay/token`, {
          method: "POST",
          token: manager,
        });
        assert.equal(res.status, 200);
        const fresh = new URL((await res.json()).url).pathname;
        assert.notEqual(fresh, path);
        const end = await sse.next((e) => e.event === "end", 2000);
        assert.equal(end.json.code, "not_found");
        assert.equal((await ctx.request(path)).status, 404);
        assert.equal((await ctx.request(fresh)).status, 200);
      });
    } finally {
      await ctx.close();
    }
  },
});
