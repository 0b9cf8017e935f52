// Issue 18: a refused tus upload's partial file is removed at once, not when it expires after 24 h.
import assert from "node:assert/strict";
import { testApp } from "../_helpers.ts";
import { tusFor } from "../../lib/media/tus.ts";

const TUS = { "Tus-Resumable": "1.0.0" };

Deno.test({
  name: "tus - a refused upload leaves no partial file behind",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const ctx = await testApp();
    try {
      const { store } = tusFor(ctx.deps);
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
    } finally {
      await ctx.close();
    }
  },
});
