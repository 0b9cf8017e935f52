// The widgets send a file in its tus creation request (creation-with-upload: one round trip less on a phone
// network). A phone whose network drops during that request never gets its answer, so it does not know
// the upload exists: its next creation is answered 409 (the slot's upload exists already), and it resumes at
// the slot's upload, whose address it knows without the answer (the server names it by the slot's
// data_id), from the offset the server kept. The stored file is the one sent, byte for byte.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import * as tus from "tus-js-client";
import { testApp } from "../_helpers.ts";
import { startDropProxy } from "../_drop_proxy.ts";
import { getMedia } from "../../db/media_jobs.ts";
import { slotUploadUrl } from "../../islands/browser/participation_client.ts";

const SIZE = 3 * 1024 * 1024;

/** 3 MB that sniff as WebM, then random bytes. */
function recording(): Uint8Array {
  const bytes = new Uint8Array(SIZE);
  for (let at = 0; at < SIZE; at += 65536) crypto.getRandomValues(bytes.subarray(at, at + 65536));
  bytes.set([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84, ...new TextEncoder().encode("webm")]);
  return bytes;
}

/** One tus attempt as the widget makes it; answers the HTTP status it ended with (0: network) or "done". */
function attempt(
  bytes: Uint8Array,
  slot: { data_id: string; url: string },
  uploadUrl: string | null,
  seen: { method: string; status: number; offset: number }[],
): Promise<"done" | number> {
  return new Promise((resolve) => {
    new tus.Upload(Buffer.from(bytes), {
      endpoint: slot.url,
      uploadUrl,
      uploadDataDuringCreation: true,
      metadata: { data_id: slot.data_id, filename: "recording.webm", filetype: "audio/webm" },
      uploadSize: SIZE,
      retryDelays: [],
      onAfterResponse: (req, res) => {
        seen.push({
          method: req.getMethod(),
          status: res.getStatus(),
          offset: Number(res.getHeader("Upload-Offset") ?? NaN),
        });
      },
      onSuccess: () => resolve("done"),
      onError: (error) => {
        const res = (error as { originalResponse?: { getStatus(): number } | null }).originalResponse;
        resolve(res?.getStatus() ?? 0);
      },
    }).start();
  });
}

Deno.test({
  name:
    "tus creation with upload - cut off at 60 %, a new creation is answered 409 and the slot's upload resumes",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const ctx = await testApp();
    const http = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, ctx.app.fetch);
    const proxy = startDropProxy({ hostname: "127.0.0.1", port: http.addr.port });
    try {
      const res = await ctx.request("/api/v1/upload", {
        method: "POST",
        json: { extension: "webm", kind: "audio" },
      });
      assert.equal(res.status, 201);
      const { data_id } = await res.json() as { data_id: string };
      const slot = { data_id, url: `${proxy.url}/api/v1/files/` };
      const bytes = recording();
      const seen: { method: string; status: number; offset: number }[] = [];

      // the creation carries the bytes; the network drops at 60 %, its answer never comes
      const cut = proxy.cutAtUpBytes(Math.round(SIZE * 0.6));
      assert.equal(await attempt(bytes, slot, null, seen), 0);
      await cut;
      proxy.setOffline(false);
      assert.equal(proxy.seen("PATCH "), 0, "the bytes went in the creation request, no PATCH");

      // created again (its answer was lost, so the phone does not know): the slot's upload exists already
      // a phone is back seconds later: by then the server has taken in what arrived (HEAD answers it)
      for (let i = 0; i < 100; i++) {
        const head = await fetch(slotUploadUrl(slot), {
          method: "HEAD",
          headers: { "tus-resumable": "1.0.0" },
        });
        if (head.status === 200) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      seen.length = 0;
      assert.equal(await attempt(bytes, slot, null, seen), 409);

      // resumed at the slot's upload: HEAD says what the server kept, one PATCH sends the rest
      const before = proxy.upBytes;
      assert.equal(await attempt(bytes, slot, slotUploadUrl(slot), seen), "done");
      const head = seen.find((r) => r.method === "HEAD");
      assert.ok(head && head.status === 200, "a HEAD at the slot's upload");
      assert.ok(head.offset > 0 && head.offset <= SIZE * 0.6, `kept ${head.offset} of ${SIZE * 0.6} bytes`);
      assert.ok(proxy.upBytes - before < SIZE - head.offset + 4096, "only the rest was sent again");

      const media = await getMedia(ctx.sql, data_id);
      assert.equal(media?.status, "uploaded");
      const stored = await ctx.deps.storage.get(media!.original_path!);
      const got = new Uint8Array(await new Response(stored!).arrayBuffer());
      assert.equal(got.length, SIZE);
      assert.ok(got.every((b, i) => b === bytes[i]), "the stored file is the one sent");
    } finally {
      await proxy.close();
      await http.shutdown();
      await ctx.close();
    }
  },
});

Deno.test("slot upload url - the slot's data_id under its tus address, with or without its final slash", () => {
  assert.equal(
    slotUploadUrl({ data_id: "a1b2", url: "https://radio.example/api/v1/files/" }),
    "https://radio.example/api/v1/files/a1b2",
  );
  assert.equal(
    slotUploadUrl({ data_id: "a1b2", url: "https://radio.example/api/v1/files" }),
    "https://radio.example/api/v1/files/a1b2",
  );
});
