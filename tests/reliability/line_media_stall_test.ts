// A provider that stalls in the middle of a voice note: the line's media fetch gives up at its deadline
// (LINE_MEDIA_FETCH_TIMEOUT_MS, shortened here) instead of holding a worker forever; the media stays to be
// fetched, so the job's retry asks again, and a provider that then answers completes it.
import assert from "node:assert/strict";
import { testApp } from "../_helpers.ts";
import { encryptSecret } from "../../lib/platform/crypto.ts";
import { fetchLineMedia } from "../../lib/lines/media.ts";
import { insertUploadSlot } from "../../db/media_jobs.ts";
import { LINE_MEDIA_FETCH_TIMEOUT_MS } from "../../lib/rules/lines.ts";

const ACCESS_TOKEN = "EAAG-access-token";

Deno.test({
  name: "line media - a provider stalling mid-file is given up at the deadline, and the retry completes",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    let stall = true;
    const stalled: ReadableStreamDefaultController<Uint8Array>[] = [];
    const seen: string[] = [];
    const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, (req) => {
      const url = new URL(req.url);
      seen.push(url.pathname);
      if (url.pathname === "/v21.0/4490709327") {
        return Response.json({ url: `${url.origin}/download/4490709327`, mime_type: "audio/ogg" });
      }
      // the first bytes of the file, then nothing more (the connection stays open)
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode("OggS"));
          if (stall) stalled.push(controller);
          else controller.close();
        },
      });
      return new Response(body, { headers: { "content-type": "audio/ogg" } });
    });
    const ctx = await testApp();
    try {
      const [channel] = await ctx.sql<{ id: number }[]>`
        insert into channels (label) values ('Radio Stall') returning id::int as id`;
      const credentials = await encryptSecret(
        ctx.deps.jwtSecret,
        JSON.stringify({ app_secret: "s", access_token: ACCESS_TOKEN, verify_token: "v" }),
      );
      const [line] = await ctx.sql<{ id: number }[]>`
        insert into phone_lines (channel_id, kind, address, credentials_enc)
        values (${channel.id}, 'whatsapp', '106540352242922', ${credentials}) returning id::int as id`;
      const mediaId = await insertUploadSlot(ctx.sql, {
        channelId: channel.id,
        kind: "audio",
        extension: "ogg",
      });
      const deps = {
        sql: ctx.deps.sql,
        jwtSecret: ctx.deps.jwtSecret,
        storage: ctx.deps.storage,
        config: { WHATSAPP_GRAPH_URL: `http://127.0.0.1:${server.addr.port}/v21.0`, TWILIO_API_URL: "" },
        fetchTimeoutMs: 300,
      };
      const job = {
        mediaId,
        lineId: line.id,
        source: "whatsapp" as const,
        ref: "4490709327",
        extension: "ogg",
      };
      assert.ok(LINE_MEDIA_FETCH_TIMEOUT_MS > 0 && LINE_MEDIA_FETCH_TIMEOUT_MS <= 120_000);

      await assert.rejects(() => fetchLineMedia(deps, undefined, job), (error: Error) => {
        assert.match(String(error.name), /TimeoutError|AbortError/);
        return true;
      });
      assert.deepEqual(seen, ["/v21.0/4490709327", "/download/4490709327"], "the download had begun");
      const [waiting] = await ctx.sql`select status from media where id = ${mediaId}`;
      assert.equal(waiting.status, "uploading", "left for the retry");

      stall = false;
      await fetchLineMedia(deps, undefined, job);
      const [done] = await ctx.sql`select status from media where id = ${mediaId}`;
      assert.equal(done.status, "uploaded");
    } finally {
      for (const controller of stalled) {
        try {
          controller.close();
        } catch {
          // the client gave up on it: the stream is already cancelled
        }
      }
      await ctx.close();
      await server.shutdown();
    }
  },
});
