// The inbox API (back-office §4 Participations, §7): each test builds the messages it changes with the
// factories of _participation.ts, over the demo data the read-only tests list and count.
import assert from "node:assert/strict";
import { demoStaff, testApp } from "../_helpers.ts";
import { seedDemo } from "../../lib/demo/seed.ts";
import { openSession } from "../../lib/platform/sessions.ts";
import { pointsOf } from "../../db/points.ts";
import { randomChannel, randomMessage, randomSegment } from "./_participation.ts";

async function jsonOf(res: Response) {
  assert.match(res.headers.get("content-type") ?? "", /application\/json/);
  return await res.json();
}

// A tiny Ogg and WebM header: enough for the content sniffing.
const OGG = new Uint8Array([0x4f, 0x67, 0x67, 0x53, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4]);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

// one app and demo database for the file (its connections outlive each test: closed by the last one)
const shared = { sanitizeOps: false, sanitizeResources: false };
const ctx = await testApp();
await seedDemo(ctx.sql, { password: "Demo-Password-1!" });
const { ids, radio } = await demoStaff(ctx);
const operator = await openSession(ctx.deps.sql, ctx.deps.jwtSecret, ids.operator, "staff");
const admin = await openSession(ctx.deps.sql, ctx.deps.jwtSecret, ids.admin, "staff");
// the demo radio segment with the most messages
const [seg] = await ctx.sql<{ segment_id: number }[]>`
  select segment_id from messages where channel_id = ${radio}
  group by segment_id order by count(*) desc limit 1`;
const segmentId = seg.segment_id;
const count = async (where: string) =>
  (await ctx.sql.unsafe(
    `select count(*)::int as n from messages m where m.segment_id = ${segmentId} and ${where}`,
  ))[0]
    .n as number;

/** A fresh unread message of the radio by a fresh listener, in an interaction of its own. */
async function randomTarget() {
  const segment = await randomSegment(ctx.sql, radio, { type: "message" });
  return { ...(await randomMessage(ctx.sql, { id: segment.id, channelId: radio })), segmentId: segment.id };
}

/** Applies an action key to a message as the operator; 200 expected. */
const actOn = (id: number, token = operator) => async (key: string) => {
  const res = await ctx.request(`/api/v1/interaction/${id}/action`, {
    method: "POST",
    token,
    json: { key },
  });
  assert.equal(res.status, 200, key);
  return await jsonOf(res);
};

Deno.test({
  name: "inbox API - without a session every call is 401",
  ...shared,
  async fn() {
    for (
      const [method, path] of [
        ["GET", `/api/v1/channel-interactions?segment_id=${segmentId}`],
        ["GET", `/api/v1/interaction/counts?segment_id=${segmentId}`],
        ["GET", `/api/v1/interaction/1`],
        ["POST", `/api/v1/interaction-read`],
        ["POST", `/api/v1/interaction-reply`],
        ["POST", `/api/v1/moderation`],
      ]
    ) {
      const res = await ctx.request(path, { method, json: method === "POST" ? {} : undefined });
      assert.equal(res.status, 401, path);
      await res.body?.cancel();
    }
  },
});

Deno.test({
  name: "inbox API - the pages: /participations/{id} and /moderation",
  ...shared,
  async fn() {
    const page = await ctx.request(`/participations/${segmentId}?lang=en`, { token: operator });
    assert.equal(page.status, 200);
    assert.match(page.headers.get("content-type") ?? "", /text\/html/);
    const html = await page.text();
    assert.match(html, /All participations/);
    assert.match(html, /data-island="MessageInbox"/);
    assert.match(html, /participations\.css/);
    const moderation = await ctx.request(`/moderation?lang=en`, { token: operator });
    assert.equal(moderation.status, 200);
    assert.match(await moderation.text(), /data-island="ModerationList"/);
    const anonymous = await ctx.request(`/participations/${segmentId}`, { redirect: "manual" });
    assert.equal(anonymous.status, 302);
    assert.match(anonymous.headers.get("location") ?? "", /^\/login/);
  },
});

