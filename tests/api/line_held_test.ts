// A listener's message is lost nowhere: what a line cannot make a participation (it feeds no interaction,
// or the interaction refuses it) is held for the channel's staff with why, the listener is told once in the
// channel's language, and STOP and the channel's retention treat it as any line message. Against the local
// provider stub (tests/_providers.ts), with webhooks signed as the providers sign them.
import assert from "node:assert/strict";
import { until } from "../_helpers.ts";
import { applyRetention } from "../../lib/app_users/data_rights.ts";
import { makeMedia, randomSegment } from "./_participation.ts";
import {
  addLine,
  LINE_CREDENTIALS,
  LINE_SECRETS,
  lineApp,
  postTwilio,
  postWhatsapp as postSigned,
  whatsappBody,
} from "../_providers.ts";
import fr from "../../locales/fr.json" with { type: "json" };

const { account: ACCOUNT, appSecret: APP_SECRET } = LINE_SECRETS;
const { stub, ctx, staff } = await lineApp(LINE_SECRETS, { jobs: true });

/** Two seconds of a tone in Opus/OGG, as a WhatsApp voice note. */
const voiceNote = () => makeMedia("ogg", 2);

interface HeldRow {
  id: number;
  reason: string;
  text: string | null;
  medium: string;
  segment_id: number | null;
  media_id: string | null;
  phone_number_id: number | null;
  author_city: string | null;
  notified: boolean;
}
const heldRows = () =>
  ctx.sql<HeldRow[]>`
    select id::int as id, reason, text, medium, segment_id::int as segment_id, media_id,
      phone_number_id::int as phone_number_id, author_city, notified
    from line_held_messages order by id`;

let sid = 0;
const postSms = async (line: number, from: string, body: string, extra: Record<string, string> = {}) => {
  const params: Record<string, string> = {
    AccountSid: ACCOUNT.sid,
    MessageSid: `SM${String(++sid).padStart(32, "0")}`,
    From: from,
    To: "+33700000000",
    Body: body,
    NumMedia: "0",
    ...extra,
  };
  const res = await postTwilio(ctx, line, ACCOUNT.token, params);
  assert.equal(res.status, 200);
  return await res.text();
};

const postWhatsapp = async (line: number, raw: string) => {
  const res = await postSigned(ctx, line, APP_SECRET, raw);
  assert.equal(res.status, 200, "acknowledged once stored");
  await res.body?.cancel();
};

/** The TwiML message text, with the XML escapes undone. */
const twimlText = (xml: string) =>
  xml.match(/<Message>([^<]*)<\/Message>/)?.[1].replaceAll("&apos;", "'").replaceAll("&quot;", '"')
    .replaceAll("&amp;", "&") ?? null;

