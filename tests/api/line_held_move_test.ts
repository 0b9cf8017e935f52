// Staff settle what a line held: they move a held message into an interaction of their channel (it becomes
// a participation there under that interaction's rules: its media, the listener's number, a keyword vote),
// once even when two of them move it at the same moment, or dismiss it; both are in the audit log, and the
// count of those still waiting is shown where staff look. Another channel's staff can do neither. Against the
// local provider stub (tests/_providers.ts), with webhooks signed as Meta signs them.
import assert from "node:assert/strict";
import { until } from "../_helpers.ts";
import { makeMedia, randomSegment } from "./_participation.ts";
import {
  addLine,
  LINE_CREDENTIALS,
  LINE_SECRETS,
  lineApp,
  postWhatsapp as postSigned,
  WHATSAPP_PHONE_ID as PHONE_ID,
  whatsappBody,
} from "../_providers.ts";
import { openSession } from "../../lib/platform/sessions.ts";
import { HELD_MOVE_STALE_SECONDS } from "../../lib/rules/line_held.ts";
import fr from "../../locales/fr.json" with { type: "json" };

const { appSecret: APP_SECRET } = LINE_SECRETS;
const { stub, ctx, staff } = await lineApp(LINE_SECRETS, { jobs: true });

/** Two seconds of a tone in Opus/OGG, as a WhatsApp voice note. */
const voiceNote = () => makeMedia("ogg", 2);

const postWhatsapp = async (line: number, from: string, message: Record<string, unknown>) => {
  const res = await postSigned(ctx, line, APP_SECRET, whatsappBody(PHONE_ID, from, "Amélie", message));
  assert.equal(res.status, 200);
  await res.body?.cancel();
};

/** The newest held message's id. */
const lastHeld = async () => {
  const [row] = await ctx.sql<{ id: number; media_id: string | null; phone_number_id: number | null }[]>`
    select id::int as id, media_id, phone_number_id::int as phone_number_id
    from line_held_messages order by id desc limit 1`;
  return row;
};

const heldState = async (id: number) => {
  const [row] = await ctx.sql<{ resolution: string | null; message_id: number | null }[]>`
    select resolution, message_id::int as message_id from line_held_messages where id = ${id}`;
  return row;
};

