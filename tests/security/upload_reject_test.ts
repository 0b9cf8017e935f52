// A refused tus upload's partial file is removed at once, not when it expires after 24 h.
import assert from "node:assert/strict";
import { testApp } from "../_helpers.ts";
import { LARGEST_UPLOAD, metadataIsText, tusFor } from "../../lib/media/tus.ts";
import { UPLOAD_MAX_BYTES } from "../../lib/rules/constants.ts";

const TUS = { "Tus-Resumable": "1.0.0" };

Deno.test({
  name: "tus - a refused upload leaves no partial file behind",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const ctx = await testApp();
    try {
      const { store } = await tusFor(ctx.deps);
      const slot = async () => {
        const res = await ctx.request("/api/v1/upload", {
          method: "POST",
          json: { extension: "webm", kind: "audio" },
        });
        assert.equal(res.status, 201);
        return (await res.json()).data_id as string;
      };
      const create = async (id: string, length: number) => {
        const res = await ctx.request("/api/v1/files/", {
          method: "POST",
          headers: { ...TUS, "Upload-Length": String(length), "Upload-Metadata": `data_id ${btoa(id)}` },
        });
        assert.equal(res.status, 201);
        await res.body?.cancel();
        return res.headers.get("location")!;
      };
      const patch = (location: string, offset: number, bytes: Uint8Array) =>
        ctx.request(location, {
          method: "PATCH",
          headers: {
            ...TUS,
            "Upload-Offset": String(offset),
            "Content-Type": "application/offset+octet-stream",
          },
          body: bytes as BodyInit,
        });
      const exists = (id: string) => store.exists(id);

      await t.step("more bytes than announced: 413, and the partial file is gone", async () => {
        const id = await slot();
        const location = await create(id, 1000);
        const first = await patch(location, 0, new Uint8Array(500));
        assert.equal(first.status, 204);
        assert.ok(await exists(id), "the first half is kept for a resume");
        const over = await patch(location, 500, new Uint8Array(2000));
        await over.body?.cancel();
        assert.equal(over.status, 413);
        assert.equal(await exists(id), false);
      });

      await t.step("content that is not audio: 415, and nothing is kept", async () => {
        const id = await slot();
        const bytes = new TextEncoder().encode("<html>" + "x".repeat(200) + "</html>");
        const location = await create(id, bytes.length);
        const res = await patch(location, 0, bytes);
        await res.body?.cancel();
        assert.equal(res.status, 415);
        assert.equal(await exists(id), false);
      });

      await t.step(
        "a NUL or another control character in the metadata: 400, and nothing is kept",
        async () => {
          for (const filename of ["voice\u0000.webm", "voice\n.webm", "voice\u007f"]) {
            const id = await slot();
            const meta = `data_id ${btoa(id)},filename ${btoa(filename)}`;
            const res = await ctx.request("/api/v1/files/", {
              method: "POST",
              headers: { ...TUS, "Upload-Length": "100", "Upload-Metadata": meta },
            });
            assert.equal(res.status, 400, JSON.stringify(filename));
            assert.equal(await res.text(), "invalid metadata\n");
            assert.equal(await exists(id), false);
            const [media] = await ctx.sql<{ status: string }[]>`select status from media where id = ${id}`;
            assert.equal(media.status, "uploading", "the slot stays open for a proper upload");
          }
          assert.equal(metadataIsText({ filename: "Message vocal – été.webm", data_id: null }), true);
        },
      );

      await t.step("OPTIONS advertises the largest upload a slot takes", async () => {
        const res = await ctx.request("/api/v1/files/", { method: "OPTIONS" });
        assert.equal(res.status, 204);
        assert.equal(res.headers.get("tus-max-size"), String(UPLOAD_MAX_BYTES.video));
        assert.equal(LARGEST_UPLOAD, Math.max(UPLOAD_MAX_BYTES.audio, UPLOAD_MAX_BYTES.video));
      });

      await t.step(
        "a finished upload answers HEAD as complete (a lost last answer is not an error)",
        async () => {
          const id = await slot();
          const bytes = new Uint8Array(300);
          bytes.set([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84, ...new TextEncoder().encode("webm")]);
          const location = await create(id, bytes.length);
          const done = await patch(location, 0, bytes);
          assert.equal(done.status, 204);
          assert.equal(await exists(id), false, "the parts were handed over to the media storage");
          const head = await ctx.request(location, { method: "HEAD", headers: TUS });
          assert.equal(head.status, 200);
          assert.equal(head.headers.get("upload-offset"), "300");
          assert.equal(head.headers.get("upload-length"), "300");
          const again = await patch(location, 0, bytes);
          await again.body?.cancel();
          assert.equal(again.status, 409, "nothing is written twice");
        },
      );
    } finally {
      await ctx.close();
    }
  },
});