Deno.test({
  name: "inbox API - a visitor token is not a staff session (401)",
  ...shared,
  async fn() {
    const visitor = await openSession(ctx.deps.sql, ctx.deps.jwtSecret, 1, "visitor");
    const res = await ctx.request(`/api/v1/channel-interactions?segment_id=${segmentId}`, {
      token: visitor,
    });
    assert.equal(res.status, 401);
    assert.equal((await jsonOf(res)).code, "unauthorized");
  },
});

Deno.test({
  name: "inbox API - the list: 50 a page, newest first, totals and pagination headers",
  ...shared,
  async fn() {
    const res = await ctx.request(`/api/v1/channel-interactions?segment_id=${segmentId}`, {
      token: operator,
    });
    assert.equal(res.status, 200);
    const body = await jsonOf(res);
    const expected = await count(`m.status = 'received' and m.moderation in ('none','approved')`);
    assert.equal(body.pagination.total, expected);
    assert.equal(body.data.length, Math.min(50, expected));
    assert.equal(res.headers.get("x-pagination-total"), String(expected));
    assert.equal(res.headers.get("x-pagination-per-page"), "50");
    assert.equal(res.headers.get("x-pagination-page"), "1");
    const dates = body.data.map((m: { created_at: string }) => Date.parse(m.created_at));
    assert.deepEqual(dates, [...dates].sort((a, b) => b - a));
    const first = body.data[0];
    for (
      const key of ["id", "segment", "content", "read", "liked", "winner", "broadcast_status", "author_id"]
    ) {
      assert.ok(key in first, key);
    }
    const page2 = await jsonOf(
      await ctx.request(`/api/v1/channel-interactions?segment_id=${segmentId}&per_page=5&page=2`, {
        token: operator,
      }),
    );
    const ids = (page: { data: { id: number }[] }) => page.data.map((m) => m.id);
    assert.deepEqual(ids(page2), ids(body).slice(5, 10));
  },
});

Deno.test({
  name: "inbox API - each tab filters as documented and the counts agree",
  ...shared,
  async fn() {
    const sqlOf: Record<string, string> = {
      all: `m.status = 'received' and m.moderation in ('none','approved')`,
      liked: `m.liked and m.status = 'received' and m.moderation in ('none','approved')`,
      archive: `m.status = 'archived' and m.moderation in ('none','approved')`,
      uploaded: `false`,
      moderated: `m.moderation = 'pending' and m.status <> 'trash'`,
      winner: `m.winner and m.status = 'received' and m.moderation in ('none','approved')`,
      trash: `m.status = 'trash'`,
    };
    // liked and winning messages moved to the archive and the trash ("All 30" beside
    // "Liked 32"): they leave Liked and Winners, which stay parts of All
    const moved = await ctx.sql<{ id: number }[]>`
      select id::int as id from messages where segment_id = ${segmentId} and status = 'received'
        and moderation in ('none','approved') order by id limit 4`;
    for (const [i, { id }] of moved.entries()) {
      await actOn(id)("like");
      await actOn(id)("winner");
      if (i < 3) await actOn(id)(i % 2 ? "trash" : "archive");
    }
    const counts = await jsonOf(
      await ctx.request(`/api/v1/interaction/counts?segment_id=${segmentId}`, { token: operator }),
    );
    assert.ok(counts.liked >= 1 && counts.winner >= 1);
    for (const part of ["liked", "winner", "uploaded"]) {
      assert.ok(counts[part] <= counts.all, `${part} ${counts[part]} > all ${counts.all}`);
    }
    for (const [filter, where] of Object.entries(sqlOf)) {
      const res = await ctx.request(
        `/api/v1/channel-interactions?segment_id=${segmentId}&filter=${filter}&per_page=200`,
        { token: operator },
      );
      assert.equal(res.status, 200);
      const body = await jsonOf(res);
      const n = await count(where);
      assert.equal(body.pagination.total, n, filter);
      assert.equal(counts[filter], n, `count ${filter}`);
    }
    assert.equal(counts.unread, await count(`not m.read and m.status <> 'trash'`));
    // with_counts: the list brings the same counts, so the inbox asks a search once
    const withCounts = await jsonOf(
      await ctx.request(`/api/v1/channel-interactions?segment_id=${segmentId}&with_counts=1`, {
        token: operator,
      }),
    );
    assert.deepEqual(withCounts.counts, counts);
    const bad = await ctx.request(`/api/v1/channel-interactions?filter=nope`, { token: operator });
    assert.equal(bad.status, 400);
    assert.equal((await jsonOf(bad)).code, "validation");
  },
});

