// Listeners' data rights: export, erasure by the listener and by an administrator, retention,
// consent records. The worker runs in process (pg-boss), media files live in the local media store.
import assert from "node:assert/strict";
import { unzipSync } from "fflate";
import { openSession } from "../../lib/platform/sessions.ts";
import { applyRetention } from "../../lib/app_users/data_rights.ts";
import { type TestApp, testApp } from "../_helpers.ts";
import { queueDailyRetention } from "../../app/workers.ts";
import { QUEUES } from "../../lib/platform/jobs.ts";
import { drainJobs, randomAppUser, randomChannel, randomSegment, testDevice } from "./_participation.ts";

const OGG = new Uint8Array([0x4f, 0x67, 0x67, 0x53, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4]);

/** A stored voice file and its generated copies (playable, mp3), as the media pipeline leaves them. */
async function storedVoice(ctx: TestApp, channelId: number) {
  const base = `voice/${crypto.randomUUID()}`;
  const keys = [`${base}.ogg`, `${base}-play.ogg`, `${base}.mp3`];
  for (const key of keys) await ctx.deps.storage.put(key, OGG, "audio/ogg");
  const [row] = await ctx.sql<{ id: string }[]>`
    insert into media (channel_id, kind, original_path, playable_path, delivery_mp3_path, extension, status)
    values (${channelId}, 'audio', ${keys[0]}, ${keys[1]}, ${keys[2]}, 'ogg', 'ready') returning id`;
  return { id: row.id, keys };
}

async function stored(ctx: TestApp, key: string) {
  return (await ctx.deps.storage.size!(key)) !== null;
}

/** Sends a participation through the API as this visitor. */
async function send(ctx: TestApp, token: string, channelId: number, body: Record<string, unknown>) {
  const json = { channel_id: channelId, ...body };
  const res = await ctx.request("/api/v1/interactions", { method: "POST", json, token });
  assert.equal(res.status, 200, await res.clone().text());
  return (await res.json()).id as number;
}

async function waitExport(ctx: TestApp, token: string, id: string) {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    const res = await ctx.request(`/api/v1/app_users/data/export/${id}`, { token });
    assert.equal(res.status, 200);
    const body = await res.json();
    if (body.status !== "pending") return body;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("export still pending");
}

/** Every text value of every row of the tables a listener's data can be in, in any case (words are lowercase). */
async function scanFor(ctx: TestApp, needles: string[]): Promise<string[]> {
  const found: string[] = [];
  const tables = [
    "app_users",
    "messages",
    "replies",
    "media",
    "outbox",
    "message_search",
    "search_bits",
    "erasure_log",
    "ai_logs",
  ];
  for (const table of tables) {
    const rows = await ctx.sql.unsafe(`select t::text as row from ${table} t`);
    for (const { row } of rows) {
      const text = String(row).toLowerCase();
      for (const needle of needles) {
        if (text.includes(needle.toLowerCase())) found.push(`${table}: ${needle}`);
      }
    }
  }
  return found;
}

