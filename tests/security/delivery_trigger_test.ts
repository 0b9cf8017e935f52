// Attacks on the automatic delivery of messages marked for air: another channel's staff cannot
// send a message to its studio by marking it, no session or a listener changes nothing.
import assert from "node:assert/strict";
import { testApp } from "../_helpers.ts";
import { startFtp } from "../_ftp.ts";
import { spokenWav } from "../_audio.ts";
import {
  drainJobs,
  randomAppUser,
  randomChannel,
  randomMessage,
  randomSegment,
} from "../api/_participation.ts";
import { seedDemo } from "../../lib/demo/seed.ts";
import { openSession } from "../../lib/platform/sessions.ts";
import { encryptSecret } from "../../lib/platform/crypto.ts";
import { processMedia } from "../../lib/media/processing.ts";

Deno.test({
  name: "security: delivery trigger - strangers cannot send to another channel's studio",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const ctx = await testApp({ jobs: true });
    const ftp = await startFtp();
    const dir = await Deno.makeTempDir({ prefix: "im-trigger-attack-" });
    try {
      await seedDemo(ctx.sql, { password: "Demo-Password-1!" });
      const [op] = await ctx.sql<{ id: number }[]>`select id from users where login = 'operator'`;
      const operator = await openSession(ctx.deps.sql, ctx.deps.jwtSecret, op.id, "staff");
      // another channel with a studio FTP server and an interaction that sends what is marked for air
      const channel = await randomChannel(ctx.sql);
      await ctx
        .sql`update channels set ftp_host = '127.0.0.1', ftp_port = ${ftp.port}, ftp_user = ${ftp.user},
        ftp_password_enc = ${await encryptSecret(ctx.deps.jwtSecret, ftp.password)}, ftp_folder = 'air',
        ftp_naming = '{id}', delivery_protocol = 'ftp' where id = ${channel}`;
      const segment = await randomSegment(ctx.sql, channel, { type: "recording_question" });
      await ctx.sql`update segments set delivery_option = 'ftpclassic', delivery_trigger = 'air'
        where id = ${segment.id}`;
      const message = await randomMessage(ctx.sql, { id: segment.id, channelId: channel });
      await ctx.deps.storage.put(
        "participations/attack.wav",
        await Deno.readFile(await spokenWav(dir, "v", 0)),
        "audio/wav",
      );
      const [media] = await ctx.sql<{ id: string }[]>`
        insert into media (channel_id, kind, original_path, extension, content_type, status)
        values (${channel}, 'audio', 'participations/attack.wav', 'wav', 'audio/wav', 'uploaded') returning id`;
      await ctx.sql`update messages set media_id = ${media.id}, created_at = now() where id = ${message.id}`;
      await processMedia({ sql: ctx.sql, storage: ctx.deps.storage }, media.id);
      const deliveries = async () => {
        await drainJobs(ctx);
        const [row] = await ctx.sql<{ n: number }[]>`
          select count(*)::int as n from deliveries where message_id = ${message.id}`;
        return row.n;
      };
      const act = (token?: string, key = "broadcast") =>
        ctx.request(`/api/v1/interaction/${message.id}/action?lang=en`, {
          method: "POST",
          token,
          json: { key },
        });
      const queue = (queued: boolean, token?: string) =>
        ctx.request(`/api/v1/interaction/${message.id}/playout?lang=en`, {
          method: "PUT",
          token,
          json: { queued },
        });

      await t.step(
        "another channel's operator, no session or a listener: refused, nothing sent",
        async () => {
          for (const res of [await act(operator), await queue(true, operator)]) {
            assert.equal(res.status, 404);
            await res.body?.cancel();
          }
          const listener = await randomAppUser(ctx);
          for (const token of [undefined, listener.token]) {
            for (const res of [await act(token), await queue(true, token)]) {
              assert.ok(res.status === 401 || res.status === 403, String(res.status));
              await res.body?.cancel();
            }
          }
          assert.equal(await deliveries(), 0);
          assert.equal(
            await Deno.stat(`${ftp.root}/air/${message.id}.mp3`).then(() => true, () => false),
            false,
          );
        },
      );
    } finally {
      await drainJobs(ctx).catch(() => {});
      await ftp.close();
      await ctx.close();
      await Deno.remove(dir, { recursive: true });
    }
  },
});