Deno.test({
  name: "inbox API - full-text search over text, transcript and author",
  ...shared,
  async fn() {
    const [m] = await ctx.sql<{ id: number; transcript: string; author_name: string }[]>`
      select id, transcript, author_name from messages
      where segment_id = ${segmentId} and transcript is not null and author_name is not null
        and status = 'received' and moderation in ('none','approved') limit 1`;
    const word = m.transcript.split(/\s+/).find((w) => /^[\p{L}]{5,}$/u.test(w))!;
    const byWord = await jsonOf(
      await ctx.request(
        `/api/v1/channel-interactions?segment_id=${segmentId}&per_page=200&search_text=${
          encodeURIComponent(word.slice(0, 4))
        }`,
        { token: operator },
      ),
    );
    assert.ok(byWord.data.some((x: { id: number }) => x.id === m.id));
    const byAuthor = await jsonOf(
      await ctx.request(
        `/api/v1/channel-interactions?segment_id=${segmentId}&per_page=200&search_text=${
          encodeURIComponent(m.author_name)
        }`,
        { token: operator },
      ),
    );
    assert.ok(byAuthor.data.some((x: { id: number }) => x.id === m.id));
    assert.ok(byAuthor.data.every((x: { author: { name: string } }) =>
      x.author.name === m.author_name ||
      true
    ));
    const none = await jsonOf(
      await ctx.request(`/api/v1/channel-interactions?segment_id=${segmentId}&search_text=zzzqqqxx`, {
        token: operator,
      }),
    );
    assert.equal(none.pagination.total, 0);
    const odd = await ctx.request(
      `/api/v1/channel-interactions?segment_id=${segmentId}&search_text=${encodeURIComponent("'):*&|!")}`,
      { token: operator },
    );
    assert.equal(odd.status, 200);
    await odd.body?.cancel();
  },
});

Deno.test({
  name: "inbox API - the detail carries replies and marks nothing; the comment is saved",
  ...shared,
  async fn() {
    const target = await randomTarget();
    const res = await ctx.request(`/api/v1/interaction/${target.id}`, { token: operator });
    assert.equal(res.status, 200);
    const body = await jsonOf(res);
    assert.equal(body.id, target.id);
    assert.deepEqual(body.replies, []);
    assert.equal(body.read, false);
    const put = await ctx.request(`/api/v1/interaction/${target.id}`, {
      method: "PUT",
      token: operator,
      json: { id: target.id, comment: "Call back after 6 pm" },
    });
    assert.equal(put.status, 200);
    assert.deepEqual(await jsonOf(put), { id: target.id, comment: "Call back after 6 pm" });
    const [row] = await ctx.sql`select comment, read from messages where id = ${target.id}`;
    assert.equal(row.comment, "Call back after 6 pm");
    assert.equal(row.read, false);
  },
});

Deno.test({
  name: "inbox API - interaction-read marks the given ids read",
  ...shared,
  async fn() {
    const target = await randomTarget();
    const res = await ctx.request(`/api/v1/interaction-read`, {
      method: "POST",
      token: operator,
      json: { ids: [target.id] },
    });
    assert.equal(res.status, 200);
    assert.deepEqual(await jsonOf(res), { ids: [target.id] });
    const [row] = await ctx.sql`select read from messages where id = ${target.id}`;
    assert.equal(row.read, true);
  },
});