Deno.test({
  name: "data rights - export, erasure by the listener, consents",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const ctx = await testApp({ jobs: true });
    try {
      const channelId = await randomChannel(ctx.sql, {
        customisation: ctx.sql.json({
          title_consent: "Your data",
          consent_gdpr_text: "<p>Radio X keeps your message for the show.</p>",
        }),
      });
      const vote = await randomSegment(ctx.sql, channelId, {}, ["Yes", "No"]);
      const text = await randomSegment(ctx.sql, channelId, {
        type: "message",
        limit_1_vote: false,
        is_gdpr_consent: true,
        legal_notice: "Radio X, 1 rue du Port, Brest",
      });
      const me = await randomAppUser(ctx, {
        nickname: "Zorglub",
        email: "zorglub@example.com",
        first_name: "Zoé",
        last_name: "Glub",
        phone: "+33 6 12 34 56 78",
      });
      const other = await randomAppUser(ctx, { nickname: "Other" });
      await ctx.sql`insert into outbox (to_address, subject, text_body)
        values ('zorglub@example.com', 'Reset', 'Hello Zoé')`;

      const voteId = await send(ctx, me.token, channelId, {
        segment: vote.id,
        content: { choice_ids: [vote.choiceIds[0]] },
      });
      await send(ctx, other.token, channelId, {
        segment: vote.id,
        device_id: testDevice("d-2"),
        content: { choice_ids: [vote.choiceIds[1]] },
      });
      const textId = await send(ctx, me.token, channelId, {
        segment: text.id,
        content: { text: "Bonjour la radio, c'est Zoé de Brest" },
        consent_gdpr: true,
        extra_user_information: { first_name: "Zoé" },
      });
      const voice = await storedVoice(ctx, channelId);
      await ctx
        .sql`update messages set media_id = ${voice.id}, transcript = 'Zoé parle' where id = ${textId}`;
      const replyVoice = await storedVoice(ctx, channelId);
      await ctx.sql`insert into replies (message_id, channel_id, type, text, media_id)
        values (${textId}, ${channelId}, 'voice', 'Merci Zoé !', ${replyVoice.id})`;
      await ctx.sql`insert into ai_logs (channel_id, segment_id, prompt, answer) values
        (${channelId}, ${text.id}, 'What do listeners say?', '> Bonjour la radio, c''est Zoé de Brest'),
        (${channelId}, ${text.id}, 'Any other?', 'Nothing else.')`;
      await ctx.sql`insert into points_ledger (channel_id, app_user_id, message_id, event, points)
        values (${channelId}, ${me.id}, ${textId}, 'liked', 10)`;
      await ctx.sql`update app_users set points = 10 where id = ${me.id}`;
      const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
      const avatarKey = `users/${me.id}/avatar-${crypto.randomUUID()}.png`;
      await ctx.deps.storage.put(avatarKey, PNG, "image/png");
      await ctx.sql`update app_users set avatar_url = ${"/media/" + avatarKey} where id = ${me.id}`;

      await t.step("a participation with a consent keeps the texts shown, their hash and when", async () => {
        const [row] = await ctx.sql`select texts, sha256, accepted_at from message_consents
          where message_id = ${textId}`;
        assert.equal(row.texts.consent_gdpr, "accepted");
        assert.equal(row.texts.title_consent, "Your data");
        assert.match(row.texts.consent_gdpr_text, /Radio X keeps your message/);
        assert.equal(row.texts.legal_notice, "Radio X, 1 rue du Port, Brest");
        assert.match(row.sha256, /^[0-9a-f]{64}$/);
        assert.ok(row.accepted_at instanceof Date);
        const [none] = await ctx
          .sql`select count(*)::int as n from message_consents where message_id = ${voteId}`;
        assert.equal(none.n, 0, "no consent asked, none stored");
      });

      let exportUrl = "";
      await t.step(
        "download my data: a zip with the profile, every participation, media, replies, points",
        async () => {
          const res = await ctx.request("/api/v1/app_users/data/export", { method: "POST", token: me.token });
          assert.equal(res.status, 202);
          assert.match(res.headers.get("content-type")!, /application\/json/);
          const created = await res.json();
          assert.equal(created.status, "pending");
          const ready = await waitExport(ctx, me.token, created.id);
          assert.equal(ready.status, "ready");
          assert.equal(ready.messages, 2);
          assert.ok(new Date(ready.expires_at).getTime() - Date.now() <= 3600_000);
          exportUrl = ready.url;
          const zip = await ctx.request(ready.url);
          assert.equal(zip.status, 200);
          assert.equal(zip.headers.get("content-type"), "application/zip");
          const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
          const read = (name: string) => JSON.parse(new TextDecoder().decode(files[name]));
          const profile = read("profile.json");
          assert.equal(profile.email, "zorglub@example.com");
          assert.equal(profile.first_name, "Zoé");
          assert.equal(profile.password_hash, undefined);
          const participations = read("participations.json");
          assert.deepEqual(participations.map((p: { id: number }) => p.id), [voteId, textId]);
          const sent = participations[1];
          assert.equal(sent.text, "Bonjour la radio, c'est Zoé de Brest");
          assert.equal(sent.consents.texts.title_consent, "Your data");
          assert.equal(sent.replies[0].text, "Merci Zoé !");
          assert.deepEqual(files[sent.file], OGG, "the voice file is in the zip");
          assert.deepEqual(files[sent.replies[0].file], OGG, "the reply's voice too");
          assert.equal(read("points.json")[0].points, 10);
          assert.equal(profile.avatar_file, "avatar.png");
          assert.deepEqual(files["avatar.png"], PNG, "the listener's photo is in the zip");
        },
      );

      await t.step("another listener cannot read my export's state; an altered link is a 404", async () => {
        const id = exportUrl.split("/")[6];
        const res = await ctx.request(`/api/v1/app_users/data/export/${id}`, { token: other.token });
        assert.equal(res.status, 404);
        // one character of the signature changed (to another one: "A" was its first a 64th of the time)
        const altered = exportUrl.replace(/signature=(.)/, (_, c) => `signature=${c === "A" ? "B" : "A"}`);
        assert.equal((await ctx.request(altered)).status, 404);
        const later = exportUrl.replace(/expires=(\d+)/, (_, e) => `expires=${Number(e) + 60}`);
        assert.equal((await ctx.request(later)).status, 404);
        assert.equal((await ctx.request(`/api/v1/app_users/data/export/${id}`)).status, 401);
      });

      await t.step("delete my account: personal data and media gone everywhere, tallies exact", async () => {
        const before = await ctx.sql`select choice_id::int, sum(count)::int as n from vote_counts
          where segment_id = ${vote.id} group by choice_id order by choice_id`;
        const counts = await ctx.sql`select sum(messages)::int as m, sum(participants)::int as p
          from segment_counts where segment_id = ${vote.id}`;
        const [exportRow] = await ctx.sql`select storage_key from data_exports where app_user_id = ${me.id}`;
        assert.ok(await stored(ctx, exportRow.storage_key));

        // the scan sees the words the search keeps (009, 031) before the erasure
        const searchable = await scanFor(ctx, ["Zorglub"]);
        for (const table of ["messages", "message_search", "search_bits"]) {
          assert.ok(
            searchable.includes(`${table}: Zorglub`),
            `${table} holds the name before: ${searchable}`,
          );
        }
        const res = await ctx.request("/api/v1/app_users/data", { method: "DELETE", token: me.token });
        assert.equal(res.status, 200);
        assert.deepEqual(await res.json(), { erased: true, messages: 2 });

        assert.deepEqual(
          await scanFor(ctx, ["Zorglub", "zorglub@", "Zoé", "Glub", "12 34 56 78", "Bonjour la radio"]),
          [],
        );
        const [row] = await ctx.sql`select text, transcript, media_id, author_app_user_id, device_id,
          author_name, extra_user_information, erased_at, choice_ids::int[] as choice_ids, content
          from messages where id = ${textId}`;
        assert.equal(row.text, null);
        assert.equal(row.media_id, null);
        assert.ok(row.erased_at instanceof Date);
        for (const key of [...voice.keys, ...replyVoice.keys, exportRow.storage_key]) {
          assert.equal(await stored(ctx, key), false, `${key} removed from the store`);
        }
        const [kept] = await ctx
          .sql`select choice_ids::int[] as c, content from messages where id = ${voteId}`;
        assert.deepEqual(kept.c, [vote.choiceIds[0]]);
        assert.deepEqual(kept.content, { choice_ids: [vote.choiceIds[0]], choice_text: "Yes" });
        assert.deepEqual(
          await ctx.sql`select choice_id::int, sum(count)::int as n from vote_counts
            where segment_id = ${vote.id} group by choice_id order by choice_id`,
          before,
        );
        assert.deepEqual(
          await ctx.sql`select sum(messages)::int as m, sum(participants)::int as p
            from segment_counts where segment_id = ${vote.id}`,
          counts,
        );
        const results = await ctx.request(`/api/v1/show_segments/${vote.id}/vote-results`);
        if (results.status === 200) {
          const body = JSON.stringify(await results.json());
          assert.match(body, /"Yes"/);
        }
        const answers = await ctx.sql`select answer from ai_logs order by id`;
        assert.deepEqual(answers.map((a) => a.answer), [null, "Nothing else."]);
        const [log] = await ctx
          .sql`select reason, app_user_id::int, staff_user_id, messages from erasure_log`;
        assert.deepEqual({ ...log }, {
          reason: "listener",
          app_user_id: me.id,
          staff_user_id: null,
          messages: 2,
        });
      });

      await t.step("the erased listener's token no longer works", async () => {
        assert.equal((await ctx.request("/api/v1/app_users/me", { token: me.token })).status, 401);
        assert.equal(
          (await ctx.request(`/api/v1/app_users/${me.id}/messages`, { token: me.token })).status,
          401,
        );
        const res = await ctx.request("/api/v1/app_users/data/export", { method: "POST", token: me.token });
        assert.equal(res.status, 401);
      });
      await drainJobs(ctx);
    } finally {
      await ctx.close();
    }
  },
});

