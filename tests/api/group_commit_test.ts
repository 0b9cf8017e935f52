// Group commit of votes: a batch is one statement, and each vote in it gets the outcome it
// would get alone (stored, counted or suspicious by the per-address cap, already voted, stale context),
// also when another writer (another instance) stores a vote of the same device at the same time.
import assert from "node:assert/strict";
import { testApp } from "../_helpers.ts";
import {
  getParticipationContext,
  insertParticipation,
  insertParticipations,
  type NewMessage,
} from "../../db/participations.ts";
import { GroupCommit } from "../../lib/platform/group_commit.ts";
import { listMessages } from "../../db/inbox.ts";
import { searchQuery } from "../../lib/rules/inbox.ts";
import { storeInGroup } from "../../lib/participations/group_commit.ts";
import { VOTE_BATCH_MAX } from "../../lib/rules/constants.ts";
import { randomChannel, randomSegment, testDevice } from "./_participation.ts";

function voteOf(
  channelId: number,
  segmentId: number,
  choiceId: number,
  over: Partial<NewMessage> = {},
): NewMessage {
  return {
    channelId,
    segmentId,
    showId: null,
    programId: null,
    authorAppUserId: null,
    deviceId: testDevice(`gc-${crypto.randomUUID()}`),
    siteRef: null,
    type: "single_choice_question",
    content: { choice_ids: [choiceId] },
    text: null,
    choiceIds: [choiceId],
    mediaId: null,
    extraUserInformation: {},
    authorName: null,
    authorCity: null,
    consentGdpr: false,
    consentImageRight: false,
    onlyUserData: false,
    isTestimonial: false,
    limited: true,
    moderation: "none",
    processingStatus: "none",
    voteCap: null,
    ...over,
  };
}