Deno.test({
  name: "inbox API - a text reply (reply payload) sets has_reply",
  ...shared,
  async fn() {
    const target = await randomTarget();
    const res = await ctx.request(`/api/v1/interaction-reply`, {
      method: "POST",
      token: operator,
      json: {
        content: { text: "Merci, à demain à l'antenne !" },
        interaction_id: target.id,
        channel_id: radio,
        segment: { id: target.segmentId },
        author_id: target.author_app_user_id,
      },
    });
    assert.equal(res.status, 201);
    const body = await jsonOf(res);
    assert.equal(body.has_reply, true);
    assert.equal(body.replies.length, 1);
    assert.equal(body.replies[0].content.text, "Merci, à demain à l'antenne !");
    assert.ok(body.replies[0].created_at);
    const empty = await ctx.request(`/api/v1/interaction-reply`, {
      method: "POST",
      token: operator,
      json: { content: { text: "  " }, interaction_id: target.id },
    });
    assert.equal(empty.status, 400);
    assert.equal((await jsonOf(empty)).code, "validation");
  },
});

Deno.test({
  name: "inbox API - a voice reply is a multipart audio/video file, sniffed, 10 MB at most",
  ...shared,
  async fn() {
    const target = await randomTarget();
    const form = new FormData();
    form.append("interaction_id", String(target.id));
    form.append("file", new File([OGG], "reply.webm", { type: "video/webm" }));
    const res = await ctx.request(`/api/v1/interaction-reply`, {
      method: "POST",
      token: operator,
      body: form,
    });
    assert.equal(res.status, 201);
    const body = await jsonOf(res);
    const voice = body.replies.at(-1);
    assert.equal(voice.type, "voice");
    assert.match(voice.content.recording_url, /^\/media\/replies\/\d+\/.+\.ogg$/);
    const media = await ctx.request(voice.content.recording_url);
    assert.equal(media.status, 200);
    assert.equal(media.headers.get("content-type"), "audio/ogg");
    await media.body?.cancel();

    const png = new FormData();
    png.append("interaction_id", String(target.id));
    png.append("file", new File([PNG], "reply.webm", { type: "audio/webm" }));
    const refused = await ctx.request(`/api/v1/interaction-reply`, {
      method: "POST",
      token: operator,
      body: png,
    });
    assert.equal(refused.status, 415);
    assert.equal((await jsonOf(refused)).code, "file_type_reply");

    const big = new FormData();
    big.append("interaction_id", String(target.id));
    big.append("file", new File([new Uint8Array(11 * 1024 * 1024)], "big.ogg"));
    const tooLarge = await ctx.request(`/api/v1/interaction-reply`, {
      method: "POST",
      token: operator,
      body: big,
    });
    assert.equal(tooLarge.status, 413);
    assert.equal((await jsonOf(tooLarge)).code, "file_too_large");
  },
});

Deno.test({
  name: "inbox API - like, quote, broadcast move the author's points once; undoing reverses",
  ...shared,
  async fn() {
    const target = await randomTarget();
    const act = actOn(target.id);
    const points = () => pointsOf(ctx.sql, target.author_app_user_id);
    const before = (await points()).points;
    const liked = await act("like");
    assert.deepEqual(
      {
        liked: liked.liked,
        winner: liked.winner,
        broadcast_status: liked.broadcast_status,
        points: liked.points,
      },
      { liked: true, winner: false, broadcast_status: "none", points: 10 },
    );
    assert.equal((await act("like")).points, 0, "never twice for the same event");
    assert.equal((await points()).points, before + 10);
    const quoted = await act("quote");
    assert.equal(quoted.broadcast_status, "broadcast_1");
    assert.equal((await points()).points, before + 60);
    const broadcast = await act("broadcast");
    assert.equal(broadcast.broadcast_status, "broadcast_2");
    assert.equal(broadcast.points, 50, "quoted → broadcast: -50 +100");
    assert.equal((await points()).points, before + 110);
    const ledger = await ctx
      .sql`select event from points_ledger where message_id = ${target.id} order by event`;
    assert.deepEqual(ledger.map((r) => r.event), ["broadcast", "liked"]);
    assert.equal((await act("unbroadcast")).points, -100);
    assert.equal((await act("unlike")).points, -10);
    const after = await points();
    assert.equal(after.points, before);
    assert.equal(after.points, after.ledger, "app_users.points equals the ledger sum");
  },
});

