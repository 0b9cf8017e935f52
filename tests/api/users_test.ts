import assert from "node:assert/strict";
import { SMTPServer } from "smtp-server";
import { demoStaff, testApp } from "../_helpers.ts";
import { openSession } from "../../lib/platform/sessions.ts";
import { smtpMailer } from "../../lib/platform/mail.ts";

const PASSWORD = "Demo-Password-1!";
const EN = { "accept-language": "en" };
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);

async function jsonOf(res: Response) {
  assert.match(res.headers.get("content-type") ?? "", /application\/json/);
  return await res.json();
}

function imageForm(bytes: Uint8Array, name = "me.png") {
  const form = new FormData();
  form.append("image", new File([bytes as BlobPart], name, { type: "image/png" }));
  return form;
}

Deno.test("users API - roles and tenant isolation on every user endpoint", async (t) => {
  const ctx = await testApp({ demoPassword: PASSWORD });
  try {
    const [radio, tv] = (await ctx.sql<{ id: number }[]>`select id from channels order by id`).map((r) =>
      r.id
    );
    // a TV administrator and operator, made by SQL so that every step below starts from known rows
    await ctx.sql`insert into users (login, email, role, channel_id, confirmed_at, first_name, last_name)
      values ('tvboss', 'tvboss@example.com', 'administrator', ${tv}, now(), 'Tom', 'Vee'),
             ('tvop', 'tvop@example.com', 'operator', ${tv}, now(), 'Tia', 'Vo')`;
    const { ids, token } = await demoStaff(ctx);
    const admin = await token("admin"), manager = await token("manager"), operator = await token("operator");
    const call = (tok: string, method: string, path: string, json?: unknown, body?: BodyInit) =>
      ctx.request(`${path}?lang=en`, { token: tok, method, json, body }); // the demo staff speak French

    await t.step("without a session, or with a visitor token, every user endpoint is 401", async () => {
      const visitor = await openSession(ctx.deps.sql, ctx.deps.jwtSecret, ids.manager, "visitor");
      for (const tok of ["", visitor]) {
        for (
          const [method, path, json] of [
            ["GET", "/api/v1/users"],
            ["GET", "/api/v1/users/current"],
            ["POST", "/api/v1/users/new", { login: "x", email: "x@example.com" }],
            ["GET", `/api/v1/user/${ids.manager}`],
            ["PUT", `/api/v1/user/${ids.manager}`, { first_name: "X" }],
            ["DELETE", `/api/v1/user/${ids.manager}/image`],
          ] as const
        ) {
          const res = await call(tok, method, path, json);
          assert.equal(res.status, 401, `${method} ${path}`);
          assert.equal((await jsonOf(res)).code, "unauthorized");
        }
      }
    });

    await t.step("a visitor token never opens an admin page", async () => {
      const visitor = await openSession(ctx.deps.sql, ctx.deps.jwtSecret, ids.admin, "visitor");
      for (const path of ["/users", `/users/${ids.admin}`, "/channels", "/users/new"]) {
        const res = await ctx.request(path, { token: visitor });
        assert.equal(res.status, 302, path);
        assert.match(res.headers.get("location")!, /^\/login\?next=/);
      }
      const cookie = await ctx.request("/users", { headers: { cookie: `im_session=${visitor}` } });
      assert.equal(cookie.status, 302);
    });

    await t.step("users/current: fields, permissions, admin mode", async () => {
      const me = await jsonOf(await call(admin, "GET", "/api/v1/users/current"));
      assert.equal(me.role, "super_administrator");
      assert.equal(me.is_super_admin, true);
      assert.equal(me.admin_mode, true);
      assert.ok(me.permissions.includes("users-manage"));
      assert.equal("password_hash" in me, false);
      const op = await jsonOf(await call(operator, "GET", "/api/v1/users/current"));
      assert.equal(op.admin_mode, false);
      assert.equal(op.permissions.includes("users-manage"), false);
      assert.equal(op.channel_id, radio);
    });

    await t.step("operators cannot manage users (403) but read and edit their own profile", async () => {
      for (
        const [method, path, json] of [
          ["GET", "/api/v1/users"],
          ["POST", "/api/v1/users/new", { login: "x", email: "x@example.com" }],
          ["GET", `/api/v1/user/${ids.manager}`],
          ["PUT", `/api/v1/user/${ids.manager}`, { first_name: "X" }],
          ["DELETE", `/api/v1/user/${ids.manager}/image`],
        ] as const
      ) {
        const res = await call(operator, method, path, json);
        assert.equal(res.status, 403, `${method} ${path}`);
        assert.equal((await jsonOf(res)).code, "forbidden");
      }
      const photo = await call(
        operator,
        "POST",
        `/api/v1/user/${ids.manager}/image`,
        undefined,
        imageForm(PNG),
      );
      assert.equal(photo.status, 403);
      await jsonOf(photo);
      const own = await call(operator, "GET", `/api/v1/user/${ids.operator}`);
      assert.equal(own.status, 200);
      assert.equal((await jsonOf(own)).login, "operator");
      const save = await call(operator, "PUT", `/api/v1/user/${ids.operator}`, {
        first_name: " Karim ",
        phone: "+33612345678",
        language: "en",
      });
      assert.equal(save.status, 200);
      const saved = await jsonOf(save);
      assert.equal(saved.first_name, "Karim");
      assert.equal(saved.language, "en");
    });

    await t.step("nobody raises their own role", async () => {
      for (
        const [tok, login, role] of [[operator, "operator", "administrator"], [
          manager,
          "manager",
          "super_administrator",
        ], [operator, "operator", "super_administrator"]] as const
      ) {
        const res = await call(tok, "PUT", `/api/v1/user/${ids[login]}`, { role });
        assert.equal(res.status, 403, `${login} → ${role}`);
        await jsonOf(res);
      }
      const res = await call(manager, "PUT", `/api/v1/user/${ids.manager}`, { role: "super_administrator" });
      assert.equal(res.status, 403);
      assert.equal((await jsonOf(res)).message, "You cannot change your own role.");
      const [row] = await ctx.sql`select role from users where id = ${ids.manager}`;
      assert.equal(row.role, "administrator");
      const off = await call(manager, "PUT", `/api/v1/user/${ids.manager}`, { active: false });
      assert.equal(off.status, 403);
      assert.equal((await jsonOf(off)).code, "active_self");
    });

    await t.step(
      "an administrator sees only its channel's staff; another channel's user is a 404",
      async () => {
        const list = await jsonOf(await call(manager, "GET", "/api/v1/users"));
        assert.deepEqual(list.map((u: { login: string }) => u.login).sort(), ["manager", "operator"]);
        for (
          const [method, path, json, body] of [
            ["GET", `/api/v1/user/${ids.tvboss}`],
            ["PUT", `/api/v1/user/${ids.tvop}`, { first_name: "Hacked" }],
            ["PUT", `/api/v1/user/${ids.tvop}`, { active: false }],
            ["POST", `/api/v1/user/${ids.tvop}/image`, undefined, imageForm(PNG)],
            ["DELETE", `/api/v1/user/${ids.tvop}/image`],
            ["GET", `/api/v1/user/${ids.admin}`],
            ["PUT", `/api/v1/user/${ids.admin}`, { first_name: "Hacked" }],
            ["GET", "/api/v1/user/999999"],
          ] as const
        ) {
          const res = await call(manager, method, path, json, body);
          assert.equal(res.status, 404, `${method} ${path}`);
          assert.equal((await jsonOf(res)).code, "not_found");
        }
        const [tvop] = await ctx.sql`select first_name, active, image_url from users where id = ${ids.tvop}`;
        assert.deepEqual({ ...tvop }, { first_name: "Tia", active: true, image_url: null });
      },
    );

    await t.step(
      "an administrator edits its channel's staff but never names a super administrator or moves them",
      async () => {
        const ok = await call(manager, "PUT", `/api/v1/user/${ids.operator}`, {
          role: "administrator",
          active: true,
        });
        assert.equal(ok.status, 200);
        assert.equal((await jsonOf(ok)).role, "administrator");
        await ctx.sql`update users set role = 'operator' where id = ${ids.operator}`;
        const sup = await call(manager, "PUT", `/api/v1/user/${ids.operator}`, {
          role: "super_administrator",
        });
        assert.equal(sup.status, 403);
        await jsonOf(sup);
        const move = await call(manager, "PUT", `/api/v1/user/${ids.operator}`, { channel_id: tv });
        assert.equal(move.status, 403);
        assert.equal(
          (await jsonOf(move)).message,
          "Only a super administrator can change the media of an account.",
        );
        const same = await call(manager, "PUT", `/api/v1/user/${ids.operator}`, { channel_id: radio });
        assert.equal(same.status, 200, "sending the unchanged channel back is fine");
        await jsonOf(same);
        const [row] = await ctx.sql`select role, channel_id from users where id = ${ids.operator}`;
        assert.deepEqual({ ...row }, { role: "operator", channel_id: radio });
      },
    );

    await t.step(
      "profile rules: 'Login required', e-mail, telephone, unique e-mail, unknown fields",
      async () => {
        const cases: [Record<string, unknown>, number, string][] = [
          [{ login: "" }, 400, "Login required"],
          [{ login: "   " }, 400, "Login required"],
          [{ email: "nope" }, 400, "Invalid email"],
          [{ phone: "12" }, 400, "Invalid telephone"],
          [{ email: "Manager@Example.com" }, 409, "Email already taken"],
          [{ login: "MANAGER" }, 409, "Login already taken"],
          [{ password_hash: "x" }, 400, "Some values are not valid."],
          [{ language: "de" }, 400, "Some values are not valid."],
        ];
        for (const [json, status, message] of cases) {
          const res = await call(manager, "PUT", `/api/v1/user/${ids.operator}`, json);
          assert.equal(res.status, status, JSON.stringify(json));
          assert.equal((await jsonOf(res)).message, message);
        }
        const clear = await call(manager, "PUT", `/api/v1/user/${ids.operator}`, { phone: "" });
        assert.equal((await jsonOf(clear)).phone, null);
      },
    );

    let created = 0;
    await t.step(
      "users/new: an administrator creates in its own channel and an invitation is mailed",
      async () => {
        const res = await call(manager, "POST", "/api/v1/users/new", {
          login: "newbie",
          email: "Newbie@Example.com",
          first_name: "Nina",
          last_name: "Bie",
          language: "en",
        });
        assert.equal(res.status, 201);
        created = (await jsonOf(res)).id;
        const [row] = await ctx
          .sql`select channel_id, role, confirmed_at, password_hash from users where id = ${created}`;
        assert.deepEqual({ ...row }, {
          channel_id: radio,
          role: "operator",
          confirmed_at: null,
          password_hash: null,
        });
        const [mail] = await ctx
          .sql`select subject, text_body from outbox where to_address = 'newbie@example.com'`;
        assert.equal(mail.subject, "Your Interaction Manager account is waiting for you");
        assert.match(mail.text_body, /Sophie Bernard created an account for you/);
        const token = mail.text_body.match(/\/confirm\/([\w-]+)/)[1];
        // the invited person chooses a password on the confirmation page
        const noPw = await ctx.request("/api/v1/users/confirm", {
          method: "POST",
          json: { token },
          headers: EN,
        });
        assert.equal(noPw.status, 400);
        assert.equal((await jsonOf(noPw)).message, "Invalid password");
        const ok = await ctx.request("/api/v1/users/confirm", {
          method: "POST",
          json: { token, password: "Newbie-Pass-1" },
        });
        assert.equal(ok.status, 200);
        await jsonOf(ok);
        const loginRes = await ctx.request("/api/v1/auth", {
          method: "POST",
          json: { email: "newbie@example.com", password: "Newbie-Pass-1" },
        });
        assert.equal(loginRes.status, 200);
        await loginRes.body?.cancel();
      },
    );

    await t.step("users/new: no other channel, no super administrator, the field rules", async () => {
      const cases: [Record<string, unknown>, number][] = [
        [{ login: "a1", email: "a1@example.com", channel_id: tv }, 403],
        [{ login: "a2", email: "a2@example.com", role: "super_administrator" }, 403],
        [{ email: "a3@example.com" }, 400],
        [{ login: "a4", email: "bad" }, 400],
        [{ login: "a5", email: "a5@example.com", password: "weak" }, 400],
        [{ login: "a6", email: "manager@example.com" }, 409],
      ];
      for (const [json, status] of cases) {
        const res = await call(manager, "POST", "/api/v1/users/new", json);
        assert.equal(res.status, status, JSON.stringify(json));
        await jsonOf(res);
      }
      const none = await ctx.sql`select 1 from users where login like 'a_'`;
      assert.equal(none.length, 0);
    });

    await t.step("a super administrator creates in any channel, and names super administrators", async () => {
      const tvUser = await call(admin, "POST", "/api/v1/users/new", {
        login: "tvnew",
        email: "tvnew@example.com",
        channel_id: tv,
        role: "administrator",
      });
      assert.equal(tvUser.status, 201);
      const { id } = await jsonOf(tvUser);
      const [row] = await ctx.sql`select channel_id, role from users where id = ${id}`;
      assert.deepEqual({ ...row }, { channel_id: tv, role: "administrator" });
      const noChannel = await call(admin, "POST", "/api/v1/users/new", {
        login: "lost",
        email: "lost@example.com",
      });
      assert.equal(noChannel.status, 400);
      assert.equal((await jsonOf(noChannel)).message, "Choose a media for this account.");
      const sup = await call(admin, "POST", "/api/v1/users/new", {
        login: "boss2",
        email: "boss2@example.com",
        role: "super_administrator",
      });
      assert.equal(sup.status, 201);
      const unknown = await call(admin, "POST", "/api/v1/users/new", {
        login: "x9",
        email: "x9@example.com",
        channel_id: 99999,
      });
      assert.equal(unknown.status, 422);
      await jsonOf(unknown);
    });

    await t.step(
      "super admin mode lists every account; switching company scopes the list and the header",
      async () => {
        const all = await jsonOf(await call(admin, "GET", "/api/v1/users"));
        assert.ok(all.some((u: { login: string }) => u.login === "tvboss"));
        assert.ok(all.some((u: { login: string }) => u.login === "manager"));
        const sw = await call(admin, "PUT", `/api/v1/user/${ids.admin}`, { channel_id: tv });
        assert.equal(sw.status, 200);
        assert.equal((await jsonOf(sw)).channel_id, tv);
        const tvList = await jsonOf(await call(admin, "GET", "/api/v1/users"));
        assert.ok(tvList.every((u: { channel_id: number }) => u.channel_id === tv));
        const current = await jsonOf(await call(admin, "GET", "/api/v1/users/current"));
        assert.equal(current.admin_mode, false);
        // the TV administrator does not see the visiting super administrator
        const tvBoss = await token("tvboss");
        const seen = await jsonOf(await call(tvBoss, "GET", "/api/v1/users"));
        assert.equal(seen.some((u: { login: string }) => u.login === "admin"), false);
        const peek = await call(tvBoss, "GET", `/api/v1/user/${ids.admin}`);
        assert.equal(peek.status, 404);
        await jsonOf(peek);
        const back = await call(admin, "PUT", `/api/v1/user/${ids.admin}`, { channel_id: null });
        assert.equal((await jsonOf(back)).channel_id, null);
        const bad = await call(admin, "PUT", `/api/v1/user/${ids.admin}`, { channel_id: 99999 });
        assert.equal(bad.status, 422);
        assert.equal((await jsonOf(bad)).message, "This media does not exist.");
      },
    );

    await t.step("a super administrator moves a user; an operator never goes without a channel", async () => {
      const move = await call(admin, "PUT", `/api/v1/user/${ids.tvop}`, { channel_id: radio });
      assert.equal(move.status, 200);
      assert.equal((await jsonOf(move)).channel_id, radio);
      const none = await call(admin, "PUT", `/api/v1/user/${ids.tvop}`, { channel_id: null });
      assert.equal(none.status, 400);
      assert.equal((await jsonOf(none)).code, "channel_required");
      const selfRole = await call(admin, "PUT", `/api/v1/user/${ids.admin}`, { role: "operator" });
      assert.equal(selfRole.status, 403);
      await jsonOf(selfRole);
    });

    await t.step("avatar: png/jpg by content, 10 MB, replaced and deleted with its file", async () => {
      const path = `/api/v1/user/${ids.operator}/image`;
      const text = await call(
        operator,
        "POST",
        path,
        undefined,
        imageForm(new TextEncoder().encode("<svg/>"), "a.png"),
      );
      assert.equal(text.status, 415);
      assert.equal((await jsonOf(text)).message, "Only PNG or JPG images are accepted.");
      const big = new Uint8Array(10 * 1024 * 1024 + 1);
      big.set(PNG);
      const tooBig = await call(operator, "POST", path, undefined, imageForm(big));
      assert.equal(tooBig.status, 413);
      await jsonOf(tooBig);
      const ok = await call(operator, "POST", path, undefined, imageForm(PNG, "x.jpg"));
      assert.equal(ok.status, 200);
      const first = (await jsonOf(ok)).image_url;
      assert.match(first, /^\/media\/users\/\d+\/avatar-[\w-]+\.png$/);
      const served = await ctx.request(first);
      assert.equal(served.status, 200);
      assert.equal(served.headers.get("content-type"), "image/png");
      await served.body?.cancel();
      // the administrator of the channel may change it too; the old file goes away
      const jpg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 1]);
      const second = (await jsonOf(await call(manager, "POST", path, undefined, imageForm(jpg)))).image_url;
      assert.match(second, /\.jpg$/);
      assert.equal((await ctx.request(first)).status, 404);
      const del = await call(operator, "DELETE", path);
      assert.equal(del.status, 200);
      assert.equal((await jsonOf(del)).image_url, null);
      assert.equal((await ctx.request(second)).status, 404);
    });

    await t.step("cookie writes from another site are refused; from this site they pass", async () => {
      const cookie = `im_session=${manager}`;
      const evil = await ctx.request(`/api/v1/user/${ids.manager}`, {
        method: "PUT",
        json: { first_name: "Evil" },
        headers: { cookie, origin: "https://evil.example", ...EN },
      });
      assert.equal(evil.status, 403);
      assert.equal((await jsonOf(evil)).message, "Request refused: it does not come from this site.");
      const noOrigin = await ctx.request("/api/v1/logout", { method: "POST", headers: { cookie } });
      assert.equal(noOrigin.status, 403);
      await jsonOf(noOrigin);
      const ours = await ctx.request(`/api/v1/user/${ids.manager}`, {
        method: "PUT",
        json: { first_name: "Sophie" },
        headers: { cookie, origin: "http://localhost" },
      });
      assert.equal(ours.status, 200);
      await jsonOf(ours);
      const [row] = await ctx.sql`select first_name from users where id = ${ids.manager}`;
      assert.equal(row.first_name, "Sophie");
    });
  } finally {
    await ctx.close();
  }
});