Deno.test({
  name: "data rights - staff erasure: administrators only, scoped to their channel, logged",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const ctx = await testApp();
    try {
      const radio = await randomChannel(ctx.sql);
      const tv = await randomChannel(ctx.sql);
      const staff = async (role: string, channelId: number | null) => {
        const login = `${role}-${crypto.randomUUID().slice(0, 6)}`;
        const [u] = await ctx.sql<{ id: number }[]>`insert into users (login, email, role, channel_id)
          values (${login}, ${`${login}@example.com`}, ${role}, ${channelId}) returning id::int as id`;
        return { id: u.id, token: await openSession(ctx.deps.sql, ctx.deps.jwtSecret, u.id, "staff") };
      };
      const admin = await staff("administrator", radio);
      const operator = await staff("operator", radio);
      const tvAdmin = await staff("administrator", tv);
      const segment = await randomSegment(ctx.sql, radio, { type: "message", limit_1_vote: false });
      const tvSegment = await randomSegment(ctx.sql, tv, { type: "message", limit_1_vote: false });
      const listener = await randomAppUser(ctx, { nickname: "Marguerite", email: "marg@example.com" });
      const radioMessage = await send(ctx, listener.token, radio, {
        segment: segment.id,
        content: { text: "Marguerite ici" },
      });
      const tvMessage = await send(ctx, listener.token, tv, {
        segment: tvSegment.id,
        content: { text: "Marguerite TV" },
      });
      const erase = (token: string, messageId: number) =>
        ctx.request("/api/v1/listener_erasure", { method: "POST", json: { message_id: messageId }, token });

      await t.step("an operator is refused (403), without a session 401", async () => {
        assert.equal((await erase(operator.token, radioMessage)).status, 403);
        assert.equal(
          (await ctx.request("/api/v1/listener_erasure", {
            method: "POST",
            json: { message_id: radioMessage },
          }))
            .status,
          401,
        );
      });

      await t.step("an administrator of another channel gets a 404", async () => {
        const res = await erase(tvAdmin.token, radioMessage);
        assert.equal(res.status, 404);
        const [row] = await ctx.sql`select text from messages where id = ${radioMessage}`;
        assert.equal(row.text, "Marguerite ici");
      });

      await t.step(
        "the channel's administrator erases the listener's messages of the channel; logged",
        async () => {
          const res = await erase(admin.token, radioMessage);
          assert.equal(res.status, 200);
          assert.deepEqual(await res.json(), { messages: 1, account_deleted: false });
          const [radioRow] = await ctx
            .sql`select text, author_app_user_id from messages where id = ${radioMessage}`;
          assert.deepEqual({ ...radioRow }, { text: null, author_app_user_id: null });
          const [tvRow] = await ctx.sql`select text from messages where id = ${tvMessage}`;
          assert.equal(
            tvRow.text,
            "Marguerite TV",
            "another station's data is not this administrator's to erase",
          );
          const [log] = await ctx.sql`select channel_id::int, staff_user_id::int, app_user_id::int, reason
          from erasure_log`;
          assert.deepEqual({ ...log }, {
            channel_id: radio,
            staff_user_id: admin.id,
            app_user_id: listener.id,
            reason: "staff",
          });
          const detail = await ctx.request(`/api/v1/interaction/${radioMessage}`, { token: admin.token });
          assert.equal((await detail.json()).erased, true);
        },
      );

      await t.step("the last station's erasure deletes the account too", async () => {
        const res = await erase(tvAdmin.token, tvMessage);
        assert.deepEqual(await res.json(), { messages: 1, account_deleted: true });
        assert.equal((await ctx.request("/api/v1/app_users/me", { token: listener.token })).status, 401);
        assert.deepEqual(await scanFor(ctx, ["Marguerite", "marg@"]), []);
      });
    } finally {
      await ctx.close();
    }
  },
});