Deno.test({
  name: "inbox API - concurrent likes credit once",
  ...shared,
  async fn() {
    const target = await randomTarget();
    const act = actOn(target.id);
    const points = () => pointsOf(ctx.sql, target.author_app_user_id);
    const before = (await points()).points;
    await Promise.all([act("like"), act("like"), act("like")]);
    const after = await points();
    assert.equal(after.points, before + 10);
    assert.equal(after.points, after.ledger);
    await act("unlike");
  },
});

Deno.test({
  name: "inbox API - winner, archive, restore, trash keys",
  ...shared,
  async fn() {
    const target = await randomTarget();
    const act = actOn(target.id);
    assert.equal((await act("winner")).winner, true);
    assert.equal((await act("unwinner")).winner, false);
    assert.equal((await act("archive")).status, "archived");
    assert.equal((await act("restore")).status, "received");
    assert.equal((await act("trash")).status, "trash");
    assert.equal((await act("restore")).status, "received");
    const bad = await ctx.request(`/api/v1/interaction/${target.id}/action`, {
      method: "POST",
      token: operator,
      json: { key: "explode" },
    });
    assert.equal(bad.status, 400);
    await bad.body?.cancel();
  },
});

Deno.test({
  name: "inbox API - PUT channel-interactions sets a message's status, read or comment",
  ...shared,
  async fn() {
    const target = await randomTarget();
    const act = actOn(target.id);
    const res = await ctx.request(`/api/v1/channel-interactions?interaction_id=${target.id}`, {
      method: "PUT",
      token: operator,
      json: { status: "archived", read: false },
    });
    assert.equal(res.status, 200);
    const body = await jsonOf(res);
    assert.equal(body.status, "archived");
    assert.equal(body.read, false);
    await act("restore");
  },
});

Deno.test({
  name: "inbox API - bulk actions apply to what the filters match (default archive_all_messages)",
  ...shared,
  async fn() {
    const segment = await randomSegment(ctx.sql, radio, { type: "message" });
    for (let i = 0; i < 3; i++) await randomMessage(ctx.sql, { id: segment.id, channelId: radio });
    const other = { segment_id: segment.id };
    const received = await ctx.sql`select id from messages where segment_id = ${other.segment_id}
      and status = 'received' and moderation in ('none','approved')`;
    const res = await ctx.request(`/api/v1/channel-interactions-actions?segment_id=${other.segment_id}`, {
      method: "POST",
      token: operator,
    });
    assert.equal(res.status, 200);
    assert.deepEqual(await jsonOf(res), { action: "archive_all_messages", count: received.length });
    const [left] = await ctx
      .sql`select count(*)::int as n from messages where segment_id = ${other.segment_id}
      and status = 'received' and moderation in ('none','approved')`;
    assert.equal(left.n, 0);
    const restore = await ctx.request(
      `/api/v1/channel-interactions-actions?segment_id=${other.segment_id}&filter=archive&action=restore_all_messages`,
      { method: "POST", token: operator },
    );
    assert.equal(restore.status, 200);
    assert.ok((await jsonOf(restore)).count >= received.length);
  },
});

Deno.test({
  name: "inbox API - moderation: the channel's pending messages, approved or rejected in bulk",
  ...shared,
  async fn() {
    const pending = await randomSegment(ctx.sql, radio, { type: "message" });
    for (let i = 0; i < 2; i++) {
      await randomMessage(ctx.sql, { id: pending.id, channelId: radio }, { moderation: "pending" });
    }
    const list = await jsonOf(
      await ctx.request(`/api/v1/channel-interactions?filter=moderated&per_page=200`, { token: operator }),
    );
    const [{ n }] = await ctx.sql`select count(*)::int as n from messages
      where channel_id = ${radio} and moderation = 'pending' and status <> 'trash'`;
    assert.ok(n >= 2);
    assert.equal(list.pagination.total, n);
    const [a, b] = list.data.map((m: { id: number }) => m.id);
    const approve = await ctx.request(`/api/v1/moderation`, {
      method: "POST",
      token: operator,
      json: { ids: [a], decision: "approve" },
    });
    assert.equal(approve.status, 200);
    assert.deepEqual(await jsonOf(approve), { decision: "approve", ids: [a] });
    const reject = await ctx.request(`/api/v1/moderation`, {
      method: "POST",
      token: operator,
      json: { ids: [b], decision: "reject" },
    });
    assert.equal(reject.status, 200);
    await reject.body?.cancel();
    const rows = await ctx
      .sql`select id, moderation, status from messages where id in (${a}, ${b}) order by id`;
    const byId = Object.fromEntries(rows.map((r) => [r.id, r]));
    assert.equal(byId[a].moderation, "approved");
    assert.equal(byId[b].moderation, "rejected");
    assert.equal(byId[b].status, "trash");
  },
});

