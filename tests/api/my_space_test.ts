import assert from "node:assert/strict";
import { type TestApp, testApp } from "../_helpers.ts";
import { openSession } from "../../lib/platform/sessions.ts";
import { levelOf } from "../../lib/rules/levels.ts";
import { call, expectError, jsonOf } from "./_visitors.ts";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
const JPG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 1]);
const GIF = new TextEncoder().encode("GIF89a\x01\x00\x01\x00");

function imageForm(bytes: Uint8Array, name = "me.png") {
  const form = new FormData();
  form.append("image", new File([bytes as BlobPart], name, { type: "image/png" }));
  return form;
}

interface Visitor {
  id: number;
  token: string;
}

async function registerVisitor(ctx: TestApp, nickname: string, anonymous = false): Promise<Visitor> {
  const json = anonymous
    ? { is_anonymous: true, nickname }
    : { email: `${nickname.toLowerCase()}@example.com`, password: "password-1", nickname, language: "en" };
  const res = await call(ctx, "/api/v1/app_users", { method: "POST", json });
  assert.equal(res.status, 201);
  const body = await res.json();
  return { id: body.id, token: body.access_token };
}

async function tokenOf(ctx: TestApp, id: number) {
  return await openSession(ctx.deps.sql, ctx.deps.jwtSecret, id, "visitor");
}