Deno.test({
  name:
    "data rights - retention: older participations emptied daily, newer ones and other channels untouched",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const ctx = await testApp();
    try {
      const kept = await randomChannel(ctx.sql);
      const sixMonths = await randomChannel(ctx.sql, { retention_months: 6 });
      const now = new Date("2026-11-25T03:00:00Z");
      const insert = async (channelId: number, createdAt: string, mediaId: string | null = null) => {
        const segment = await randomSegment(ctx.sql, channelId, { type: "message", limit_1_vote: false });
        const [row] = await ctx.sql<{ id: number }[]>`
          insert into messages (channel_id, segment_id, type, text, author_name, media_id, created_at)
          values (${channelId}, ${segment.id}, 'message', 'Old story from Nina', 'Nina', ${mediaId}, ${createdAt})
          returning id::int as id`;
        return row.id;
      };
      const voice = await storedVoice(ctx, sixMonths);
      const old = await insert(sixMonths, "2026-05-24T00:00:00Z", voice.id);
      const recent = await insert(sixMonths, "2026-05-26T00:00:00Z");
      const oldKept = await insert(kept, "2020-01-01T00:00:00Z");

      await t.step("the inbox detail shows when a message will be erased", async () => {
        const [u] = await ctx.sql<{ id: number }[]>`insert into users (login, email, role, channel_id)
          values ('ret-admin', 'ret-admin@example.com', 'administrator', ${sixMonths}) returning id::int as id`;
        const token = await openSession(ctx.deps.sql, ctx.deps.jwtSecret, u.id, "staff");
        const res = await ctx.request(`/api/v1/interaction/${recent}`, { token });
        const body = await res.json();
        assert.equal(new Date(body.erase_on).toISOString(), "2026-11-26T00:00:00.000Z");
      });

      await t.step("a channel's setting accepts 3, 6, 12, 24 or null only", async () => {
        const [u] = await ctx.sql<{ id: number }[]>`insert into users (login, email, role, channel_id)
          values ('set-admin', 'set-admin@example.com', 'administrator', ${kept}) returning id::int as id`;
        const token = await openSession(ctx.deps.sql, ctx.deps.jwtSecret, u.id, "staff");
        const put = (value: unknown) =>
          ctx.request(`/api/v1/channels/${kept}`, {
            method: "PUT",
            json: { retention_months: value },
            token,
          });
        assert.equal((await put(5)).status, 400);
        assert.equal((await put(12)).status, 200);
        assert.equal((await put(null)).status, 200);
        const [row] = await ctx.sql`select retention_months from channels where id = ${kept}`;
        assert.equal(row.retention_months, null);
      });

      await t.step("the sweep empties what is older than the period, media files included", async () => {
        assert.equal(await applyRetention(ctx.deps, now), 1);
        const rows = await ctx
          .sql`select id::int, text, author_name, media_id, erased_at is not null as erased
          from messages order by id`;
        const byId = new Map(rows.map((r) => [r.id, r]));
        assert.deepEqual({ ...byId.get(old) }, {
          id: old,
          text: null,
          author_name: null,
          media_id: null,
          erased: true,
        });
        assert.equal(byId.get(recent)!.text, "Old story from Nina");
        assert.equal(byId.get(oldKept)!.text, "Old story from Nina", "retention off: untouched");
        for (const key of voice.keys) assert.equal(await stored(ctx, key), false);
        const [log] = await ctx.sql`select reason, channel_id::int, messages from erasure_log`;
        assert.deepEqual({ ...log }, { reason: "retention", channel_id: sixMonths, messages: 1 });
        assert.equal(await applyRetention(ctx.deps, now), 0, "an erased message is not swept again");
      });
    } finally {
      await ctx.close();
    }
  },
});