Deno.test({
  name: "held line messages - what no interaction takes is kept for staff and the listener told once",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    try {
      const manager = await staff.token("manager");
      const operator = await staff.token("operator");
      const [{ language }] = await ctx.sql<{ language: string }[]>`
        select language from channels where id = ${staff.radio}`;
      assert.equal(language, "fr", "the demo radio speaks French: the notices are read in it");
      const textSegment = await randomSegment(ctx.sql, staff.radio, { type: "message" });
      const vote = await randomSegment(ctx.sql, staff.radio, { limit_1_vote: true }, ["Jazz", "Rock"]);
      const photos = await randomSegment(ctx.sql, staff.radio, { type: "video", media_type: "image" });
      const twilio = LINE_CREDENTIALS.sms;
      const add = (body: Record<string, unknown>) => addLine(ctx, staff.radio, manager, body);
      const whatsapp = await add({
        kind: "whatsapp",
        address: "106540352242922",
        segment_id: null,
        credentials: LINE_CREDENTIALS.whatsapp,
      });
      const sms = await add({ kind: "sms", segment_id: textSegment.id, credentials: twilio });

      await t.step("a WhatsApp text to a line feeding nothing is held, the listener told once", async () => {
        const body = (id: string, text: string) =>
          whatsappBody("106540352242922", "33612345678", "Amélie", {
            id,
            type: "text",
            text: { body: text },
          });
        await postWhatsapp(whatsapp, body("wamid.held1", "Bonjour le studio !"));
        await postWhatsapp(whatsapp, body("wamid.held1", "Bonjour le studio !")); // the provider's retry
        await postWhatsapp(whatsapp, body("wamid.held2", "Vous m'entendez ?"));
        const rows = await heldRows();
        assert.deepEqual(
          rows.map((r) => [r.reason, r.text, r.medium, r.segment_id, r.notified]),
          [
            ["no_interaction", "Bonjour le studio !", "whatsapp", null, true],
            ["no_interaction", "Vous m'entendez ?", "whatsapp", null, false],
          ],
          "held once per provider message id, told for the first only",
        );
        assert.ok(rows[0].phone_number_id, "the number is stored sealed like any line message's");
        assert.equal(stub.sent.length, 1, "one notice, not one per message");
        const [notice] = stub.sent;
        assert.equal(notice.body.to, "33612345678");
        assert.equal((notice.body.text as { body: string }).body, fr.channels.widget_closed);
        const [{ n }] = await ctx.sql<
          { n: number }[]
        >`select count(*)::int as n from messages where medium <> 'widget'`;
        assert.equal(n, 0, "no participation was made up");
      });

      await t.step(
        "a voice note to a line feeding nothing is held with its file, fetched and processed",
        async () => {
          stub.media.set("VOICE_HELD_1", { bytes: await voiceNote(), type: "audio/ogg; codecs=opus" });
          await postWhatsapp(
            whatsapp,
            whatsappBody("106540352242922", "33698765432", "Bruno", {
              id: "wamid.held3",
              type: "audio",
              audio: { id: "VOICE_HELD_1", mime_type: "audio/ogg; codecs=opus" },
            }),
          );
          const held = (await heldRows()).at(-1)!;
          assert.equal(held.reason, "no_interaction");
          assert.ok(held.media_id);
          const ready = await until(async () => {
            const [m] = await ctx.sql<{ status: string; playable_path: string | null }[]>`
            select status, playable_path from media where id = ${held.media_id}`;
            return m?.status === "ready" ? m : null;
          }, "the held voice note processed");
          assert.ok(ready.playable_path);
          const list = await ctx.request(`/api/v1/channels/${staff.radio}/held-messages`, {
            token: operator,
          });
          const voice = (await list.json()).find((m: { id: number }) => m.id === held.id);
          assert.equal(voice.media_kind, "audio");
          assert.equal(voice.media_url, `/media/${ready.playable_path}`);
          const file = await ctx.request(voice.media_url);
          assert.equal(file.status, 200, "staff play it");
          await file.body?.cancel();
        },
      );

      await t.step(
        "an SMS to a closed interaction is held and answered once with the widget's text",
        async () => {
          // its end has passed: the widget says it is no longer available
          await ctx
            .sql`update segments set end_date = now() - interval '1 hour' where id = ${textSegment.id}`;
          const reply = await postSms(sms, "+33611112222", "Coucou", { FromCity: "Lyon" });
          assert.equal(twimlText(reply), fr.errors.segment_unavailable);
          const again = await postSms(sms, "+33611112222", "Encore moi");
          assert.match(again, /<Response><\/Response>/, "told once a day for the same reason");
          const rows = (await heldRows()).filter((r) => r.medium === "sms");
          assert.deepEqual(
            rows.map((r) => [r.reason, r.text, r.segment_id, r.author_city]),
            [["closed", "Coucou", textSegment.id, "Lyon"], ["closed", "Encore moi", textSegment.id, null]],
          );
        },
      );

      await t.step("a text to a photo contest is held as not its kind", async () => {
        await ctx.sql`update phone_lines set segment_id = ${photos.id} where id = ${sms}`;
        const reply = await postSms(sms, "+33633334444", "Voici ma photo (pas de photo)");
        assert.equal(twimlText(reply), fr.errors.participation_wrong_type);
        const held = (await heldRows()).at(-1)!;
        assert.deepEqual([held.reason, held.segment_id], ["wrong_type", photos.id]);
      });

      await t.step("a second vote of a number is held as already taken part, its first counted", async () => {
        await ctx.sql`update phone_lines set segment_id = ${vote.id} where id = ${sms}`;
        assert.match(
          await postSms(sms, "+33655556666", "Jazz"),
          /<Response><\/Response>/,
          "a vote is not answered",
        );
        const reply = await postSms(sms, "+33655556666", "Rock");
        assert.equal(twimlText(reply), fr.widget.already_participated);
        const votes = await ctx.sql<{ choice_ids: number[] }[]>`
          select choice_ids from messages where segment_id = ${vote.id}`;
        assert.deepEqual(
          votes.map((v) => v.choice_ids.map(Number)),
          [[vote.choiceIds[0]]],
          "one vote counted",
        );
        const held = (await heldRows()).at(-1)!;
        assert.deepEqual([held.reason, held.text], ["limit_reached", "Rock"]);
      });

      await t.step("staff who read the channel's participations see them, never a number", async () => {
        const res = await ctx.request(`/api/v1/channels/${staff.radio}/held-messages`, { token: operator });
        assert.equal(res.status, 200);
        const text = await res.text();
        const list = JSON.parse(text) as { reason: string; author_name: string | null }[];
        assert.equal(list.length, (await heldRows()).length);
        assert.equal(list[0].reason, "limit_reached", "newest first");
        for (const n of ["612345678", "611112222", "655556666"]) assert.ok(!text.includes(n), "no number");
        const other = await ctx.request(`/api/v1/channels/${staff.tv}/held-messages`, { token: operator });
        assert.equal(other.status, 403, "another channel's are not theirs");
        await other.body?.cancel();
        const page = await ctx.request(`/channels/${staff.radio}/held-messages`, { token: operator });
        assert.equal(page.status, 200);
        const html = await page.text();
        assert.match(html, /Auditeur · Lyon/, "a line's listener as Listener · city");
        assert.match(html, /Amélie/, "or the WhatsApp profile name");
        assert.ok(html.includes(fr.lines.held_reason_no_interaction));
        assert.ok(!/612345678|611112222/.test(html));
      });

      await t.step(
        "STOP forgets the number: the held messages keep their text, tied to no number",
        async () => {
          const reply = await postSms(sms, "+33611112222", "STOP");
          assert.equal(twimlText(reply), fr.lines.stopped);
          const lyon = (await heldRows()).filter((r) => r.text === "Coucou" || r.text === "Encore moi");
          assert.equal(lyon.length, 2);
          for (const r of lyon) assert.equal(r.phone_number_id, null);
        },
      );

      await t.step("the channel's retention erases held messages with their files", async () => {
        const before = (await heldRows()).length;
        const [voice] = await ctx.sql<{ media_id: string }[]>`
          select media_id from line_held_messages where media_id is not null`;
        await ctx.sql`update channels set retention_months = 3 where id = ${staff.radio}`;
        await ctx.sql`update line_held_messages set created_at = now() - interval '120 days'
          where text is distinct from 'Rock'`;
        const erased = await applyRetention(ctx.deps);
        assert.ok(erased >= before - 1, `${erased} erased`);
        const left = await heldRows();
        assert.deepEqual(left.map((r) => r.text), ["Rock"], "the recent one stays");
        const [{ n }] = await ctx.sql<{ n: number }[]>`
          select count(*)::int as n from media where id = ${voice.media_id}`;
        assert.equal(n, 0, "its voice note went with it");
      });
    } finally {
      await ctx.close();
      await stub.close();
    }
  },
});
