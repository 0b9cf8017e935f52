// Attacks on the listeners' data rights: reading another listener's export by guessing its id
// or its link, and erasing another listener. Each must fail.
import assert from "node:assert/strict";
import { SignJWT } from "jose";
import { openSession } from "../../lib/platform/sessions.ts";
import { exportSignature } from "../../lib/rules/data_rights.ts";
import { testApp } from "../_helpers.ts";
import { randomAppUser, randomChannel, randomSegment } from "../api/_participation.ts";

Deno.test({
  name: "security: data rights - another listener's export and account are out of reach",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const ctx = await testApp(); // no worker: exports are built at once
    try {
      const channelId = await randomChannel(ctx.sql);
      const segment = await randomSegment(ctx.sql, channelId, { type: "message", limit_1_vote: false });
      const victim = await randomAppUser(ctx, { nickname: "Victim", email: "victim@example.com" });
      const attacker = await randomAppUser(ctx, { nickname: "Mallory", email: "mallory@example.com" });
      const res = await ctx.request("/api/v1/interactions", {
        method: "POST",
        json: { channel_id: channelId, segment: segment.id, content: { text: "victim's secret" } },
        token: victim.token,
      });
      assert.equal(res.status, 200);
      const exportOf = async (token: string) => {
        const r = await ctx.request("/api/v1/app_users/data/export", { method: "POST", token });
        assert.equal(r.status, 202);
        return await r.json();
      };
      const victimExport = await exportOf(victim.token);
      const attackerExport = await exportOf(attacker.token);
      assert.equal(victimExport.status, "ready");
      const victimUrl = new URL(victimExport.url, "http://x");
      const expires = Number(victimUrl.searchParams.get("expires"));

      await t.step("the victim's export state is a 404 with the attacker's token, 401 without", async () => {
        const path = `/api/v1/app_users/data/export/${victimExport.id}`;
        assert.equal((await ctx.request(path, { token: attacker.token })).status, 404);
        assert.equal((await ctx.request(path)).status, 401);
      });

      await t.step(
        "download links: no, wrong, borrowed, forged or expired signatures are all 404",
        async () => {
          const base = `/api/v1/app_users/data/export/${victimExport.id}/download`;
          const attackerSig = new URL(attackerExport.url, "http://x").searchParams.get("signature");
          const wrongKey = exportSignature(
            new TextEncoder().encode("guess".repeat(8)),
            victimExport.id,
            expires,
          );
          const past = Math.floor(Date.now() / 1000) - 10;
          const attempts = [
            base,
            `${base}?expires=${expires}`,
            `${base}?expires=${expires}&signature=`,
            `${base}?expires=${expires}&signature=${attackerSig}`,
            `${base}?expires=${expires}&signature=${wrongKey}`,
            `${base}?expires=${expires + 3600}&signature=${victimUrl.searchParams.get("signature")}`,
            `${base}?expires=${past}&signature=${exportSignature(ctx.deps.jwtSecret, victimExport.id, past)}`,
          ];
          for (const path of attempts) {
            const r = await ctx.request(path);
            assert.ok(r.status === 404 || r.status === 400, `${path}: ${r.status}`);
            assert.doesNotMatch(r.headers.get("content-type") ?? "", /zip/);
          }
        },
      );

      await t.step("guessed export ids find nothing", async () => {
        for (let i = 0; i < 50; i++) {
          const id = crypto.randomUUID();
          const r1 = await ctx.request(`/api/v1/app_users/data/export/${id}`, { token: attacker.token });
          assert.equal(r1.status, 404);
          const r2 = await ctx.request(
            `/api/v1/app_users/data/export/${id}/download?expires=${expires}&signature=${
              exportSignature(ctx.deps.jwtSecret, id, expires).slice(0, 5)
            }`,
          );
          assert.equal(r2.status, 404);
        }
        for (const id of ["1", "2", "../../etc/passwd", "00000000-0000-0000-0000-000000000000"]) {
          const r = await ctx.request(`/api/v1/app_users/data/export/${encodeURIComponent(id)}`, {
            token: attacker.token,
          });
          assert.ok(r.status === 404 || r.status === 400, `${id}: ${r.status}`);
        }
      });

      await t.step(
        "erasing another listener: forged tokens are 401, staff erasure is not for visitors",
        async () => {
          const forged = await new SignJWT({ aud: "visitor" })
            .setProtectedHeader({ alg: "HS256" })
            .setSubject(String(victim.id))
            .setExpirationTime("1h")
            .sign(new TextEncoder().encode("not-the-secret-not-the-secret-0000"));
          const unsigned = `${btoa('{"alg":"none"}').replace(/=+$/, "")}.${
            btoa(JSON.stringify({ sub: String(victim.id), aud: "visitor" })).replace(/=+$/, "")
          }.`;
          for (const token of [forged, unsigned]) {
            const r = await ctx.request("/api/v1/app_users/data", { method: "DELETE", token });
            assert.equal(r.status, 401);
          }
          const [message] = await ctx.sql<{ id: number }[]>`select id::int as id from messages limit 1`;
          const staffRoute = await ctx.request("/api/v1/listener_erasure", {
            method: "POST",
            json: { message_id: message.id },
            token: attacker.token,
          });
          assert.equal(staffRoute.status, 401);
          const staffWithVisitorId = await openSession(
            ctx.deps.sql,
            ctx.deps.jwtSecret,
            victim.id,
            "visitor",
          );
          const r = await ctx.request("/api/v1/listener_erasure", {
            method: "POST",
            json: { message_id: message.id },
            token: staffWithVisitorId,
          });
          assert.equal(r.status, 401);
        },
      );

      await t.step("the attacker's own DELETE with the victim's id erases only the attacker", async () => {
        const r = await ctx.request(`/api/v1/app_users/data?id=${victim.id}&user_id=${victim.id}`, {
          method: "DELETE",
          token: attacker.token,
        });
        assert.equal(r.status, 200);
        const [v] = await ctx.sql`select nickname, email from app_users where id = ${victim.id}`;
        assert.deepEqual({ ...v }, { nickname: "Victim", email: "victim@example.com" });
        const [m] = await ctx.sql`select text from messages where author_app_user_id = ${victim.id}`;
        assert.equal(m.text, "victim's secret");
        const still = await ctx.request(`/api/v1/app_users/data/export/${victimExport.id}`, {
          token: victim.token,
        });
        assert.equal(still.status, 200);
      });
    } finally {
      await ctx.close();
    }
  },
});