Deno.test({
  name: "data rights - the export of a listener with 500 participations is ready within a minute",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const ctx = await testApp({ jobs: true });
    try {
      const channelId = await randomChannel(ctx.sql);
      const segment = await randomSegment(ctx.sql, channelId, { type: "message", limit_1_vote: false });
      const me = await randomAppUser(ctx, { nickname: "Prolific", email: "prolific@example.com" });
      // 100 of the 500 are voice messages of 200 kB each (20 MB of media)
      const voice = new Uint8Array(200_000).map((_, i) => (i * 31) & 255);
      const mediaIds: string[] = [];
      for (let i = 0; i < 100; i++) {
        const key = `voice/scale-${i}.ogg`;
        await ctx.deps.storage.put(key, voice, "audio/ogg");
        const [m] = await ctx.sql<
          { id: string }[]
        >`insert into media (channel_id, kind, original_path, extension,
          status) values (${channelId}, 'audio', ${key}, 'ogg', 'ready') returning id`;
        mediaIds.push(m.id);
      }
      await ctx.sql`
        insert into messages (channel_id, segment_id, type, text, author_app_user_id, author_name, media_id)
        select ${channelId}, ${segment.id}, 'message', 'Message number ' || n, ${me.id}, 'Prolific',
          case when n <= 100 then (${mediaIds}::uuid[])[n] end
        from generate_series(1, 500) n`;
      const started = performance.now();
      const res = await ctx.request("/api/v1/app_users/data/export", { method: "POST", token: me.token });
      const ready = await waitExport(ctx, me.token, (await res.json()).id);
      const seconds = (performance.now() - started) / 1000;
      console.log(`export of 500 participations (100 voice files, 20 MB): ${seconds.toFixed(2)} s`);
      assert.equal(ready.status, "ready");
      assert.equal(ready.messages, 500);
      assert.ok(seconds < 60, `${seconds} s`);
      const zip = unzipSync(new Uint8Array(await (await ctx.request(ready.url)).arrayBuffer()));
      assert.equal(Object.keys(zip).filter((f) => f.startsWith("media/")).length, 100);
      await drainJobs(ctx);
    } finally {
      await ctx.close();
    }
  },
});

