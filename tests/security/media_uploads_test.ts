// Uploaded files as an attacker uses them: a small PNG that declares 144 megapixels as an interaction's
// background (its decoding took the shared worker to 2 GB), and files uploaded but never sent, which stayed
// public under the station's domain forever (a GIF89a + HTML file served as image/gif).
import assert from "node:assert/strict";
import { demoStaff, testApp } from "../_helpers.ts";
import { hugePngHeader } from "../_media_attacks.ts";
import { forgetUnusedUploads } from "../../lib/media/stored.ts";
import { randomChannel, randomSegment, testDevice, tusUpload } from "../api/_participation.ts";
import { UNUSED_UPLOAD_MS } from "../../lib/rules/constants.ts";
import en from "../../locales/en.json" with { type: "json" };

Deno.test({
  name: "security: media uploads - huge pictures refused, unused uploads deleted after a day",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const ctx = await testApp({ demoPassword: "Demo-Password-1!" });
    try {
      const { radio, token } = await demoStaff(ctx);
      const manager = await token("manager");

      await t.step("a 12000×12000 PNG as a background: 413 before anything decodes it", async () => {
        const [segment] = await ctx.sql<
          { id: number }[]
        >`select id from segments where channel_id = ${radio} limit 1`;
        const form = new FormData();
        form.append("file", new File([hugePngHeader(12000, 12000) as BlobPart], "bg.png"));
        const res = await ctx.request(`/api/v1/show_segments/${segment.id}/background?lang=en`, {
          method: "POST",
          token: manager,
          body: form,
          headers: { "accept-language": "en" },
        });
        assert.equal(res.status, 413);
        assert.match(res.headers.get("content-type")!, /application\/json/);
        const body = await res.json();
        assert.equal(body.code, "image_too_many_pixels");
        assert.equal(body.message, en.errors.image_too_many_pixels.replace("{{megapixels}}", "24"));
        const [row] = await ctx.sql`select background_url from segments where id = ${segment.id}`;
        assert.doesNotMatch(String(row.background_url), /background-/);
      });

      await t.step("an upload never sent is public, then deleted after a day; a sent one stays", async () => {
        const channelId = await randomChannel(ctx.sql);
        const segment = await randomSegment(ctx.sql, channelId, { type: "video", limit_1_vote: false });
        const upload = async (bytes: Uint8Array) => {
          const slot = await ctx.request("/api/v1/upload", { method: "POST", json: { extension: "gif" } });
          assert.equal(slot.status, 201);
          const { data_id } = await slot.json();
          const res = await tusUpload(ctx, data_id, bytes);
          await res.body?.cancel();
          assert.equal(res.status, 204);
          const [row] = await ctx.sql<{ original_path: string }[]>`
            select original_path from media where id = ${data_id}`;
          return { id: data_id as string, url: `/media/${row.original_path}` };
        };
        const page = new TextEncoder().encode("GIF89a<html><script>alert(document.domain)</script></html>");
        const unused = await upload(page);
        const fresh = await upload(page);
        const sent = await upload(page);
        const params = new URLSearchParams({
          channel_id: String(channelId),
          segment: String(segment.id),
          device_id: testDevice("sender"),
          data_id: sent.id,
          extension: "gif",
        });
        const put = await ctx.request(`/api/v1/interactions?${params}`, {
          method: "PUT",
          headers: { "content-disposition": 'attachment; filename="a.gif"', "content-type": "image/gif" },
        });
        assert.ok(put.ok, String(put.status));
        await put.body?.cancel();

        const served = await ctx.request(unused.url);
        assert.equal(served.status, 200);
        assert.equal(served.headers.get("content-type"), "image/gif");
        assert.equal(served.headers.get("x-content-type-options"), "nosniff", "never read as a page");
        await served.body?.cancel();

        const old = new Date(Date.now() - UNUSED_UPLOAD_MS - 60_000);
        await ctx.sql`update media set updated_at = ${old} where id in ${ctx.sql([unused.id, sent.id])}`;
        assert.equal(await forgetUnusedUploads(ctx.sql, ctx.deps.storage), 1);
        const gone = await ctx.request(unused.url);
        assert.equal(gone.status, 404);
        await gone.body?.cancel();
        assert.equal((await ctx.sql`select 1 from media where id = ${unused.id}`).length, 0);
        for (const kept of [fresh, sent]) {
          const res = await ctx.request(kept.url);
          assert.equal(res.status, 200, kept.url);
          await res.body?.cancel();
        }
      });

      await t.step("a stored file that is no image, audio or video is downloaded, not shown", async () => {
        await ctx.deps.storage.put("exports/notes.txt", new TextEncoder().encode("<b>hi</b>"), "text/plain");
        const res = await ctx.request("/media/exports/notes.txt");
        assert.equal(res.status, 200);
        assert.equal(res.headers.get("content-disposition"), "attachment");
        await res.body?.cancel();
      });
    } finally {
      await ctx.close();
    }
  },
});
