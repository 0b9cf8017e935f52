// Attacks on a channel's SFTP / S3 delivery settings: redirecting another channel's deliveries,
// changing them without a session or as an operator, reading the sealed key back; each must fail.
import assert from "node:assert/strict";
import { testApp } from "../_helpers.ts";
import { openSession } from "../../lib/platform/sessions.ts";
import { randomChannel } from "../api/_participation.ts";

const KEY =
  "-----BEGIN RSA PRIVATE KEY-----\nMIIBOgIBAAJBAKj34GkxFhD90vcNLYLInFEX6Ppy1tPf9Cnzj4p4WGeKLs1Pt8Qu\n-----END RSA PRIVATE KEY-----\n";

Deno.test("security: delivery settings - strangers and operators cannot redirect deliveries; the key never comes back", async (t) => {
  const ctx = await testApp({ demoPassword: "Demo-Password-1!" });
  try {
    const idOf = async (login: string) =>
      (await ctx.sql<{ id: number }[]>`select id from users where login = ${login}`)[0].id;
    const admin = await openSession(ctx.deps.sql, ctx.deps.jwtSecret, await idOf("admin"), "staff");
    const manager = await openSession(ctx.deps.sql, ctx.deps.jwtSecret, await idOf("manager"), "staff");
    const operator = await openSession(ctx.deps.sql, ctx.deps.jwtSecret, await idOf("operator"), "staff");
    const [radio] = (await ctx.sql<{ id: number }[]>`select id from channels order by id`).map((r) => r.id);
    const other = await randomChannel(ctx.sql);
    const put = (id: number, json: unknown, token?: string) =>
      ctx.request(`/api/v1/channels/${id}?lang=en`, { method: "PUT", json, token });
    const settingsOf = async (id: number) =>
      (await ctx.sql`select delivery_protocol, ftp_host, sftp_private_key_enc, s3_bucket from channels
        where id = ${id}`)[0];
    const redirect = { delivery_protocol: "sftp", ftp_host: "attacker.example", sftp_private_key: KEY };

    await t.step("no session is 401 and an operator is refused: nothing changes", async () => {
      const before = await settingsOf(radio);
      const none = await put(radio, redirect);
      assert.equal(none.status, 401);
      await none.body?.cancel();
      const op = await put(radio, redirect, operator);
      assert.equal(op.status, 403);
      await op.body?.cancel();
      assert.deepEqual(await settingsOf(radio), before);
    });

    await t.step("another channel's settings are out of reach of this channel's administrator", async () => {
      const before = await settingsOf(other);
      const res = await put(other, { delivery_protocol: "s3", s3_bucket: "stolen-bucket" }, manager);
      assert.ok(res.status === 403 || res.status === 404, String(res.status));
      await res.body?.cancel();
      assert.deepEqual(await settingsOf(other), before);
    });

    await t.step(
      "a key set by the admin is stored sealed and never returned, not even to the admin",
      async () => {
        const res = await put(radio, { delivery_protocol: "sftp", sftp_private_key: KEY }, admin);
        assert.equal(res.status, 200, await res.clone().text());
        for (const token of [admin, operator]) {
          const view = await ctx.request(`/api/v1/channels/${radio}`, { token });
          const text = await view.text();
          assert.ok(
            !text.includes("PRIVATE KEY") && !text.includes("sftp_private_key_enc"),
            text.slice(0, 200),
          );
        }
        const sealed = (await settingsOf(radio)).sftp_private_key_enc as string;
        assert.ok(sealed && !sealed.includes("PRIVATE KEY"));
      },
    );

    await t.step("unknown protocols and extra fields are refused with 400", async () => {
      for (
        const json of [{ delivery_protocol: "file" }, { sftp_private_key_enc: "x" }, { s3_bucket: "../up" }]
      ) {
        const res = await put(radio, json, admin);
        assert.equal(res.status, 400, JSON.stringify(json));
        await res.body?.cancel();
      }
    });
  } finally {
    await ctx.close();
  }
});