Deno.test({
  name: "held line messages - staff move one into an interaction or dismiss it, once, on their channel only",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    try {
      const manager = await staff.token("manager");
      const operator = await staff.token("operator");
      const [{ id: tvOperatorId }] = await ctx.sql<{ id: number }[]>`
        insert into users (login, email, role, channel_id, confirmed_at, language)
        values ('tv-operator', 'tv-operator@example.com', 'operator', ${staff.tv}, now(), 'fr')
        returning id::int as id`;
      const tvOperator = await openSession(ctx.deps.sql, ctx.deps.jwtSecret, tvOperatorId, "staff");
      const textSegment = await randomSegment(ctx.sql, staff.radio, { type: "message", title: "Le mur" });
      const vote = await randomSegment(ctx.sql, staff.radio, { limit_1_vote: true }, ["Jazz", "Rock"]);
      const voices = await randomSegment(ctx.sql, staff.radio, {
        type: "recording_question",
        title: "Messages vocaux",
      });
      const line = await addLine(ctx, staff.radio, manager, {
        kind: "whatsapp",
        address: PHONE_ID,
        segment_id: null,
        credentials: LINE_CREDENTIALS.whatsapp,
      });
      const move = (held: number, segment: number, token = operator, channel = staff.radio) =>
        ctx.request(`/api/v1/channels/${channel}/held-messages/${held}/move`, {
          method: "POST",
          token,
          json: { segment_id: segment },
        });
      const dismiss = (held: number, token = operator, channel = staff.radio) =>
        ctx.request(`/api/v1/channels/${channel}/held-messages/${held}/dismiss`, { method: "POST", token });

      await t.step("moved twice at the same moment, a held text becomes one participation", async () => {
        await postWhatsapp(line, "33612345678", {
          id: "wamid.move1",
          type: "text",
          text: { body: "Bonjour !" },
        });
        const held = await lastHeld();
        const answers = await Promise.all([move(held.id, textSegment.id), move(held.id, textSegment.id)]);
        const statuses = answers.map((a) => a.status).sort();
        assert.deepEqual(statuses, [201, 409], "one move stored, the other told it was done");
        const bodies = await Promise.all(answers.map((a) => a.json()));
        const stored = bodies.find((b) => "message_id" in b);
        const refused = bodies.find((b) => "code" in b);
        assert.equal(refused.code, "held_settled");
        assert.equal(refused.message, fr.errors.held_settled, "in the staff member's language");
        const messages = await ctx.sql<
          { id: number; text: string; medium: string; phone_number_id: number; author_name: string }[]
        >`
          select id::int as id, text, medium, phone_number_id::int as phone_number_id, author_name
          from messages where segment_id = ${textSegment.id}`;
        assert.equal(messages.length, 1, "counted once");
        assert.deepEqual(messages[0], {
          id: stored.message_id,
          text: "Bonjour !",
          medium: "whatsapp",
          phone_number_id: held.phone_number_id,
          author_name: "Amélie",
        });
        assert.deepEqual(await heldState(held.id), { resolution: "moved", message_id: stored.message_id });
        const [entry] = await ctx.sql<{ action: string; channel_id: number; object_id: string }[]>`
          select action, channel_id::int as channel_id, object_id from audit_log
          where action = 'held_message_moved'`;
        assert.deepEqual(entry, {
          action: "held_message_moved",
          channel_id: staff.radio,
          object_id: `${held.id}`,
        });
        const list = await ctx.request(`/api/v1/channels/${staff.radio}/held-messages`, { token: operator });
        const shown = (await list.json()).find((m: { id: number }) => m.id === held.id);
        assert.deepEqual([shown.resolution, shown.moved_to, shown.moved_title], [
          "moved",
          textSegment.id,
          "Le mur",
        ]);
        const again = await dismiss(held.id);
        assert.equal(again.status, 409, "a moved message is not dismissed after");
        await again.body?.cancel();
      });

      await t.step("a held keyword moved into a vote counts as the listener's vote", async () => {
        await postWhatsapp(line, "33622223333", { id: "wamid.move2", type: "text", text: { body: "rock" } });
        const held = await lastHeld();
        const moved = await move(held.id, vote.id);
        assert.equal(moved.status, 201);
        await moved.body?.cancel();
        const votes = await ctx.sql<{ choice_ids: number[] }[]>`
          select choice_ids from messages where segment_id = ${vote.id}`;
        assert.deepEqual(votes.map((v) => v.choice_ids.map(Number)), [[vote.choiceIds[1]]]);
        // the same number's second message moved into the same vote: its one vote is taken
        await postWhatsapp(line, "33622223333", { id: "wamid.move3", type: "text", text: { body: "Jazz" } });
        const second = await lastHeld();
        const refused = await move(second.id, vote.id);
        assert.equal(refused.status, 409);
        const body = await refused.json();
        assert.deepEqual([body.code, body.message], [
          "held_already_participated",
          fr.errors.held_already_participated,
        ]);
        assert.deepEqual(
          await heldState(second.id),
          { resolution: null, message_id: null },
          "it waits again",
        );
      });

      await t.step("an interaction that refuses it leaves it waiting, with the refusal", async () => {
        await ctx.sql`update segments set end_date = now() - interval '1 hour' where id = ${textSegment.id}`;
        const held = await lastHeld();
        const closed = await move(held.id, textSegment.id);
        assert.equal(closed.status, 410);
        assert.equal((await closed.json()).code, "segment_unavailable");
        const wrong = await move(held.id, voices.id);
        assert.equal(wrong.status, 422, "a text is not a voice");
        await wrong.body?.cancel();
        assert.deepEqual(await heldState(held.id), { resolution: null, message_id: null });
      });

      await t.step("a held voice note moved into a voice interaction is processed there", async () => {
        stub.media.set("VOICE_MOVE_1", { bytes: await voiceNote(), type: "audio/ogg; codecs=opus" });
        await postWhatsapp(line, "33644445555", {
          id: "wamid.move4",
          type: "audio",
          audio: { id: "VOICE_MOVE_1", mime_type: "audio/ogg; codecs=opus" },
        });
        const held = await lastHeld();
        assert.ok(held.media_id);
        await until(async () => {
          const [m] = await ctx.sql<
            { status: string }[]
          >`select status from media where id = ${held.media_id}`;
          return m?.status === "ready" ? m : null;
        }, "the held voice note processed");
        const moved = await move(held.id, voices.id);
        assert.equal(moved.status, 201);
        const { message_id } = await moved.json();
        const done = await until(async () => {
          const [m] = await ctx.sql<{ processing_status: string; media_id: string; medium: string }[]>`
            select processing_status, media_id, medium from messages where id = ${message_id}`;
          return m?.processing_status === "done" ? m : null;
        }, "the moved voice note's participation processed");
        assert.deepEqual([done.media_id, done.medium], [held.media_id, "whatsapp"]);
      });

      await t.step("dismissed once, listed as dismissed, in the audit log, counted no more", async () => {
        await postWhatsapp(line, "33677778888", { id: "wamid.move5", type: "text", text: { body: "Spam" } });
        const held = await lastHeld();
        const waiting = async () => {
          const page = await ctx.request(`/channels/${staff.radio}/lines`, { token: manager });
          assert.equal(page.status, 200);
          const html = await page.text();
          return Number(
            html.match(/data-testid="held-waiting"[^>]*><span aria-hidden="true">(\d+)</)?.[1] ?? 0,
          );
        };
        const [{ n }] = await ctx.sql<{ n: number }[]>`
          select count(*)::int as n from line_held_messages where resolution is null`;
        assert.equal(await waiting(), n, "the lines page counts the waiting ones");
        const moderation = await ctx.request("/moderation", { token: operator });
        const html = await moderation.text();
        assert.ok(html.includes(`href="/channels/${staff.radio}/held-messages"`), "linked from moderation");
        assert.ok(html.includes(fr.lines.held_waiting.replace("{{count}}", String(n))));
        const first = await dismiss(held.id);
        assert.equal(first.status, 204);
        await first.body?.cancel();
        const second = await dismiss(held.id);
        assert.equal(second.status, 409);
        await second.body?.cancel();
        assert.equal((await heldState(held.id)).resolution, "dismissed");
        assert.equal(await waiting(), n - 1);
        const [{ entries }] = await ctx.sql<{ entries: number }[]>`
          select count(*)::int as entries from audit_log
          where action = 'held_message_dismissed' and object_id = ${String(held.id)}`;
        assert.equal(entries, 1);
        const page = await ctx.request(`/channels/${staff.radio}/held-messages`, { token: operator });
        const list = await page.text();
        assert.match(list, new RegExp(`data-held-id="${held.id}"[^>]*data-resolution="dismissed"`));
        assert.ok(list.includes(fr.lines.held_dismissed));
      });

      await t.step(
        "a move cut half-way may be made again once HELD_MOVE_STALE_SECONDS have passed",
        async () => {
          await postWhatsapp(line, "33611110000", {
            id: "wamid.move7",
            type: "text",
            text: { body: "Coupé" },
          });
          const held = await lastHeld();
          await ctx
            .sql`update line_held_messages set resolution = 'moving', resolved_at = now() where id = ${held.id}`;
          const busy = await move(held.id, voices.id);
          assert.equal(busy.status, 409, "a move under way is not made twice");
          await busy.body?.cancel();
          await ctx.sql`update line_held_messages set resolved_at = now() - make_interval(secs => ${
            HELD_MOVE_STALE_SECONDS + 1
          }) where id = ${held.id}`;
          const again = await dismiss(held.id);
          assert.equal(again.status, 204, "its server stopped: staff settle it");
          await again.body?.cancel();
        },
      );

      await t.step("another channel's staff can neither move nor dismiss them", async () => {
        await postWhatsapp(line, "33699990000", { id: "wamid.move6", type: "text", text: { body: "Allô" } });
        const held = await lastHeld();
        const tvSegment = await randomSegment(ctx.sql, staff.tv, { type: "message" });
        for (
          const res of [
            await move(held.id, textSegment.id, tvOperator),
            await dismiss(held.id, tvOperator),
            await move(held.id, tvSegment.id, tvOperator),
          ]
        ) {
          assert.equal(res.status, 403, "the radio's held messages are not the TV's staff's");
          await res.body?.cancel();
        }
        for (
          const res of [
            await move(held.id, tvSegment.id, tvOperator, staff.tv),
            await dismiss(held.id, tvOperator, staff.tv),
          ]
        ) {
          assert.equal(res.status, 404, "not found under their own channel either");
          await res.body?.cancel();
        }
        const into = await move(held.id, tvSegment.id);
        assert.equal(into.status, 404, "nor can the radio's staff move one into the TV's interaction");
        await into.body?.cancel();
        assert.deepEqual(await heldState(held.id), { resolution: null, message_id: null });
        const [{ n }] = await ctx.sql<{ n: number }[]>`
          select count(*)::int as n from messages where segment_id = ${tvSegment.id}`;
        assert.equal(n, 0);
      });
    } finally {
      await ctx.close();
      await stub.close();
    }
  },
});