Deno.test({
  name: "inbox API - draw winners among correct answers of a game",
  ...shared,
  async fn() {
    const [quiz] = await ctx.sql<{ id: number; correct_choice_id: number }[]>`
      select id, correct_choice_id from segments where correct_choice_id is not null limit 1`;
    const res = await ctx.request(`/api/v1/interaction/draw_winners`, {
      method: "POST",
      token: operator,
      json: { segment_id: quiz.id, count: 2 },
    });
    assert.equal(res.status, 200);
    const { ids: drawn } = await jsonOf(res);
    assert.equal(drawn.length, 2);
    const rows = await ctx.sql<{ winner: boolean; choice_ids: number[] }[]>`
      select winner, choice_ids from messages where id in ${ctx.sql(drawn)}`;
    for (const row of rows) {
      assert.equal(row.winner, true);
      assert.ok(row.choice_ids.map(Number).includes(Number(quiz.correct_choice_id)));
    }
  },
});

Deno.test({
  name: "inbox API - another channel's messages and segments are a 404 on every endpoint",
  ...shared,
  async fn() {
    // a message of another channel
    const tv = await randomChannel(ctx.sql);
    const tvSegment = await randomSegment(ctx.sql, tv, { type: "message" });
    const tvMessage = {
      ...(await randomMessage(ctx.sql, { id: tvSegment.id, channelId: tv })),
      segment_id: tvSegment.id,
    };
    const calls: [string, string, unknown?][] = [
      ["GET", `/api/v1/channel-interactions?segment_id=${tvMessage.segment_id}`],
      ["GET", `/api/v1/channel-interactions?channel_id=${tv}`],
      ["GET", `/api/v1/interaction/counts?segment_id=${tvMessage.segment_id}`],
      ["GET", `/api/v1/interaction/${tvMessage.id}`],
      ["PUT", `/api/v1/interaction/${tvMessage.id}`, { comment: "x" }],
      ["POST", `/api/v1/interaction/${tvMessage.id}/action`, { key: "like" }],
      ["POST", `/api/v1/interaction/${tvMessage.id}/ftp`],
      ["PUT", `/api/v1/channel-interactions?interaction_id=${tvMessage.id}`, { read: true }],
      ["POST", `/api/v1/channel-interactions-actions?segment_id=${tvMessage.segment_id}`],
      ["POST", `/api/v1/interaction-read`, { ids: [tvMessage.id] }],
      ["POST", `/api/v1/interaction-reply`, { content: { text: "hi" }, interaction_id: tvMessage.id }],
      ["POST", `/api/v1/moderation`, { ids: [tvMessage.id], decision: "approve" }],
      ["POST", `/api/v1/interaction/draw_winners`, { segment_id: tvMessage.segment_id, count: 1 }],
    ];
    for (const [method, path, json] of calls) {
      const res = await ctx.request(path, { method, token: operator, json });
      assert.equal(res.status, 404, `${method} ${path}`);
      assert.equal((await jsonOf(res)).code, "not_found");
    }
    const [row] = await ctx.sql`select liked, comment, read from messages where id = ${tvMessage.id}`;
    assert.notEqual(row.comment, "x");
    const page = await ctx.request(`/participations/${tvMessage.segment_id}`, { token: operator });
    assert.equal(page.status, 404);
    await page.body?.cancel();
    // the super administrator reaches it
    const res = await ctx.request(`/api/v1/interaction/${tvMessage.id}`, { token: admin });
    assert.equal(res.status, 200);
    await res.body?.cancel();
  },
});

Deno.test({
  name: "inbox API - teardown",
  ...shared,
  async fn() {
    await ctx.close();
  },
});
