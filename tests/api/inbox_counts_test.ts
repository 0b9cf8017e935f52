// The inbox tab counters (007_inbox_tab_counts.sql) against a count of the rows: after every kind of write
// (single and bulk inserts, state changes through the API's SQL, bulk actions, deletes, a deleted segment,
// simultaneous writers) the counts of each segment, each channel and every channel are those of a scan.
import assert from "node:assert/strict";
import type { PendingQuery, Row } from "postgres";
import { testDatabase } from "../_helpers.ts";
import { seedDemo } from "../../lib/demo/seed.ts";
import {
  bitCountsOf,
  bulkUpdate,
  countMessages,
  FILTER_SQL,
  forgetSearchTotals,
  listMessages,
  scanCounts,
  spelledOut,
  uploadedCountOf,
} from "../../db/inbox.ts";
import { countUnreadMessages } from "../../db/statistics.ts";
import { lexemeBitmapsUnlike, scanUploaded, searchBitCounts, searchIndexCounts } from "./_search_bitmaps.ts";
import { bulkChanges, type InboxFilter } from "../../lib/rules/inbox.ts";

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TABS: InboxFilter[] = ["all", "liked", "archive", "moderated", "winner", "trash"];

/** Searches of accented words, prefixes and several words (searchQuery()), matching DEDICATIONS. */
const WORD_SEARCHES = ["dédicace:*", "d:*", "zoé:* & chambé:*", "l:* & équipe:*", "zoé:* & zz:*"];
const DEDICATIONS = ["Dédicace pour Zoé à Chambéry", "Une dédicace à l'équipe", "Zoé-Lou d'Annecy"];

