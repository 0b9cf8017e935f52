// A listener's caption is never lost: it rides on the first part of an MMS or a WhatsApp message an
// interaction takes; when none takes one, it lands on its own as a text (a participation, or held for staff);
// it is held to the channel's text limit, cut with an ellipsis. Against the local provider stub.
import assert from "node:assert/strict";
import { drainJobs, randomSegment } from "./_participation.ts";
import {
  addLine,
  LINE_CREDENTIALS,
  LINE_SECRETS,
  lineApp,
  postTwilio,
  postWhatsapp as postSigned,
  whatsappBody,
} from "../_providers.ts";

const { account: ACCOUNT, appSecret: APP_SECRET } = LINE_SECRETS;
const { stub, ctx, staff } = await lineApp(LINE_SECRETS, { jobs: true });

const messagesOf = (segmentId: number) =>
  ctx.sql<{ id: number; text: string | null; media_id: string | null }[]>`
    select id::int as id, text, media_id from messages where segment_id = ${segmentId} order by id`;
const heldOf = (segmentId: number) =>
  ctx.sql<{ reason: string; text: string | null; media_kind: string | null }[]>`
    select reason, text, media_kind from line_held_messages where segment_id = ${segmentId} order by id`;

const postSms = async (line: number, params: Record<string, string>) => {
  const res = await postTwilio(ctx, line, ACCOUNT.token, params);
  assert.equal(res.status, 200);
  return await res.text();
};
const postWhatsapp = async (line: number, message: Record<string, unknown>, from = "33688888888") => {
  const res = await postSigned(ctx, line, APP_SECRET, whatsappBody("106540352242922", from, "Lou", message));
  assert.equal(res.status, 200);
  await res.body?.cancel();
};

/** An MMS of `count` pictures with a text. */
function mms(sid: string, from: string, body: string, count: number) {
  const params: Record<string, string> = {
    AccountSid: ACCOUNT.sid,
    MessageSid: sid,
    From: from,
    To: "+33700000000",
    Body: body,
    NumMedia: String(count),
  };
  for (let i = 0; i < count; i++) {
    const media = `ME${String(i + 1).repeat(32)}`;
    params[`MediaContentType${i}`] = "image/jpeg";
    params[`MediaUrl${i}`] =
      `${stub.twilioUrl}/2010-04-01/Accounts/${ACCOUNT.sid}/Messages/${sid}/Media/${media}`;
  }
  return params;
}

Deno.test({
  name: "line captions - a caption rides on the part taken, else lands as a text, held to the text limit",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    try {
      const manager = await staff.token("manager");
      const twilio = LINE_CREDENTIALS.sms;
      const text = await randomSegment(ctx.sql, staff.radio, { type: "message" });
      const photos = await randomSegment(ctx.sql, staff.radio, {
        type: "video",
        media_type: "image",
        limit_1_vote: false,
      });
      const add = (body: Record<string, unknown>) => addLine(ctx, staff.radio, manager, body);
      const sms = await add({ kind: "sms", segment_id: text.id, credentials: twilio });
      const whatsapp = await add({
        kind: "whatsapp",
        address: "106540352242922",
        segment_id: photos.id,
        credentials: LINE_CREDENTIALS.whatsapp,
      });

      await t.step(
        "pictures a text interaction refuses are held; their caption lands as its text",
        async () => {
          const sid = `MM${"a9".repeat(16)}`;
          await postSms(sms, mms(sid, "+33611119999", "  Greetings from the stadium ", 2));
          assert.deepEqual(
            (await messagesOf(text.id)).map((m) => [m.text, m.media_id]),
            [["Greetings from the stadium", null]],
            "the caption is the participation",
          );
          assert.deepEqual(
            (await heldOf(text.id)).map((h) => [h.reason, h.text, h.media_kind]),
            [["wrong_type", null, "image"], ["wrong_type", null, "image"]],
            "the pictures are held, the caption not kept twice",
          );
          await postSms(sms, mms(sid, "+33611119999", "  Greetings from the stadium ", 2)); // sent again
          assert.equal((await messagesOf(text.id)).length, 1, "stored once");
          assert.equal((await heldOf(text.id)).length, 2);
          const claims = await ctx.sql<{ provider_id: string }[]>`
          select provider_id from line_inbound where line_id = ${sms} and provider_id like ${sid + "%"}
          order by provider_id`;
          assert.ok(
            claims.some((c) => c.provider_id === `${sid}/text`),
            "the caption claimed under its own id",
          );
        },
      );

      await t.step("a caption longer than the channel's text limit is cut with an ellipsis", async () => {
        stub.media.set("3000000001", { bytes: new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), type: "image/jpeg" });
        const long = "On air! ".repeat(50).trim(); // 399 characters, the limit is 250
        await postWhatsapp(whatsapp, {
          id: "wamid.caption1",
          type: "image",
          image: { id: "3000000001", mime_type: "image/jpeg", caption: long },
        });
        const [landed] = await messagesOf(photos.id);
        assert.ok(landed.media_id, "the picture is taken");
        assert.equal(landed.text!.length, 250);
        assert.ok(landed.text!.endsWith("…"));
        assert.ok(long.startsWith(landed.text!.slice(0, -1)));
      });

      await t.step("a caption alone cut the same way; a caption saying STOP is no STOP", async () => {
        await ctx.sql`update phone_lines set segment_id = ${text.id} where id = ${whatsapp}`;
        const [{ n: before }] = await ctx.sql<{ n: number }[]>`select count(*)::int as n from phone_numbers`;
        // a document is no picture a line takes: its caption still lands, as a text
        await postWhatsapp(whatsapp, {
          id: "wamid.caption2",
          type: "document",
          document: { id: "3000000002", mime_type: "application/pdf" },
          image: { mime_type: "application/pdf", id: "3000000002", caption: "x".repeat(300) },
        });
        await postWhatsapp(whatsapp, {
          id: "wamid.caption3",
          type: "image",
          image: { mime_type: "application/pdf", id: "3000000003", caption: "STOP" },
        }, "33644448888");
        const texts = (await messagesOf(text.id)).map((m) => m.text);
        assert.equal(texts.length, 3);
        assert.equal(texts[1], `${"x".repeat(249)}…`);
        assert.equal(texts[2], "STOP", "kept as the listener's text");
        const [{ n: after }] = await ctx.sql<{ n: number }[]>`select count(*)::int as n from phone_numbers`;
        assert.equal(after, before + 1, "the new number stored, none forgotten by a caption");
      });

      await t.step("when the text is refused too, the caption is held on its own", async () => {
        await ctx.sql`update segments set end_date = now() - interval '1 minute' where id = ${text.id}`;
        await postSms(sms, mms(`MM${"b8".repeat(16)}`, "+33622223333", "Too late?", 1));
        const held = await heldOf(text.id);
        assert.deepEqual(held.slice(-2).map((h) => [h.reason, h.text, h.media_kind]), [
          ["closed", null, "image"],
          ["closed", "Too late?", null],
        ]);
      });
    } finally {
      // the pictures' fetch and processing may still run: they finish before the database closes (a picture
      // the provider stub does not have waits for a retry, which no worker runs before the close)
      await drainJobs(ctx, 60_000, { dueOnly: true });
      await ctx.close();
      await stub.close();
    }
  },
});
