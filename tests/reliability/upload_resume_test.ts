// A phone losing its network in the middle of an upload: the server keeps what it received (the tus store
// writes as it receives), so tus-js-client resumes from where the connection dropped, not from the start,
// and the file stored is the one sent, byte for byte. The client runs against the app on a real port,
// through a proxy that cuts every connection at 60 % of a 30 MB upload.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import * as tus from "tus-js-client";
import { testApp } from "../_helpers.ts";
import { startDropProxy } from "../_drop_proxy.ts";
import { PART_BYTES } from "../../lib/media/tus_store.ts";
import { getMedia } from "../../db/media_jobs.ts";

const SIZE = 30 * 1024 * 1024;

/** 30 MB that sniff as WebM (an EBML header naming the doctype), then random bytes. */
function recording(): Uint8Array {
  const bytes = new Uint8Array(SIZE);
  for (let at = 0; at < SIZE; at += 65536) crypto.getRandomValues(bytes.subarray(at, at + 65536));
  bytes.set([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84, ...new TextEncoder().encode("webm")]);
  return bytes;
}

Deno.test({
  name: "tus upload - cut off at 60 %, it resumes where it stopped and the stored file is identical",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const ctx = await testApp();
    const http = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, ctx.app.fetch);
    const proxy = startDropProxy({ hostname: "127.0.0.1", port: http.addr.port });
    try {
      const slot = await ctx.request("/api/v1/upload", {
        method: "POST",
        json: { extension: "webm", kind: "audio" },
      });
      assert.equal(slot.status, 201);
      const { data_id } = await slot.json() as { data_id: string };
      const bytes = recording();
      const cut = proxy.cutAtUpBytes(Math.round(SIZE * 0.6));
      // the network comes back a moment after the cut, as a phone's does
      cut.then(() => setTimeout(() => proxy.setOffline(false), 500));
      const offsets: number[] = [];
      await new Promise<void>((resolve, reject) => {
        const upload = new tus.Upload(Buffer.from(bytes), {
          endpoint: `${proxy.url}/api/v1/files/`,
          metadata: { data_id, filename: "recording.webm", filetype: "audio/webm" },
          retryDelays: [0, 1000, 1000, 2000, 3000],
          uploadSize: SIZE,
          onAfterResponse: (req, res) => {
            if (req.getMethod() === "HEAD") offsets.push(Number(res.getHeader("Upload-Offset")));
          },
          onSuccess: () => resolve(),
          onError: reject,
        });
        upload.start();
      });
      await cut;
      assert.equal(offsets.length, 1, "one HEAD asked where to resume");
      assert.ok(offsets[0] > SIZE * 0.5, `resumed at ${offsets[0]}, not from the start`);
      const sentAgain = proxy.upBytes - SIZE;
      console.log(`resumed at ${offsets[0]} of ${SIZE}, ${sentAgain} bytes sent again`);
      assert.ok(sentAgain <= PART_BYTES, `${sentAgain} bytes sent again, at most one part (${PART_BYTES})`);
      const media = await getMedia(ctx.sql, data_id);
      assert.equal(media?.status, "uploaded");
      const stored = await ctx.deps.storage.get(media!.original_path!);
      assert.ok(stored);
      const got = new Uint8Array(await new Response(stored).arrayBuffer());
      assert.equal(got.length, SIZE);
      assert.ok(got.every((b, i) => b === bytes[i]), "the stored file is the one sent");
    } finally {
      await proxy.close();
      await http.shutdown();
      await ctx.close();
    }
  },
});