Deno.test("inbox counters - equal a count of the rows after any write", async (t) => {
  const db = await testDatabase();
  const sql = db.sql;
  try {
    await seedDemo(sql, { password: "Demo-Password-1!" });
    const segments = await sql<{ id: number; channel_id: number }[]>`
      select id::int as id, channel_id::int as channel_id from segments order by id`;
    const channels = [...new Set(segments.map((s) => s.channel_id))];
    const rand = random(20261122);

    await t.step("the full-text indexes keep no pending list (011_search_index_fastupdate.sql)", async () => {
      const indexes = await sql<{ relname: string; reloptions: string[] | null }[]>`
        select relname, reloptions from pg_class
        where relname in ('messages_search_idx', 'message_search_words_idx') order by relname`;
      assert.deepEqual(indexes.map((i) => [i.relname, i.reloptions]), [
        ["message_search_words_idx", ["fastupdate=off"]],
        ["messages_search_idx", ["fastupdate=off"]],
      ]);
    });
    await t.step("message_search keeps its words as text and its scope in the index only (029)", async () => {
      const [column] = await sql<{ type: string }[]>`
        select format_type(atttypid, atttypmod) as type from pg_attribute
        where attrelid = 'message_search'::regclass and attname = 'words'`;
      assert.equal(column.type, "text");
      const [index] = await sql<{ definition: string }[]>`
        select pg_get_indexdef('message_search_words_idx'::regclass) as definition`;
      assert.match(index.definition, /USING gin \(message_search_words\(words, segment_id, channel_id\)\)/);
      // the query's expression is the index's: the index answers it (what searchIndexCounts() sends)
      const plan = (await sql<{ "QUERY PLAN": string }[]>`
        explain select tabs, count(*) from message_search
        where message_search_words(words, segment_id, channel_id) @@ to_tsquery('simple', 'zz:*') group by tabs`)
        .map((row) => row["QUERY PLAN"]).join("\n");
      assert.match(plan, /Bitmap Index Scan on message_search_words_idx/, plan);
    });
    const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];

    const check = async (when: string) => {
      for (const s of segments) {
        const scope = { channelId: s.channel_id, segmentId: s.id };
        const counted = await countMessages(sql, scope);
        const uploaded = await scanUploaded(sql, scope);
        const scanned = { ...await scanCounts(sql, scope), uploaded };
        assert.deepEqual(counted, scanned, `${when}: segment ${s.id}`);
        const { total: listed } = await listMessages(sql, { ...scope, filter: "uploaded" }, 1, 1);
        assert.equal(listed, uploaded, `${when}: segment ${s.id} tab uploaded`);
        for (const filter of TABS) {
          const { total } = await listMessages(
            sql,
            { channelId: s.channel_id, segmentId: s.id, filter },
            1,
            1,
          );
          assert.equal(
            total,
            scanned[filter as keyof typeof scanned],
            `${when}: segment ${s.id} tab ${filter}`,
          );
          // a later page holds the rows of a scan at its place
          const { rows } = await listMessages(
            sql,
            { channelId: s.channel_id, segmentId: s.id, filter },
            3,
            2,
          );
          const scannedPage = await sql<{ id: number }[]>`
            select m.id::int as id from messages m where m.segment_id = ${s.id} and ${
            sql.unsafe(FILTER_SQL[filter])
          }
            order by m.created_at desc, m.id desc limit 2 offset 4`;
          assert.deepEqual(
            rows.map((row) => Number(row.id)),
            scannedPage.map((row) => row.id),
            `${when}: segment ${s.id} tab ${filter}, page 3`,
          );
        }
      }
      for (const channelId of [...channels, null]) {
        const counted = await countMessages(sql, { channelId });
        const scanned = {
          ...await scanCounts(sql, { channelId }),
          uploaded: await scanUploaded(sql, { channelId }),
        };
        assert.deepEqual(counted, scanned, `${when}: channel ${channelId}`);
        if (channelId !== null) assert.equal(await countUnreadMessages(sql, channelId), scanned.unread, when);
      }
      // the copy that counts searches (009_message_search.sql): a row for each message with words, and the
      // same counts for the most common words and rare ones
      const [{ apart }] = await sql<{ apart: number }[]>`
        select count(*)::int as apart from message_search s
          full join (select id from messages where search_vector <> '') m on m.id = s.message_id
        where s.message_id is null or m.id is null`;
      assert.equal(apart, 0, `${when}: message_search has a row for each message with words`);
      const [{ wrong }] = await sql<{ wrong: number }[]>`
        select count(*)::int as wrong from message_search s join messages m on m.id = s.message_id
        where message_search_words(s.words, s.segment_id, s.channel_id)
            <> strip(m.search_vector) || array_to_tsvector(array['~s' || m.segment_id, '~c' || m.channel_id])
          or s.words <> array_to_string(tsvector_to_array(m.search_vector), ' ')
          or s.segment_id <> m.segment_id or s.channel_id <> m.channel_id`;
      assert.equal(wrong, 0, `${when}: message_search has the words, segment and channel of its message`);
      // the bitmaps (031_search_bitmaps.sql) are those message_search gives, chunk by chunk, with no row of
      // zeros, and each message has its own place in its segment
      const [{ places }] = await sql<{ places: number }[]>`
        select count(*)::int as places from (select segment_id, ord from message_search
          group by segment_id, ord having count(*) > 1) twice`;
      assert.equal(places, 0, `${when}: one message per place`);
      const unlike = await lexemeBitmapsUnlike(sql);
      assert.equal(unlike, 0, `${when}: search_bits holds the words of message_search`);
      // a message is delivered when one of its deliveries succeeded (032_search_uploaded.sql)
      const [{ misdelivered }] = await sql<{ misdelivered: number }[]>`
        select count(*)::int as misdelivered from message_search s
        where s.delivered <> exists (select 1 from deliveries d where d.message_id = s.message_id
          and d.status = 'success')`;
      assert.equal(misdelivered, 0, `${when}: message_search knows which messages were delivered`);
      const [{ tabs_unlike }] = await sql<{ tabs_unlike: number }[]>`
        with rebuilt as (
          select segment_id, ord / 512 as chunk, array[${
        sql.unsafe(
          [1, 2, 4, 8, 16, 32, 64].map((bit) =>
            `coalesce(bit_or(search_bit(ord)) filter (where tabs & ${bit} <> 0), repeat('0', 512)::bit(512))`
          ).join(", "),
        )
      }, coalesce(bit_or(search_bit(ord)) filter (where delivered), repeat('0', 512)::bit(512))] as tabs
          from message_search group by 1, 2)
        select count(*)::int as tabs_unlike from rebuilt r full join search_chunks c
          on c.segment_id = r.segment_id and c.chunk = r.chunk
        where r.tabs is distinct from array[c.all_tab, c.liked, c.archive, c.moderated, c.winner, c.trash,
          c.unread, c.uploaded]`;
      assert.equal(tabs_unlike, 0, `${when}: search_chunks holds the tabs and deliveries of message_search`);
      const words = await sql<{ word: string }[]>`
        select word from ts_stat('select search_vector from messages') order by ndoc desc, word limit 4`;
      const searches = [
        ...words.map((w) => `${w.word}:*`),
        "counted:*",
        "together & counted",
        "zoé:* | counted:*",
        "!zoé:* & d:*",
        ...WORD_SEARCHES,
      ];
      for (const search of searches) {
        for (
          const scope of [...segments.map((s) => ({ channelId: s.channel_id, segmentId: s.id })), {
            channelId: channels[0],
          }, { channelId: null }]
        ) {
          // the uploaded tab of a search is the count of its delivered messages
          const uploaded = await scanUploaded(sql, scope, search);
          const scanned = { ...await scanCounts(sql, { ...scope, search }), uploaded };
          // the bitmaps (031) answer prefixes joined by AND in a segment or a channel; the rest is null
          const prefixesOnly = /^[^\s|!&()<>']+:\*( & [^\s|!&()<>']+:\*)*$/u.test(search);
          assert.deepEqual(
            await searchBitCounts(sql, { ...scope, search }),
            scope.channelId !== null && prefixesOnly ? scanned : null,
            `${when}: bitmaps of search ${search} in ${JSON.stringify(scope)}`,
          );
          const segmentId = "segmentId" in scope ? scope.segmentId : null;
          if (segmentId) {
            // the page's search spelled out as the segment's lexemes (spelledOut()) finds the same messages
            const spelled = await spelledOut(sql, { ...scope, search });
            assert.equal(spelled === null, !prefixesOnly, `${when}: ${search} spelled out: ${spelled}`);
            const found = async (query: PendingQuery<Row[]>) => {
              const [{ ids }] = await sql<{ ids: number[] }[]>`
                select coalesce(array_agg(id::int order by id), '{}') as ids from messages m
                where m.segment_id = ${segmentId} and m.search_vector @@ ${query}`;
              return ids;
            };
            if (spelled) {
              assert.deepEqual(
                await found(sql`${spelled}::tsquery`),
                await found(sql`to_tsquery('simple', ${search})`),
                `${when}: ${search} spelled out as ${spelled} in segment ${segmentId}`,
              );
            }
          }
          for (const byScope of [false, true]) {
            assert.deepEqual(
              await searchIndexCounts(sql, { ...scope, search }, byScope),
              scanned,
              `${when}: search ${search} in ${JSON.stringify(scope)}${byScope ? " by scope" : ""}`,
            );
          }
          assert.equal(
            (await countMessages(sql, { ...scope, search })).uploaded,
            uploaded,
            `${when}: uploaded messages of search ${search} in ${JSON.stringify(scope)}`,
          );
          const { total: listed } = await listMessages(sql, { ...scope, search, filter: "uploaded" }, 1, 1);
          assert.equal(
            listed,
            uploaded,
            `${when}: total of the uploaded tab of ${search} in ${JSON.stringify(scope)}`,
          );
        }
      }
      // countMessages() kept the counts of these searches: the step on kept counts starts with none
      await sql`delete from inbox_search_totals`;
    };

    await t.step("the demo data, inserted before and after the counters", async () => {
      const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from messages`;
      assert.ok(n > 100, "the demo has messages");
      await sql`insert into messages (channel_id, segment_id, type, text, status)
        select s.channel_id, s.id, 'message', t.text, t.status
        from segments s, unnest(${DEDICATIONS}::text[], array['received', 'archived', 'trash']) t (text, status)`;
      // delivered messages for the uploaded tab: a success (twice for some), a failure, one running
      await sql`insert into deliveries (channel_id, message_id, status, finished_at)
        select channel_id, id, case when id % 7 = 0 then 'failed' else 'success' end, now()
        from messages where id % 3 = 0 or id % 7 = 0
        union all select channel_id, id, 'success', now() from messages where id % 9 = 0
        union all select channel_id, id, 'running', null from messages where id % 5 = 0 and id % 3 <> 0`;
      await check("demo");
    });

    await t.step("single and multi-row inserts in every state", async () => {
      for (let i = 0; i < 40; i++) {
        const s = pick(segments);
        const rows = Array.from({ length: 1 + Math.floor(rand() * 3) }, () => ({
          channel_id: s.channel_id,
          segment_id: s.id,
          type: "message",
          text: "counted",
          status: pick(["received", "archived", "trash"]),
          moderation: pick(["none", "pending", "approved", "rejected"]),
          liked: rand() < 0.3,
          winner: rand() < 0.1,
          read: rand() < 0.5,
        }));
        await sql`insert into messages ${sql(rows)}`;
      }
      // a vote with no words, then words
      const [vote] = await sql<{ id: number }[]>`
        insert into messages (channel_id, segment_id, type) values (${segments[0].channel_id}, ${
        segments[0].id
      },
          'single_choice_question') returning id::int as id`;
      await check("a message without words");
      await sql`update messages set author_name = 'Counted Voter' where id = ${vote.id}`;
      await check("inserts");
    });

    await t.step("single updates of every state column, and updates of other columns", async () => {
      const ids = (await sql<{ id: number }[]>`select id::int as id from messages order by id`).map((r) =>
        r.id
      );
      for (let i = 0; i < 150; i++) {
        const id = pick(ids);
        const column = pick(
          ["status", "moderation", "liked", "winner", "read", "comment", "text", "author_name"] as const,
        );
        const value = {
          status: () => pick(["received", "archived", "trash"]),
          moderation: () => pick(["none", "pending", "approved", "rejected"]),
          liked: () => rand() < 0.5,
          winner: () => rand() < 0.5,
          read: () => rand() < 0.5,
          comment: () => "a note",
          // words found, changed and gone (a message with no words has no row in message_search)
          text: () => pick([null, "counted", "together again"]),
          author_name: () => pick([null, "Counted Walrus"]),
        }[column]();
        // a column chosen at run time: postgres.js types the row helper by literal keys only
        await sql`update messages set ${sql({ [column]: value } as never)} where id = ${id}`;
      }
      await check("updates");
    });

    await t.step("bulk actions of the inbox and deletes", async () => {
      const s = pick(segments);
      await bulkUpdate(
        sql,
        { channelId: s.channel_id, segmentId: s.id, filter: "all" },
        bulkChanges("archive_all_messages"),
      );
      await check("bulk archive");
      await sql`update messages set status = 'received', read = not read where channel_id = ${channels[0]}`;
      await check("channel-wide update");
      await sql`delete from messages where id in (select id from messages order by random() limit 25)`;
      await check("deletes");
    });

    await t.step("deliveries that start, succeed, fail and go (the Uploaded tab of a search)", async () => {
      const worded = await sql<{ id: number; channel_id: number; segment_id: number }[]>`
        select id::int as id, channel_id::int as channel_id, segment_id::int as segment_id from messages
        where search_vector <> '' order by id`;
      const uploadedOf = async (q: { channelId: number; segmentId: number; search: string }) => [
        (await countMessages(sql, q)).uploaded,
        await scanUploaded(sql, q, q.search),
      ];
      // the counts of a search are kept (inbox_search_totals) until a delivery changes them: a message of All
      // and a prefix of its first word
      const [first] = await sql<{ id: number; channel_id: number; segment_id: number; word: string }[]>`
        select id::int as id, channel_id::int as channel_id, segment_id::int as segment_id,
          (tsvector_to_array(search_vector))[1] as word
        from messages m where search_vector <> '' and ${sql.unsafe(FILTER_SQL.all)} order by id limit 1`;
      const search = {
        channelId: first.channel_id,
        segmentId: first.segment_id,
        search: `'${first.word.slice(0, 2).replaceAll("'", "''")}':*`,
      };
      const [before] = await uploadedOf(search);
      await sql`delete from deliveries where message_id = ${first.id}`;
      const [running] = await sql<{ id: number }[]>`
        insert into deliveries (channel_id, message_id) values (${first.channel_id}, ${first.id}) returning id`;
      const [kept, scanned] = await uploadedOf(search);
      assert.equal(kept, scanned, "a delivery removed and one started");
      await sql`update deliveries set status = 'success', finished_at = now() where id = ${running.id}`;
      const [after, rescanned] = await uploadedOf(search);
      assert.equal(after, rescanned, "a delivery that succeeded");
      assert.equal(after, kept + 1, "the delivered message counts once more");
      assert.ok(before >= kept, "its deliveries removed, it was not counted");
      for (let i = 0; i < 60; i++) {
        const m = pick(worded);
        const [started] = await sql<{ id: number }[]>`
          insert into deliveries (channel_id, message_id) values (${m.channel_id}, ${m.id})
          on conflict do nothing returning id`;
        if (started) {
          await sql`update deliveries set status = ${pick(["success", "failed"])}, finished_at = now()
            where id = ${started.id}`;
        }
      }
      await check("deliveries finished one by one");
      await sql`update deliveries set status = 'failed' where id % 3 = 0 and status = 'success'`;
      await sql`delete from deliveries where id % 5 = 0`;
      await sql`update deliveries set status = 'success', finished_at = now() where id % 4 = 0`;
      await check("deliveries changed and removed together");
    });

    await t.step("simultaneous writers on one segment", async () => {
      const s = segments[0];
      await Promise.all(Array.from({ length: 20 }, (_, i) =>
        sql.begin(async (tx) => {
          await tx`insert into messages (channel_id, segment_id, type, text, read, liked)
            values (${s.channel_id}, ${s.id}, 'message', 'together', ${i % 2 === 0}, ${i % 3 === 0})`;
          await tx`update messages set liked = not liked
            where id = (select id from messages where segment_id = ${s.id} order by id limit 1)`;
        })));
      await check("simultaneous writers");
    });

    await t.step("a message given words while its delivery succeeds is marked delivered", async () => {
      // two transactions at once need a server: PGlite has one connection, and runs them one after the other
      if (db.embedded) return;
      const s = segments[0];
      for (const first of ["words", "delivery"] as const) {
        const [m] = await sql<{ id: number }[]>`
          insert into messages (channel_id, segment_id, type) values (${s.channel_id}, ${s.id}, 'message')
          returning id::int as id`;
        const words = (tx: typeof sql) => tx`update messages set text = 'raced words' where id = ${m.id}`;
        const delivery = (tx: typeof sql) =>
          tx`insert into deliveries (channel_id, message_id, status)
          values (${s.channel_id}, ${m.id}, 'success')`;
        // the first writer holds its transaction open while the second one writes, then commits
        let commit = () => {};
        const held = new Promise<void>((resolve) => commit = resolve);
        let wrote = () => {};
        const written = new Promise<void>((resolve) => wrote = resolve);
        const one = sql.begin(async (tx) => {
          await (first === "words" ? words : delivery)(tx as unknown as typeof sql);
          wrote();
          await held;
        });
        await written;
        const two = sql.begin((tx) => (first === "words" ? delivery : words)(tx as unknown as typeof sql));
        await new Promise((resolve) => setTimeout(resolve, 200));
        commit();
        await Promise.all([one, two]);
        const [{ delivered }] = await sql<{ delivered: boolean }[]>`
          select delivered from message_search where message_id = ${m.id}`;
        assert.equal(delivered, true, `${first} first`);
      }
      await check("words and a delivery at once");
    });

    await t.step(
      "the counts of a search are kept while nothing is written, and counted again after any write",
      async () => {
        const s = segments[0];
        const q = { channelId: s.channel_id, segmentId: s.id, filter: "all" as const, search: "zebra:*" };
        const counted = async () =>
          (await sql<{ n: number }[]>`select count(*)::int as n from messages m where m.segment_id = ${s.id}
          and m.status = 'received' and m.moderation in ('none', 'approved')
          and m.search_vector @@ to_tsquery('simple', 'zebra:*')`)[0].n;
        const total = async () => (await listMessages(sql, q, 1, 1)).total;
        assert.equal(await total(), 0);
        const [{ n: kept }] = await sql<{ n: number }[]>`
        select count(*)::int as n from inbox_search_totals where scope = ${
          "s" + s.id
        } and search = 'zebra:*'`;
        assert.equal(kept, 1, "the total is kept");
        assert.equal(await total(), 0, "read back while nothing was written");
        // a new matching message, then a transcript that matches (a change of no tab)
        await sql`insert into messages (channel_id, segment_id, type, text) values (${s.channel_id}, ${s.id}, 'message', 'Zebra')`;
        assert.equal(await total(), 1);
        const [other] = await sql<{ id: number }[]>`
        select id::int as id from messages where segment_id = ${s.id} and status = 'received'
          and moderation in ('none', 'approved') and search_vector @@ to_tsquery('simple', 'zebra:*') = false limit 1`;
        await sql`update messages set transcript = 'zebras everywhere' where id = ${other.id}`;
        assert.equal(await total(), 2);
        assert.equal(await total(), await counted());
        // every tab of the search is kept at once; the channel's scope has counts of its own
        assert.equal((await listMessages(sql, { ...q, filter: "trash" }, 1, 1)).total, 0);
        assert.deepEqual(
          await countMessages(sql, q),
          { ...(await scanCounts(sql, q)), uploaded: await scanUploaded(sql, q, q.search) },
          "the counts call reads the same kept counts",
        );
        assert.equal((await listMessages(sql, { ...q, segmentId: null }, 1, 1)).total, 2);
        // old counts go
        assert.equal(await forgetSearchTotals(sql, new Date(Date.now() + 1000)), 2);
        const [{ n: left }] = await sql<{ n: number }[]>`select count(*)::int as n from inbox_search_totals`;
        assert.equal(left, 0);
      },
    );

    await t.step(
      "a page's search is spelled out as the lexemes of its segment, up to 16 per prefix",
      async () => {
        const s = segments[0];
        const letters = "abcdefghijklmnopq";
        // 16 lexemes that start with 'quix', then a 17th for 'quiz'
        await sql`insert into messages (channel_id, segment_id, type, text) values ${
          sql([...letters.slice(0, 16)].map((l) => [s.channel_id, s.id, "message", `quix${l} quiz${l}`]))
        }, (${s.channel_id}, ${s.id}, 'message', 'quizq')`;
        const q = { channelId: s.channel_id, segmentId: s.id };
        const spelled = (search: string) => spelledOut(sql, { ...q, search });
        assert.equal(
          await spelled("quixa:* & quix:*"),
          `('quixa') & (${[...letters.slice(0, 16)].map((l) => `'quix${l}'`).join(" | ")})`,
        );
        assert.equal(await spelled("quiz:*"), "'quiz':*", "17 lexemes: the prefix stays");
        assert.equal(await spelled("quixa:* & nothinglikeit:*"), "('quixa') & 'nothinglikeit':*");
        assert.equal(await spelled("quixa | quixb"), null, "not only prefixes joined by AND");
        assert.equal(
          await spelledOut(sql, { channelId: s.channel_id, search: "quixa:*" }),
          null,
          "a channel",
        );
        const { total, rows } = await listMessages(
          sql,
          { ...q, filter: "all", search: "quiz:* & quixc:*" },
          1,
          20,
        );
        assert.deepEqual([total, rows.map((r) => r.text)], [1, ["quixc quizc"]]);
        await check("spelled out");
      },
    );

    /** A query's plan as the server makes it for its values, then as a generic plan of a prepared statement. */
    const plansOf = async <T extends readonly Row[]>(query: PendingQuery<T>) => {
      const { string } = await query.describe();
      // what postgres.js bound to the statement it described
      const params = (query as unknown as { parameters: unknown[] }).parameters;
      const plans: [string, string][] = [];
      for (const mode of ["force_custom_plan", "force_generic_plan"]) {
        plans.push([
          mode,
          await sql.begin(async (tx) => {
            await tx.unsafe(`set local plan_cache_mode = ${mode}`);
            // the statement's parameters as the inbox sent them; postgres.js asks for its own parameter type
            const rows = await tx.unsafe(`explain ${string}`, params as never[]);
            return rows.map((r) => Object.values(r)[0]).join("\n");
          }),
        ]);
      }
      return plans;
    };

    await t.step("no plan of a search's counts reads every bitmap, a generic one included", async () => {
      const s = segments[0];
      const query = bitCountsOf(sql, { channelId: s.channel_id, segmentId: s.id, search: "quix:* & d:*" })!;
      for (const [mode, plan] of await plansOf(query)) {
        assert.match(plan, /Index Scan using search_bits_pkey/, `${mode}:\n${plan}`);
        assert.doesNotMatch(plan, /Seq Scan on search_bits/, `${mode}:\n${plan}`);
      }
    });

    await t.step("the Uploaded tab is counted from the deliveries, under a generic plan too", async () => {
      const s = segments[0];
      for (
        const [mode, plan] of await plansOf(
          uploadedCountOf(sql, { channelId: s.channel_id, segmentId: s.id }),
        )
      ) {
        // one lookup by id per delivered message, never a walk of the interaction's list
        assert.match(plan, /CTE Scan on delivered/, `${mode}:\n${plan}`);
        assert.match(
          plan,
          /on messages m .*\n\s+Index Cond: \(.*\bid = d\.message_id\)/,
          `${mode}:\n${plan}`,
        );
      }
    });

    await t.step("a deleted segment takes its counters with it", async () => {
      const s = segments[segments.length - 1];
      await sql`delete from segments where id = ${s.id}`;
      const [{ n }] = await sql<{ n: number }[]>`
        select count(*)::int as n from inbox_counts where segment_id = ${s.id}`;
      assert.equal(n, 0);
      segments.pop();
      await check("segment deleted");
    });
  } finally {
    await db.close();
  }
});
