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

/** Sends 30 MB cut at 60 %; answers the offset the resume started from and the bytes sent twice. */
async function cutAndResume(chunkSize?: number) {
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
    const patches: number[] = [];
    await new Promise<void>((resolve, reject) => {
      const upload = new tus.Upload(Buffer.from(bytes), {
        endpoint: `${proxy.url}/api/v1/files/`,
        metadata: { data_id, filename: "recording.webm", filetype: "audio/webm" },
        retryDelays: [0, 1000, 1000, 2000, 3000],
        uploadSize: SIZE,
        ...(chunkSize ? { chunkSize } : {}),
        onAfterResponse: (req, res) => {
          if (req.getMethod() === "HEAD") offsets.push(Number(res.getHeader("Upload-Offset")));
          if (req.getMethod() === "PATCH") patches.push(res.getStatus());
        },
        onSuccess: () => resolve(),
        onError: reject,
      });
      upload.start();
    });
    await cut;
    const media = await getMedia(ctx.sql, data_id);
    assert.equal(media?.status, "uploaded");
    const stored = await ctx.deps.storage.get(media!.original_path!);
    assert.ok(stored);
    const got = new Uint8Array(await new Response(stored).arrayBuffer());
    assert.equal(got.length, SIZE);
    assert.ok(got.every((b, i) => b === bytes[i]), "the stored file is the one sent");
    return { offsets, sentAgain: proxy.upBytes - SIZE, patches: patches.length };
  } finally {
    await proxy.close();
    await http.shutdown();
    await ctx.close();
  }
}

Deno.test({
  name: "tus upload - cut off at 60 %, it resumes where it stopped and the stored file is identical",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    await t.step(
      "one PATCH for the whole file (as the widgets send): the server kept what arrived",
      async () => {
        const { offsets, sentAgain } = await cutAndResume();
        console.log(`one PATCH: resumed at ${offsets[0]} of ${SIZE}, ${sentAgain} bytes sent again`);
        assert.equal(offsets.length, 1, "one HEAD asked where to resume");
        assert.ok(offsets[0] > SIZE * 0.5, `resumed at ${offsets[0]}, not from the start`);
        assert.ok(sentAgain <= PART_BYTES, `${sentAgain} bytes sent again, at most one part (${PART_BYTES})`);
      },
    );
    // client-side chunks, the other way to lose little: the chunk cut is sent again, and each chunk costs
    // a round trip more (on a 400 ms phone network, 30 chunks of 1 MB: 12 s)
    await t.step("chunks of 1 MB: the chunk cut off is sent again", async () => {
      const { offsets, sentAgain, patches } = await cutAndResume(PART_BYTES);
      console.log(`1 MB chunks: ${patches} PATCHes, resumed at ${offsets[0]}, ${sentAgain} bytes sent again`);
      assert.ok(sentAgain <= PART_BYTES + 4096, `${sentAgain} bytes sent again, at most one chunk`);
    });
  },
});
