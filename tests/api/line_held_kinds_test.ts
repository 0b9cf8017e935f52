// What WhatsApp brings that no interaction takes is held for the studio, never dropped: a sticker, a document
// or a location without a caption is kept with its reason (the listener told once that the studio got it);
// a document's caption lands as a text, as a picture's does. Against the local provider stub.
import assert from "node:assert/strict";
import { randomSegment } from "./_participation.ts";
import {
  addLine,
  LINE_CREDENTIALS,
  LINE_SECRETS,
  lineApp,
  postWhatsapp,
  WHATSAPP_PHONE_ID as PHONE_ID,
  whatsappBody,
} from "../_providers.ts";
import fr from "../../locales/fr.json" with { type: "json" };

const { appSecret: APP_SECRET } = LINE_SECRETS;
const { stub, ctx, staff } = await lineApp(LINE_SECRETS);

Deno.test({
  name: "held line messages - a sticker, a document or a location without caption is held, not dropped",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    try {
      const manager = await staff.token("manager");
      const segment = await randomSegment(ctx.sql, staff.radio, { type: "message", limit_1_vote: false });
      const line = await addLine(ctx, staff.radio, manager, {
        kind: "whatsapp",
        address: PHONE_ID,
        segment_id: segment.id,
        credentials: LINE_CREDENTIALS.whatsapp,
      });
      const post = async (message: Record<string, unknown>) => {
        const raw = whatsappBody(PHONE_ID, "33612345678", "Amélie", message);
        const answer = await postWhatsapp(ctx, line, APP_SECRET, raw);
        assert.equal(answer.status, 200);
        await answer.body?.cancel();
      };
      await post({ id: "wamid.k1", type: "sticker", sticker: { id: "STICKER1", mime_type: "image/webp" } });
      await post({
        id: "wamid.k2",
        type: "document",
        document: { id: "DOC1", mime_type: "application/pdf", filename: "playlist.pdf" },
      });
      await post({ id: "wamid.k3", type: "location", location: { latitude: 45.76, longitude: 4.83 } });
      await post({ id: "wamid.k3", type: "location", location: { latitude: 45.76, longitude: 4.83 } }); // a retry
      await post({
        id: "wamid.k4",
        type: "document",
        document: { id: "DOC2", mime_type: "application/pdf", caption: "Notre liste de chansons" },
      });
      await post({ id: "wamid.k5", type: "reaction", reaction: { message_id: "wamid.x", emoji: "👍" } });

      const held = await ctx.sql<
        { reason: string; text: string | null; segment_id: number; notified: boolean }[]
      >`
        select reason, text, segment_id::int as segment_id, notified from line_held_messages order by id`;
      assert.deepEqual(
        held.map((h) => [h.reason, h.text, h.segment_id, h.notified]),
        [
          ["unsupported", null, segment.id, true],
          ["unsupported", null, segment.id, false],
          ["unsupported", null, segment.id, false],
        ],
        "the sticker, the document and the location held once each; a reaction is not a message",
      );
      assert.equal(stub.sent.length, 1, "told once");
      assert.equal((stub.sent[0].body.text as { body: string }).body, fr.lines.held_notice);
      const texts = await ctx.sql<
        { text: string }[]
      >`select text from messages where segment_id = ${segment.id}`;
      assert.deepEqual(texts.map((m) => m.text), ["Notre liste de chansons"], "a document's caption lands");
      const page = await ctx.request(`/channels/${staff.radio}/held-messages`, { token: manager });
      assert.equal(page.status, 200);
      assert.ok((await page.text()).includes(fr.lines.held_reason_unsupported), "staff read why");
    } finally {
      await ctx.close();
      await stub.close();
    }
  },
});