Deno.test({
  name: "data rights - the worker queues the retention sweep once per 12 hours, however often it asks",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const ctx = await testApp({ jobs: true });
    try {
      const channelId = await randomChannel(ctx.sql, { retention_months: 3 });
      const segment = await randomSegment(ctx.sql, channelId, { type: "message", limit_1_vote: false });
      await ctx.sql`insert into messages (channel_id, segment_id, type, text, author_name, created_at)
        values (${channelId}, ${segment.id}, 'message', 'Very old', 'Basile', now() - interval '1 year')`;
      // registerWorkers already queued today's sweep: asking again queues nothing
      assert.equal(await queueDailyRetention(ctx.boss!), null);
      assert.equal(await queueDailyRetention(ctx.boss!), null);
      const [jobs] = await ctx.sql`select count(*)::int as n from pgboss.job where name = 'retention'`;
      assert.equal(jobs.n, 1);
      await drainJobs(ctx);
      const [boot] = await ctx.sql`select state from pgboss.job where name = 'retention'`;
      assert.equal(boot.state, "completed");
      // the start's sweep may have run before the old message existed (a PostgreSQL server's worker takes
      // it at once): one more sweep job shows what the worker's sweep does
      await ctx.boss!.send(QUEUES.retention, {});
      await drainJobs(ctx);
      const [row] = await ctx.sql`select text, author_name, erased_at is not null as erased from messages`;
      assert.deepEqual({ ...row }, { text: null, author_name: null, erased: true });
    } finally {
      await ctx.close();
    }
  },
});
