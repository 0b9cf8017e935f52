// A NUL or a lone surrogate in a text or an information field answered 500 (PostgreSQL
// 22P05). Every text field of the API now refuses them with 400, naming the field, and stores nothing.
import assert from "node:assert/strict";
import { testApp } from "../_helpers.ts";
import { openSession } from "../../lib/platform/sessions.ts";
import { randomSegment } from "../api/_participation.ts";
import { hasUnstorableCharacter, unstorableTextPaths } from "../../lib/rules/validation.ts";

Deno.test("unstorable text - NUL and lone surrogates are found, emoji pairs are fine", () => {
  assert.ok(hasUnstorableCharacter("a\u0000b"));
  assert.ok(hasUnstorableCharacter("\ud83c"));
  assert.ok(hasUnstorableCharacter("x\udfa7"));
  assert.ok(!hasUnstorableCharacter("🎙️🎧 é ß 中"));
  assert.deepEqual(
    unstorableTextPaths({ a: "ok", b: { c: ["fine", "bad\u0000"] }, ["k\u0000"]: 1, n: 3 }),
    ["b.c.1", "k\u0000"],
  );
});

Deno.test("unstorable text - refused with 400 and the field named, in JSON, forms and queries", async (t) => {
  const ctx = await testApp({ demoPassword: "Demo-Password-1!" });
  try {
    const [channel] = await ctx.sql<{ id: number }[]>`select id from channels order by id limit 1`;
    const expect400 = async (res: Response, field: string) => {
      assert.equal(res.status, 400, await res.clone().text());
      const body = await res.json();
      assert.equal(body.code, "invalid_character");
      assert.deepEqual(Object.keys(body.fields), [field]);
      assert.match(body.message, /character|caractère/);
    };
    const messagesBefore = (await ctx.sql`select count(*)::int as n from messages`)[0].n;

    await t.step("a participation's text and information fields", async () => {
      const seg = await randomSegment(ctx.sql, channel.id, {
        type: "message",
        gather_information: true,
        information_to_gather: { first_name: { active: true, mandatory: false } },
      });
      const send = (body: Record<string, unknown>) =>
        ctx.request("/api/v1/interactions", {
          method: "POST",
          headers: { "accept-language": "en" },
          json: { channel_id: channel.id, segment: seg.id, ...body },
        });
      await expect400(await send({ content: { text: "hello\u0000world" } }), "content.text");
      await expect400(
        await send({ content: { text: "hi" }, extra_user_information: { first_name: "Ana\u0000" } }),
        "extra_user_information.first_name",
      );
      await expect400(await send({ content: { text: "broken \ud83c emoji" } }), "content.text");
      assert.equal((await ctx.sql`select count(*)::int as n from messages`)[0].n, messagesBefore);
    });

    await t.step("login, listener registration, a query string", async () => {
      await expect400(
        await ctx.request("/api/v1/auth", { method: "POST", json: { email: "a\u0000@b.fr", password: "x" } }),
        "email",
      );
      await expect400(
        await ctx.request("/api/v1/app_users", {
          method: "POST",
          json: { is_anonymous: true, nickname: "Nick\udc00" },
        }),
        "nickname",
      );
      const [manager] = await ctx.sql<{ id: number }[]>`select id from users where login = 'manager'`;
      const token = await openSession(ctx.sql, ctx.deps.jwtSecret, manager.id, "staff");
      await expect400(
        await ctx.request(`/api/v1/channel-interactions?search_text=${encodeURIComponent("a\u0000")}`, {
          token,
        }),
        "search_text",
      );
    });

    await t.step("a multipart form field (a staff reply's caption)", async () => {
      const [manager] = await ctx.sql<{ id: number }[]>`select id from users where login = 'manager'`;
      const token = await openSession(ctx.sql, ctx.deps.jwtSecret, manager.id, "staff");
      const [message] = await ctx.sql<{ id: number }[]>`
        select id from messages where channel_id = ${channel.id} order by id limit 1`;
      const form = new FormData();
      form.set("interaction_id", String(message.id));
      form.set("text", "caption\u0000");
      form.set("file", new File([new Uint8Array(16)], "reply.webm", { type: "audio/webm" }));
      await expect400(
        await ctx.request("/api/v1/interaction-reply", { method: "POST", body: form, token }),
        "text",
      );
      const json = await ctx.request("/api/v1/interaction-reply", {
        method: "POST",
        token,
        json: { interaction_id: message.id, content: { text: "reply\u0000" } },
      });
      await expect400(json, "content.text");
    });
  } finally {
    await ctx.close();
  }
});