Deno.test("my space API - profile and avatar", async (t) => {
  const ctx = await testApp({ demoPassword: "Demo-Password-1!" });
  try {
    const me = await registerVisitor(ctx, "Profiled");
    const anon = await registerVisitor(ctx, "Shadow", true);
    const [other] = await ctx.sql<{ id: number; email: string; nickname: string }[]>`
      select id, email, nickname from app_users where not is_anonymous and email like '%@example.org'
      order by id limit 1`;
    const put = (json: unknown, token = me.token, id = me.id) =>
      call(ctx, `/api/v1/app_users/${id}`, { method: "PUT", json, token });

    await t.step("PUT saves the fields sent and answers the user (birthday DD/MM/YYYY)", async () => {
      const res = await put({
        first_name: " Ana ",
        last_name: "Silva",
        city: "Porto",
        language: "pt",
        receive_emails: true,
        birth_date: "29/02/2000",
        phone: "+351 912 345678",
      });
      assert.equal(res.status, 200);
      const body = await jsonOf(res);
      assert.equal(body.first_name, "Ana");
      assert.equal(body.last_name, "Silva");
      assert.equal(body.city, "Porto");
      assert.equal(body.language, "pt");
      assert.equal(body.receive_emails, true);
      assert.equal(body.birth_date, "29/02/2000");
      assert.equal(body.phone, "+351 912 345678");
      assert.equal(body.nickname, "Profiled");
      const [row] = await ctx
        .sql`select to_char(birth_date, 'YYYY-MM-DD') as d from app_users where id = ${me.id}`;
      assert.equal(row.d, "2000-02-29");
    });

    await t.step("each bad field is refused with its message and nothing changes", async () => {
      const cases: [Record<string, unknown>, number, string, string?][] = [
        [
          { birth_date: "31/02/2000" },
          400,
          "birth_date_invalid",
          "Enter a real birthday in the format DD/MM/YYYY.",
        ],
        [{ birth_date: "29/02/2001" }, 400, "birth_date_invalid"],
        [{ birth_date: "2000-02-01" }, 400, "birth_date_invalid"],
        [{ birth_date: "01/13/2000" }, 400, "birth_date_invalid"],
        [{ birth_date: "01/01/2999" }, 400, "birth_date_invalid"],
        [{ birth_date: "01/01/1899" }, 400, "birth_date_invalid"],
        [{ first_name: "" }, 400, "first_name_required", "Enter your first name."],
        [{ last_name: "   " }, 400, "last_name_required"],
        [{ nickname: "" }, 400, "nickname_required"],
        [{ nickname: "z" }, 400, "nickname_invalid"],
        [{ nickname: other.nickname.toUpperCase() }, 409, "nickname_taken"],
        [{ phone: "abc" }, 400, "phone_invalid"],
        [{ language: "de" }, 400, "language_invalid"],
        [{ email: "broken" }, 400, "email_invalid", "The email address is not valid."],
        [{ email: other.email.toUpperCase() }, 409, "email_taken"],
        [{ login: other.email }, 409, "email_taken"],
        [{ receive_emails: "yes" }, 400, "validation"],
        [{ points: 99999 }, 400, "validation"],
      ];
      for (const [change, status, code, message] of cases) {
        await expectError(await put({ city: "Changed", ...change }), status, code, message);
      }
      const body = await jsonOf(await call(ctx, "/api/v1/app_users/me", { token: me.token }));
      assert.equal(body.city, "Porto");
      assert.equal(body.points, 0);
      assert.equal(body.email, "profiled@example.com");
    });

    await t.step(
      "a changed email is saved (as login too) and logs in; the same email is no change",
      async () => {
        const same = await put({ email: "PROFILED@example.com", city: "Braga" });
        assert.equal(same.status, 200);
        const res = await put({ email: "new.address@example.com", login: "new.address@example.com" });
        assert.equal(res.status, 200);
        assert.equal((await jsonOf(res)).email, "new.address@example.com");
        const viaLogin = await put({ login: "Via.Login@example.com" });
        assert.equal((await jsonOf(viaLogin)).email, "via.login@example.com");
        const login = await call(ctx, "/api/v1/app_users/login", {
          method: "POST",
          json: { email: "via.login@example.com", password: "password-1" },
        });
        assert.equal(login.status, 200);
      },
    );

    await t.step(
      "an empty birthday, phone or city clears it; nickname can change to a free one",
      async () => {
        const res = await put({ birth_date: "", phone: "", city: null, nickname: "Profiled2" });
        assert.equal(res.status, 200);
        const body = await jsonOf(res);
        assert.deepEqual([body.birth_date, body.phone, body.city, body.nickname], [
          null,
          null,
          null,
          "Profiled2",
        ]);
      },
    );

    await t.step(
      "another visitor's profile is 403, an anonymous user 403, no visitor token 401",
      async () => {
        await expectError(await put({ city: "X" }, me.token, other.id), 403, "forbidden");
        const [otherRow] = await ctx.sql`select city from app_users where id = ${other.id}`;
        assert.notEqual(otherRow.city, "X");
        await expectError(await put({ city: "X" }, anon.token, anon.id), 403, "anonymous_forbidden");
        await expectError(
          await call(ctx, "/api/v1/app_users/me", { token: anon.token }),
          403,
          "anonymous_forbidden",
          "Reserved space: register or log in to access it.",
        );
        await expectError(
          await call(ctx, `/api/v1/app_users/${me.id}`, { method: "PUT", json: {} }),
          401,
          "unauthorized",
        );
        const [staff] = await ctx.sql<{ id: number }[]>`select id from users order by id limit 1`;
        const staffToken = await openSession(ctx.deps.sql, ctx.deps.jwtSecret, staff.id, "staff");
        await expectError(await put({ city: "X" }, staffToken), 401, "unauthorized");
        await expectError(await put({ city: "X" }, me.token, 0), 400, "validation");
      },
    );

    const avatar = (body: FormData | string, token = me.token, id = me.id, json = false) =>
      call(ctx, `/api/v1/app_users/${id}/avatar`, {
        method: "POST",
        body,
        token,
        headers: json ? { "content-type": "application/json" } : {},
      });

    let firstUrl = "";
    await t.step("avatar: an image (sniffed) is stored and served; avatar_url returned", async () => {
      const res = await avatar(imageForm(PNG));
      assert.equal(res.status, 200);
      const body = await jsonOf(res);
      assert.match(body.avatar_url, new RegExp(`^/media/app_users/${me.id}/avatar-[0-9a-f-]+\\.png$`));
      assert.equal(body.image_url, body.avatar_url);
      firstUrl = body.avatar_url;
      const file = await call(ctx, firstUrl);
      assert.equal(file.status, 200);
      assert.equal(file.headers.get("content-type"), "image/png");
      assert.deepEqual(new Uint8Array(await file.arrayBuffer()), PNG);
    });

    await t.step("avatar: a new one replaces the old file; gif and JSON data URLs work", async () => {
      const gif = await avatar(imageForm(GIF, "anim.gif"));
      assert.equal(gif.status, 200);
      assert.match((await jsonOf(gif)).avatar_url, /\.gif$/);
      assert.equal((await call(ctx, firstUrl)).status, 404);
      const dataUrl = `data:image/jpeg;base64,${btoa(String.fromCharCode(...JPG))}`;
      const res = await avatar(
        JSON.stringify({ image: dataUrl, file_name: "me.jpg" }),
        me.token,
        me.id,
        true,
      );
      assert.equal(res.status, 200);
      assert.match((await jsonOf(res)).avatar_url, /\.jpg$/);
    });

    await t.step(
      "avatar: not an image is 415 whatever its name, too large 413, nothing changes",
      async () => {
        const before =
          (await jsonOf(await call(ctx, "/api/v1/app_users/me", { token: me.token }))).avatar_url;
        const text = await avatar(imageForm(new TextEncoder().encode("just some text here"), "fake.png"));
        await expectError(text, 415, "file_type_avatar", "The avatar must be a PNG, JPG, GIF or WebP image.");
        const svg = await avatar(
          imageForm(new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"), "a.svg"),
        );
        await expectError(svg, 415, "file_type_avatar");
        const big = new Uint8Array(5 * 1024 * 1024 + 1);
        big.set(PNG);
        await expectError(await avatar(imageForm(big)), 413, "file_too_large");
        await expectError(await avatar(new FormData()), 400, "file_missing");
        await expectError(await avatar("{nope", me.token, me.id, true), 400, "invalid_json");
        await expectError(
          await avatar(JSON.stringify({ image: "hello" }), me.token, me.id, true),
          400,
          "file_missing",
        );
        const after = (await jsonOf(await call(ctx, "/api/v1/app_users/me", { token: me.token }))).avatar_url;
        assert.equal(after, before);
      },
    );

    await t.step("avatar: another visitor's 403, anonymous 403", async () => {
      await expectError(await avatar(imageForm(PNG), me.token, other.id), 403, "forbidden");
      await expectError(await avatar(imageForm(PNG), anon.token, anon.id), 403, "anonymous_forbidden");
    });
  } finally {
    await ctx.close();
  }
});

Deno.test("my space API - messages, points and ranking", async (t) => {
  const ctx = await testApp({ demoPassword: "Demo-Password-1!" });
  try {
    const [radio, tv] = (await ctx.sql<{ id: number }[]>`select id from channels order by id`).map((r) =>
      r.id
    );
    // the registered visitor with the most replied participations
    const [author] = await ctx.sql<{ id: number; nickname: string | null }[]>`
      select m.author_app_user_id as id, u.nickname from messages m join app_users u on u.id = m.author_app_user_id
      where not u.is_anonymous group by 1, 2 order by count(*) filter (where m.has_reply) desc, count(*) desc limit 1`;
    const token = await tokenOf(ctx, author.id);
    const [anonRow] = await ctx.sql<{ id: number }[]>`select id from app_users where is_anonymous limit 1`;
    const anonToken = await tokenOf(ctx, anonRow.id);

    await t.step("messages: own only, newest first, with segment, content, points and replies", async () => {
      const res = await call(ctx, `/api/v1/app_users/${author.id}/messages`, { token });
      assert.equal(res.status, 200);
      const items = await jsonOf(res);
      const [{ n }] = await ctx.sql`select count(*)::int as n from messages
        where author_app_user_id = ${author.id} and status <> 'trash'`;
      assert.equal(items.length, Math.min(n, 50));
      assert.equal(res.headers.get("x-pagination-total"), String(n));
      assert.equal(res.headers.get("x-pagination-page"), "1");
      assert.equal(res.headers.get("x-pagination-per-page"), "50");
      assert.equal(res.headers.get("x-pagination-has_prev"), "false");
      const times = items.map((m: { created_at: string }) => Date.parse(m.created_at));
      assert.deepEqual(times, [...times].sort((a, b) => b - a));
      const ids = items.map((m: { id: number }) => m.id);
      const owners = await ctx
        .sql`select distinct author_app_user_id as a from messages where id = any(${ids})`;
      assert.deepEqual(owners.map((r) => r.a), [author.id]);
      for (const m of items) {
        assert.ok(m.segment.type && "title" in m.segment && "text" in m.segment);
        for (const key of ["text", "choice_text", "choice_ids", "recording_url", "duration"]) {
          assert.ok(key in m.content, key);
        }
        assert.ok(["none", "broadcast_1", "broadcast_2"].includes(m.broadcast_status));
        assert.equal(typeof m.liked, "boolean");
        const [{ p }] = await ctx.sql`select coalesce(sum(points), 0)::int as p from points_ledger
          where message_id = ${m.id}`;
        assert.equal(m.points, p);
      }
      const replied = items.filter((m: { replies: unknown[] }) => m.replies.length > 0);
      assert.ok(replied.length > 0, "some replies");
      const reply = replied[0].replies[0];
      assert.ok(reply.text && reply.created_at && "recording_url" in reply);
      assert.ok(items.some((m: { points: number }) => m.points > 0));
    });

    await t.step("messages: filtered by channel; an unknown channel is 404", async () => {
      for (const channel of [radio, tv]) {
        const res = await call(ctx, `/api/v1/app_users/${author.id}/messages?channel_id=${channel}`, {
          token,
        });
        assert.equal(res.status, 200);
        const items = await jsonOf(res);
        assert.ok(items.every((m: { channel_id: number }) => m.channel_id === channel));
        const [{ n }] = await ctx.sql`select count(*)::int as n from messages
          where author_app_user_id = ${author.id} and status <> 'trash' and channel_id = ${channel}`;
        assert.equal(res.headers.get("x-pagination-total"), String(n));
      }
      await expectError(
        await call(ctx, `/api/v1/app_users/${author.id}/messages?channel_id=999999`, { token }),
        404,
        "not_found",
      );
    });

    await t.step("messages: another visitor's are 403, an anonymous user's 403, no token 401", async () => {
      const [other] = await ctx
        .sql`select id from app_users where not is_anonymous and id <> ${author.id} limit 1`;
      await expectError(
        await call(ctx, `/api/v1/app_users/${other.id}/messages`, { token }),
        403,
        "forbidden",
      );
      await expectError(
        await call(ctx, `/api/v1/app_users/${anonRow.id}/messages`, { token: anonToken }),
        403,
        "anonymous_forbidden",
      );
      await expectError(await call(ctx, `/api/v1/app_users/${author.id}/messages`), 401, "unauthorized");
    });

    await t.step("messages: 50 per page with the x-pagination headers", async () => {
      const fresh = await registerVisitor(ctx, "Chatty");
      const [segment] = await ctx.sql`select id, channel_id from segments where type = 'message' limit 1`;
      const rows = Array.from({ length: 55 }, (_, i) => ({
        channel_id: segment.channel_id,
        segment_id: segment.id,
        author_app_user_id: fresh.id,
        type: "message",
        content: ctx.sql.json({ text: `message ${i}` }),
        text: `message ${i}`,
        created_at: new Date(Date.UTC(2026, 0, 1, 0, i)),
      }));
      await ctx.sql`insert into messages ${ctx.sql(rows)}`;
      const first = await call(ctx, `/api/v1/app_users/${fresh.id}/messages`, { token: fresh.token });
      const page1 = await jsonOf(first);
      assert.equal(page1.length, 50);
      assert.equal(page1[0].content.text, "message 54");
      assert.equal(first.headers.get("x-pagination-has_next"), "true");
      assert.equal(first.headers.get("x-pagination-pages"), "2");
      const second = await call(ctx, `/api/v1/app_users/${fresh.id}/messages?page=2`, { token: fresh.token });
      const page2 = await jsonOf(second);
      assert.deepEqual(page2.map((m: { content: { text: string } }) => m.content.text), [
        "message 4",
        "message 3",
        "message 2",
        "message 1",
        "message 0",
      ]);
      assert.equal(second.headers.get("x-pagination-has_next"), "false");
      assert.equal(second.headers.get("x-pagination-has_prev"), "true");
      const beyond = await call(ctx, `/api/v1/app_users/${fresh.id}/messages?page=9`, { token: fresh.token });
      assert.deepEqual(await jsonOf(beyond), []);
      await expectError(
        await call(ctx, `/api/v1/app_users/${fresh.id}/messages?page=0`, { token: fresh.token }),
        400,
        "validation",
      );
    });

    await t.step("ranking: registered users with points, highest first, each with its level", async () => {
      const res = await call(ctx, "/api/v1/ranking");
      assert.equal(res.status, 200);
      const rows = await jsonOf(res);
      const expected = await ctx.sql`select id, nickname, points from app_users
        where not is_anonymous and points > 0 order by points desc, id limit 50`;
      // rows carry no app-user id (public reads carry the nickname at most)
      assert.ok(rows.every((r: Record<string, unknown>) => !("user_id" in r)));
      assert.deepEqual(
        rows.map((r: { name: string | null; points: number }) => [r.name, r.points]),
        expected.map((r) => [r.nickname, r.points]),
      );
      assert.equal(rows[0].points, 2450);
      assert.equal(rows[0].rank, 1);
      assert.equal(rows[0].level, "HERO");
      for (const r of rows) {
        assert.equal(r.level, levelOf(r.points));
        assert.equal(r.is_me, false);
        assert.ok("avatar_url" in r && "name" in r);
      }
      assert.equal(rows[0].name, expected[0].nickname);
      const anonymous = await ctx.sql`select id from app_users where is_anonymous`;
      assert.ok(anonymous.length > 0 && rows.length === expected.length);
      const levels = new Set(rows.map((r: { level: string }) => r.level));
      assert.ok(levels.size >= 6, "the demo covers the levels");
    });

    await t.step("ranking of a channel: the sums of that channel's ledger rows", async () => {
      const rows = await jsonOf(await call(ctx, `/api/v1/ranking?channel_id=${tv}`));
      const expected = await ctx.sql`select u.nickname, sum(l.points)::int as points
        from points_ledger l join app_users u on u.id = l.app_user_id
        where l.channel_id = ${tv} and not u.is_anonymous group by u.id, u.nickname
        order by 2 desc, u.id limit 50`;
      assert.deepEqual(
        rows.map((r: { name: string | null; points: number }) => [r.name, r.points]),
        expected.map((r) => [r.nickname, r.points]),
      );
      await expectError(await call(ctx, "/api/v1/ranking?channel_id=999999"), 404, "not_found");
    });

    await t.step(
      "ranking: the caller's row is flagged, and appended with its rank when outside",
      async () => {
        const top = await jsonOf(await call(ctx, "/api/v1/ranking", { token }));
        const mine = top.filter((r: { is_me: boolean }) => r.is_me);
        assert.equal(mine.length, 1);
        assert.equal(mine[0].name, author.nickname);
        const fresh = await registerVisitor(ctx, "Newcomer");
        const rows = await jsonOf(await call(ctx, "/api/v1/ranking", { token: fresh.token }));
        const last = rows.at(-1);
        assert.equal(last.name, "Newcomer");
        assert.equal(last.is_me, true);
        assert.equal(last.points, 0);
        const [{ n }] = await ctx
          .sql`select count(*)::int as n from app_users where not is_anonymous and points > 0`;
        assert.equal(last.rank, n + 1);
        assert.equal(last.level, "BEGINNER");
        const anonymous = await jsonOf(await call(ctx, "/api/v1/ranking", { token: anonToken }));
        assert.ok(anonymous.every((r: { is_me: boolean }) => !r.is_me));
      },
    );

    await t.step("ranking/user: the caller's points in a channel, in total, and the level", async () => {
      for (const channel of [radio, tv]) {
        const res = await call(ctx, `/api/v1/ranking/user?channel_id=${channel}&user_id=${author.id}`, {
          token,
        });
        assert.equal(res.status, 200);
        const body = await jsonOf(res);
        const [{ p }] = await ctx.sql`select coalesce(sum(points), 0)::int as p from points_ledger
          where channel_id = ${channel} and app_user_id = ${author.id}`;
        assert.deepEqual(body, { user_id: author.id, channel_id: channel, points: p, level: levelOf(p) });
      }
      const total = await jsonOf(await call(ctx, "/api/v1/ranking/user", { token }));
      const [{ points, sum }] = await ctx.sql`select u.points, (select coalesce(sum(points), 0)::int
        from points_ledger where app_user_id = u.id) as sum from app_users u where id = ${author.id}`;
      assert.equal(total.points, points);
      assert.equal(points, sum, "app_users.points is the total of the ledger");
      const anon = await jsonOf(
        await call(ctx, `/api/v1/ranking/user?channel_id=${radio}`, { token: anonToken }),
      );
      assert.equal(anon.level, null);
    });

    await t.step(
      "ranking/user: another visitor's points 403, no token 401, unknown channel 404",
      async () => {
        await expectError(
          await call(ctx, `/api/v1/ranking/user?channel_id=${radio}&user_id=${anonRow.id}`, { token }),
          403,
          "forbidden",
        );
        await expectError(await call(ctx, `/api/v1/ranking/user?channel_id=${radio}`), 401, "unauthorized");
        await expectError(
          await call(ctx, "/api/v1/ranking/user?channel_id=999999", { token }),
          404,
          "not_found",
        );
      },
    );

    await t.step("ranking: equal totals share a rank, the next rank skips (1, 1, 3)", async () => {
      const two = await ctx.sql<{ id: number; nickname: string | null }[]>`select id, nickname
        from app_users where not is_anonymous and id <> ${author.id} order by points desc limit 2`;
      await ctx.sql`update app_users set points = 5000 where id = any(${two.map((r) => r.id)})`;
      const rows = await jsonOf(await call(ctx, "/api/v1/ranking"));
      assert.deepEqual(rows.slice(0, 3).map((r: { rank: number }) => r.rank), [1, 1, 3]);
      assert.deepEqual(
        rows.slice(0, 2).map((r: { name: string | null }) => r.name),
        [...two].sort((a, b) => a.id - b.id).map((r) => r.nickname),
      );
    });
  } finally {
    await ctx.close();
  }
});