Deno.test("channels API - isolation on the channel endpoints the other tests leave out", async (t) => {
  const ctx = await testApp({ demoPassword: PASSWORD });
  try {
    const [radio, tv] = (await ctx.sql<{ id: number }[]>`select id from channels order by id`).map((r) =>
      r.id
    );
    const { ids } = await demoStaff(ctx);
    const manager = await openSession(ctx.deps.sql, ctx.deps.jwtSecret, ids.manager, "staff");
    const operator = await openSession(ctx.deps.sql, ctx.deps.jwtSecret, ids.operator, "staff");
    const visitor = await openSession(ctx.deps.sql, ctx.deps.jwtSecret, ids.admin, "visitor");

    await t.step("a visitor token opens no channel endpoint", async () => {
      for (
        const [method, path] of [["GET", "/api/v1/channels"], ["GET", `/api/v1/channels/${radio}`], [
          "PUT",
          `/api/v1/channels/${radio}`,
        ], ["POST", "/api/v1/channels"]]
      ) {
        const res = await ctx.request(path, {
          method,
          token: visitor,
          json: method === "GET" ? undefined : { label: "X" },
        });
        assert.equal(res.status, 401, `${method} ${path}`);
        await jsonOf(res);
      }
    });

    await t.step("the manager of the radio cannot touch the TV background or monetisation", async () => {
      for (
        const [method, path, body] of [
          ["POST", `/api/v1/channels/${tv}/background`, imageForm(PNG)],
          ["DELETE", `/api/v1/channels/${tv}/background`, undefined],
          ["GET", `/api/v1/channels/${tv}/monetisation`, undefined],
        ] as const
      ) {
        const res = await ctx.request(path, { method, token: manager, body });
        assert.equal(res.status, 404, `${method} ${path}`);
        await jsonOf(res);
      }
    });

    await t.step("an operator cannot change its own channel's images or create a channel", async () => {
      for (
        const [method, path, init] of [
          ["POST", `/api/v1/channels/${radio}/logo`, { body: imageForm(PNG) }],
          ["DELETE", `/api/v1/channels/${radio}/logo`, {}],
          ["POST", `/api/v1/channels/${radio}/background`, { body: imageForm(PNG) }],
          ["DELETE", `/api/v1/channels/${radio}/background`, {}],
          ["POST", "/api/v1/channels", { json: { label: "Mine" } }],
          ["GET", "/api/v1/channels", {}],
        ] as const
      ) {
        const res = await ctx.request(path, { method, token: operator, ...init });
        assert.equal(res.status, 403, `${method} ${path}`);
        await jsonOf(res);
      }
      const [row] = await ctx.sql`select logo_url from channels where id = ${radio}`;
      assert.equal(row.logo_url, null);
    });

    await t.step("cookie writes to a channel from another site are refused", async () => {
      const res = await ctx.request(`/api/v1/channels/${radio}`, {
        method: "PUT",
        json: { label: "Evil" },
        headers: { cookie: `im_session=${manager}`, origin: "https://evil.example" },
      });
      assert.equal(res.status, 403);
      assert.equal((await jsonOf(res)).code, "cross_origin");
    });
  } finally {
    await ctx.close();
  }
});