Deno.test({
  name: "group commit - each vote of a batch gets its own outcome, the counters stay exact",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const ctx = await testApp();
    const sql = ctx.sql;
    try {
      const channel = await randomChannel(sql);
      const counts = async (segment: number) => {
        const [row] = await sql<{ rows: number; counted: number; votes: number; participants: number }[]>`
          select (select count(*)::int from messages where segment_id = ${segment}) as rows,
            (select count(*)::int from messages where segment_id = ${segment} and vote_integrity = 'counted')
              as counted,
            (select coalesce(sum(count), 0)::int from vote_counts where segment_id = ${segment}) as votes,
            (select coalesce(sum(participants), 0)::int from segment_counts where segment_id = ${segment})
              as participants`;
        return row;
      };

      await t.step("stored, already voted, stale, anonymous: one statement, one outcome each", async () => {
        const seg = await randomSegment(sql, channel, { limit_1_vote: true }, ["Yes", "No"]);
        const voted = voteOf(channel, seg.id, seg.choiceIds[0]);
        assert.ok(await insertParticipation(sql, voted));
        const context = await getParticipationContext(sql, seg.id, null);
        const current = context!.version;
        const batch = [
          voteOf(channel, seg.id, seg.choiceIds[0], { contextVersion: current }),
          { ...voted, contextVersion: current }, // its device voted already
          voteOf(channel, seg.id, seg.choiceIds[1], { contextVersion: "0:0" }), // staff changed it since
          voteOf(channel, seg.id, seg.choiceIds[1], { deviceId: null, limited: false }),
        ];
        const outcomes = await insertParticipations(sql, batch);
        assert.equal(outcomes.length, 4);
        assert.equal(typeof outcomes[0], "object");
        assert.equal((outcomes[0] as { vote_integrity: string }).vote_integrity, "counted");
        assert.equal(outcomes[1], null);
        assert.equal(outcomes[2], "stale");
        assert.equal((outcomes[3] as { vote_integrity: string }).vote_integrity, "counted");
        const ids = [outcomes[0], outcomes[3]].map((o) => (o as { id: number }).id);
        const stored = await sql<{ id: number; device_id: string | null }[]>`
          select id::int as id, device_id from messages where id = any(${ids}::bigint[]) order by id`;
        assert.deepEqual(stored.map((r) => r.device_id), [batch[0].deviceId, null]);
        // the first vote, the batch's new device; the anonymous vote is no new participant
        assert.deepEqual(await counts(seg.id), { rows: 3, counted: 3, votes: 3, participants: 2 });
      });

      await t.step("one address's votes in a batch pass its cap in their order", async () => {
        const seg = await randomSegment(sql, channel, { limit_1_vote: true, vote_cap_per_address: 3 }, [
          "Yes",
          "No",
        ]);
        const cap = {
          key: `vote:${seg.id}:test-address`,
          windowStart: new Date(Date.UTC(2026, 0, 1)),
          cap: 3,
        };
        assert.ok(
          await insertParticipation(sql, voteOf(channel, seg.id, seg.choiceIds[0], { voteCap: cap })),
        );
        const other = { ...cap, key: `vote:${seg.id}:other-address` };
        const batch = [
          voteOf(channel, seg.id, seg.choiceIds[0], { voteCap: cap }),
          voteOf(channel, seg.id, seg.choiceIds[1], { voteCap: other }),
          voteOf(channel, seg.id, seg.choiceIds[1], { voteCap: cap }),
          voteOf(channel, seg.id, seg.choiceIds[0], { voteCap: cap }),
          voteOf(channel, seg.id, seg.choiceIds[0], { voteCap: cap }),
        ];
        const outcomes = await insertParticipations(sql, batch);
        assert.deepEqual(
          outcomes.map((o) => (o as { vote_integrity: string }).vote_integrity),
          ["counted", "counted", "counted", "suspicious", "suspicious"],
        );
        assert.deepEqual(await counts(seg.id), { rows: 6, counted: 4, votes: 4, participants: 6 });
        const [{ count }] = await sql<{ count: number }[]>`
          select count from rate_limits where key = ${cap.key}`;
        assert.equal(count, 5);
      });

      await t.step(
        "two writers with the same device at once: one vote stored, the others untouched",
        async () => {
          const seg = await randomSegment(sql, channel, { limit_1_vote: true }, ["Yes", "No"]);
          // two instances: a batcher each, on the same database
          const instance = () =>
            new GroupCommit<NewMessage, Awaited<ReturnType<typeof insertParticipation>>>({
              flush: (batch) => insertParticipations(sql, batch),
              single: (m) => insertParticipation(sql, m),
              key: (m) => m.deviceId,
              maxSize: 10,
              delayMs: 1,
              maxInFlight: 2,
            });
          const [a, b] = [instance(), instance()];
          const devices = Array.from({ length: 5 }, (_, k) => testDevice(`gc-twice-${seg.id}-${k}`));
          const sent = [];
          for (const deviceId of devices) {
            // each device votes on both instances, and twice on the first (the second waits for a next batch)
            sent.push(a.add(voteOf(channel, seg.id, seg.choiceIds[0], { deviceId })));
            sent.push(b.add(voteOf(channel, seg.id, seg.choiceIds[1], { deviceId })));
            sent.push(a.add(voteOf(channel, seg.id, seg.choiceIds[1], { deviceId })));
          }
          const others = Array.from(
            { length: 10 },
            (_, k) => (k % 2 ? a : b).add(voteOf(channel, seg.id, seg.choiceIds[k % 2])),
          );
          const outcomes = await Promise.all(sent);
          for (let k = 0; k < devices.length; k++) {
            const stored = outcomes.slice(3 * k, 3 * k + 3).filter((o) => o !== null);
            assert.equal(stored.length, 1, `one vote of device ${k} stored`);
          }
          assert.ok(
            (await Promise.all(others)).every((o) => o !== null && o !== "stale"),
            "the others stored",
          );
          assert.deepEqual(await counts(seg.id), { rows: 15, counted: 15, votes: 15, participants: 15 });
        },
      );

      await t.step("a vote writes no entry in the indexes of app users, media and words (027)", async () => {
        const definitions = new Map(
          (await sql<{ name: string; definition: string }[]>`
            select indexname as name, indexdef as definition from pg_indexes
            where tablename = 'messages' and indexname in ('messages_unread_idx', 'messages_author_idx',
              'messages_media_id_idx', 'messages_search_idx')`).map((r) => [r.name, r.definition]),
        );
        assert.equal(definitions.has("messages_unread_idx"), false);
        assert.match(definitions.get("messages_author_idx")!, /WHERE \(author_app_user_id IS NOT NULL\)$/);
        assert.match(definitions.get("messages_media_id_idx")!, /WHERE \(media_id IS NOT NULL\)$/);
        assert.match(
          definitions.get("messages_search_idx")!,
          /gin \(search_vector\).*WHERE \(search_vector <> ''::tsvector\)$/,
        );
        // the inbox's search still finds the words of a message among votes that have none
        const seg = await randomSegment(sql, channel, { limit_1_vote: true }, ["Yes", "No"]);
        const outcomes = await insertParticipations(sql, [
          voteOf(channel, seg.id, seg.choiceIds[0]),
          voteOf(channel, seg.id, seg.choiceIds[1], { authorName: "Zéphyrine Quillard", limited: false }),
          voteOf(channel, seg.id, seg.choiceIds[0]),
        ]);
        const named = outcomes[1] as { id: number };
        for (const search of [searchQuery("zéphyr")!, searchQuery("quillard zéphyrine")!]) {
          const { rows, total } = await listMessages(
            sql,
            { channelId: channel, segmentId: seg.id, filter: "all", search },
            1,
            10,
          );
          assert.deepEqual([rows.map((r) => Number(r.id)), total], [[named.id], 1], search);
        }
        const { total } = await listMessages(
          sql,
          { channelId: channel, segmentId: seg.id, filter: "all" },
          1,
          10,
        );
        assert.equal(total, 3);
      });

      await t.step(
        "share tokens start with their second; one index of devices keeps a limited message once (028)",
        async () => {
          const seg = await randomSegment(sql, channel, { limit_1_vote: true }, ["Yes", "No"]);
          const deviceId = testDevice(`gc-028-${seg.id}`);
          const [{ second }] = await sql<{ second: string }[]>`
          select lpad(to_hex(extract(epoch from now())::bigint & 4294967295), 8, '0') as second`;
          const [batched, alone] = [
            (await insertParticipations(sql, [voteOf(channel, seg.id, seg.choiceIds[0], { deviceId })]))[0],
            await insertParticipation(sql, voteOf(channel, seg.id, seg.choiceIds[1], { limited: false })),
          ] as { share_token: string }[];
          for (const { share_token } of [batched, alone]) {
            const [time, , version] = share_token.split("-");
            // the second it was made (this statement's, or the next one's), version 8, RFC 9562's variant
            assert.ok(parseInt(time, 16) - parseInt(second, 16) <= 1, `${share_token} made at ${second}`);
            assert.match(
              share_token,
              /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
            );
            assert.equal(version[0], "8");
          }
          assert.notEqual(batched.share_token.slice(9), alone.share_token.slice(9), "the rest is random");
          const indexes = await sql<{ name: string; definition: string }[]>`
          select indexname as name, indexdef as definition from pg_indexes
          where tablename = 'messages' and indexdef like '%device_id%'`;
          assert.deepEqual(indexes.map((i) => i.name), ["messages_limited_device_key"]);
          assert.match(
            indexes[0].definition,
            /UNIQUE INDEX .* \(segment_id, device_id, NULLIF\(limited, false\)\) WHERE \(device_id IS NOT NULL\)$/,
          );
          // the device's second limited message is refused by that index, alone or in a batch; its unlimited
          // messages are not
          assert.equal(
            await insertParticipation(sql, voteOf(channel, seg.id, seg.choiceIds[1], { deviceId })),
            null,
          );
          assert.deepEqual(
            await insertParticipations(sql, [voteOf(channel, seg.id, seg.choiceIds[1], { deviceId })]),
            [null],
          );
          const unlimited = () => voteOf(channel, seg.id, seg.choiceIds[0], { deviceId, limited: false });
          const more = [
            await insertParticipation(sql, unlimited()),
            ...await insertParticipations(sql, [unlimited()]),
          ];
          assert.ok(
            more.every((o) => o !== null && o !== "stale"),
            "unlimited messages of the device stored",
          );
          const error = await sql`
          insert into messages (channel_id, segment_id, type, device_id, limited)
          values (${channel}, ${seg.id}, 'single_choice_question', ${deviceId}, true)`.catch((e) => e);
          assert.equal(error.code, "23505");
          assert.equal(error.constraint_name, "messages_limited_device_key");
          // the device's lookup ("already a participant") reads that index
          const plan = (await sql.unsafe(
            `explain select 1 from messages where segment_id = ${seg.id} and device_id = '${deviceId}'`,
          )).map((r) => Object.values(r)[0]).join("\n");
          assert.match(plan, /messages_limited_device_key/);
        },
      );

      await t.step(
        "the app's group commit writes VOTE_BATCH_MAX votes sent at once in one transaction",
        async () => {
          const seg = await randomSegment(sql, channel, { limit_1_vote: true }, ["Yes", "No"]);
          const votes = Array.from(
            { length: VOTE_BATCH_MAX + 1 },
            (_, k) => storeInGroup(sql, voteOf(channel, seg.id, seg.choiceIds[k % 2])),
          );
          assert.ok((await Promise.all(votes)).every((o) => o !== null && o !== "stale"));
          // each transaction leaves its id on the rows it wrote
          const commits = await sql<{ n: number }[]>`
          select count(*)::int as n from messages where segment_id = ${seg.id} group by xmin::text order by 1 desc`;
          assert.deepEqual(commits.map((c) => c.n), [VOTE_BATCH_MAX, 1]);
        },
      );

      await t.step({
        name: "a batch failed by another writer's vote of one of its devices: the others are stored alone",
        // a second connection holding an uncommitted vote: PGlite has one connection
        ignore: !Deno.env.get("DATABASE_URL"),
        fn: async () => {
          const seg = await randomSegment(sql, channel, { limit_1_vote: true }, ["Yes", "No"]);
          const deviceId = testDevice(`gc-held-${seg.id}`);
          let inserted!: () => void, release!: () => void;
          const didInsert = new Promise<void>((r) => inserted = r);
          const held = new Promise<void>((r) => release = r);
          const writer = sql.begin(async (tx) => {
            await insertParticipation(tx, voteOf(channel, seg.id, seg.choiceIds[0], { deviceId }));
            inserted();
            await held;
          });
          await didInsert;
          const commit = new GroupCommit<NewMessage, Awaited<ReturnType<typeof insertParticipation>>>({
            flush: (batch) => insertParticipations(sql, batch),
            single: (m) => insertParticipation(sql, m),
            key: (m) => m.deviceId,
            maxSize: 3,
            delayMs: 1,
            maxInFlight: 1,
          });
          // a full batch is written at once; its insert waits for the writer's row of the same device
          const outcomes = Promise.all([
            commit.add(voteOf(channel, seg.id, seg.choiceIds[1])),
            commit.add(voteOf(channel, seg.id, seg.choiceIds[1], { deviceId })),
            commit.add(voteOf(channel, seg.id, seg.choiceIds[0])),
          ]);
          for (let tries = 0;; tries++) {
            assert.ok(tries < 500, "the batch waits for the writer's uncommitted vote");
            const [{ waiting }] = await sql<{ waiting: number }[]>`
              select count(*)::int as waiting from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'
                and query like '%jsonb_to_recordset%'`;
            if (waiting > 0) break;
            await new Promise((r) => setTimeout(r, 20));
          }
          release();
          await writer;
          const [first, second, third] = await outcomes;
          assert.equal(second, null, "the device's vote is the writer's");
          assert.equal((first as { vote_integrity: string }).vote_integrity, "counted");
          assert.equal((third as { vote_integrity: string }).vote_integrity, "counted");
          assert.equal(commit.stats.retriedSingly, 3, "the failed batch was written again vote by vote");
          assert.deepEqual(await counts(seg.id), { rows: 3, counted: 3, votes: 3, participants: 3 });
        },
      });
    } finally {
      await ctx.close();
    }
  },
});
