// Attack: anyone registers a staff account (with a channel of its own) and uses it to load the shared
// worker, the disk and the mail server. A self-registered channel works under quotas until a super
// administrator approves it; channels that existed before, or made by a super administrator, have none.
import assert from "node:assert/strict";
import { demoStaff, testApp } from "../_helpers.ts";
import { openSession } from "../../lib/platform/sessions.ts";
import { checkChannelQuota } from "../../lib/channels/quota.ts";
import { UNAPPROVED_CHANNEL_QUOTA } from "../../lib/rules/constants.ts";
import { AppError } from "../../lib/rules/errors.ts";

const isQuota = (e: unknown) => e instanceof AppError && e.status === 403 && e.code === "channel_quota";

Deno.test("channel quota - a self-registered channel is bounded until a super administrator approves it", async (t) => {
  const ctx = await testApp({ demoPassword: "Demo-Password-1!" });
  try {
    const { token } = await demoStaff(ctx);
    const res = await ctx.request("/api/v1/register", {
      method: "POST",
      headers: { "accept-language": "en" },
      json: {
        login: "trial",
        email: "trial@example.org",
        phone: "+33612345678",
        password: "Secret-123",
        first_name: "Tri",
        last_name: "Al",
      },
    });
    assert.equal(res.status, 201);
    await res.body?.cancel();
    const [trial] = await ctx.sql<{ id: number; channel_id: number; approved: boolean }[]>`
      select u.id::int as id, u.channel_id::int as channel_id, c.approved_at is not null as approved
      from users u join channels c on c.id = u.channel_id where u.login = 'trial'`;
    assert.equal(trial.approved, false);
    await ctx.sql`update users set confirmed_at = now() where id = ${trial.id}`;
    const owner = await openSession(ctx.sql, ctx.deps.jwtSecret, trial.id, "staff");

    const invite = (n: number) =>
      ctx.request("/api/v1/users/new", {
        method: "POST",
        token: owner,
        headers: { "accept-language": "en" },
        json: { login: `member${n}`, email: `member${n}@example.org`, role: "operator" },
      });

    await t.step(`members: ${UNAPPROVED_CHANNEL_QUOTA.members} in all, then 403 channel_quota`, async () => {
      for (let n = 1; n < UNAPPROVED_CHANNEL_QUOTA.members; n++) {
        const ok = await invite(n);
        assert.equal(ok.status, 201, `member ${n}`);
        await ok.body?.cancel();
      }
      const refused = await invite(99);
      assert.equal(refused.status, 403);
      const body = await refused.json();
      assert.equal(body.code, "channel_quota");
      assert.match(body.message, /super administrator must approve/);
    });

    await t.step("uploads and storage are bounded too", async () => {
      await ctx.sql`insert into media (channel_id, kind, size_bytes, status)
        select ${trial.channel_id}, 'audio', 1000, 'ready' from generate_series(1, ${UNAPPROVED_CHANNEL_QUOTA.uploadsPerDay})`;
      await assert.rejects(checkChannelQuota(ctx.sql, trial.channel_id, "upload", 1000), isQuota);
      await ctx
        .sql`update media set created_at = now() - interval '2 days' where channel_id = ${trial.channel_id}`;
      await checkChannelQuota(ctx.sql, trial.channel_id, "upload", 1000); // a day later, room again
      await assert.rejects(
        checkChannelQuota(ctx.sql, trial.channel_id, "upload", UNAPPROVED_CHANNEL_QUOTA.storageBytes),
        isQuota,
      );
    });

    await t.step("only a super administrator approves; then the quotas are gone", async () => {
      const path = `/api/v1/channels/${trial.channel_id}/approve`;
      const byOwner = await ctx.request(path, { method: "POST", token: owner });
      assert.equal(byOwner.status, 403);
      await byOwner.body?.cancel();
      const byAdmin = await ctx.request(path, { method: "POST", token: await token("admin") });
      assert.equal(byAdmin.status, 204);
      const again = await invite(99);
      assert.equal(again.status, 201);
      await again.body?.cancel();
      await checkChannelQuota(ctx.sql, trial.channel_id, "upload", UNAPPROVED_CHANNEL_QUOTA.storageBytes);
      const missing = await ctx.request("/api/v1/channels/999999/approve", {
        method: "POST",
        token: await token("admin"),
      });
      assert.equal(missing.status, 404);
      await missing.body?.cancel();
    });

    await t.step("channels made otherwise are approved", async () => {
      const rows = await ctx.sql<{ n: number }[]>`
        select count(*)::int as n from channels where approved_at is null`;
      assert.equal(rows[0].n, 0);
    });
  } finally {
    await ctx.close();
  }
});

Deno.test("channel quota - the channel list shows a trial and a super administrator approves it there", async () => {
  const ctx = await testApp({ demoPassword: "Demo-Password-1!" });
  try {
    const { token } = await demoStaff(ctx);
    const [{ id }] = await ctx.sql<{ id: number }[]>`
      insert into channels (label, status, approved_at) values ('Trial FM', 'demo', null) returning id::int as id`;
    const cookie = `im_session=${await token("admin")}`;
    const list = await ctx.request("/channels?lang=en", { headers: { cookie, accept: "text/html" } });
    assert.equal(list.status, 200);
    const html = await list.text();
    assert.match(html, new RegExp(`action="/channels/${id}/approve"`));
    assert.match(html, /Awaiting approval: limited to 3 members/);
    const approve = await ctx.request(`/channels/${id}/approve`, {
      method: "POST",
      headers: { cookie, origin: "http://localhost" },
    });
    assert.equal(approve.status, 303);
    assert.equal(approve.headers.get("location"), "/channels");
    const [row] = await ctx.sql<{ approved: boolean }[]>`
      select approved_at is not null as approved from channels where id = ${id}`;
    assert.equal(row.approved, true);
    const manager = await ctx.request(`/channels/${id}/approve`, {
      method: "POST",
      headers: { cookie: `im_session=${await token("manager")}`, origin: "http://localhost" },
    });
    assert.equal(manager.status, 403);
    await manager.body?.cancel();
  } finally {
    await ctx.close();
  }
});