Deno.test("accounts mail - a real SMTP server receives the confirmation in the user's language", async () => {
  const received: { to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Uint8Array[] = [];
      stream.on("data", (c: Uint8Array) => chunks.push(c));
      stream.on("end", () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: new TextDecoder().decode(new Uint8Array(chunks.flatMap((c) => [...c]))),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as { port: number }).port;
  const ctx = await testApp({ env: { PUBLIC_URL: "https://im.example.org" } });
  try {
    ctx.deps.mailer = await smtpMailer(
      `smtp://127.0.0.1:${port}`,
      "Interaction Manager <no-reply@im.example.org>",
    );
    const res = await ctx.request("/api/v1/register", {
      method: "POST",
      json: {
        login: "lucie",
        email: "lucie@example.fr",
        phone: "+33612345678",
        password: "Motdepasse-1",
        first_name: "Lucie",
        last_name: "Martin",
        language: "fr",
      },
    });
    assert.equal(res.status, 201);
    await jsonOf(res);
    assert.equal(received.length, 1);
    const [mail] = received;
    assert.deepEqual(mail.to, ["lucie@example.fr"]);
    assert.match(mail.raw, /^From: Interaction Manager <no-reply@im\.example\.org>/m);
    assert.match(mail.raw, /^Subject: Confirmez votre compte Interaction Manager/m);
    const unfolded = mail.raw.replace(/=\r?\n/g, "");
    assert.match(unfolded, /https:\/\/im\.example\.org\/confirm\/[\w-]+/);
    assert.match(unfolded, /Bonjour Lucie Martin/);
    // no copy went to the outbox
    assert.equal((await ctx.sql`select count(*)::int as n from outbox`)[0].n, 0);

    // an SMTP failure is a clear 503, not a crash
    ctx.deps.mailer = await smtpMailer("smtp://127.0.0.1:1", "x <x@example.org>");
    const down = await ctx.request("/api/v1/users/resend", {
      method: "POST",
      json: { email: "lucie@example.fr" },
      headers: EN,
    });
    assert.equal(down.status, 503);
    assert.equal((await jsonOf(down)).code, "mail_unavailable");
  } finally {
    await ctx.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
