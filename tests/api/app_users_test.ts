import assert from "node:assert/strict";
import { testApp } from "../_helpers.ts";
import { call, expectError, jsonOf } from "./_visitors.ts";
import { openSession } from "../../lib/platform/sessions.ts";

const FULL = {
  email: "New.Listener@Example.com",
  password: "long-enough",
  nickname: "NewListener",
  phone: "+336 123 45678",
  language: "en",
  channel_id: null as number | null,
  udid: "device-1",
};

Deno.test("app users API - registration, availability and login", async (t) => {
  const ctx = await testApp();
  try {
    let token = "";
    let userId = 0;

    await t.step("register: 201 with the user (id) and an access_token, never a password hash", async () => {
      const res = await call(ctx, "/api/v1/app_users", { method: "POST", json: FULL });
      assert.equal(res.status, 201);
      const body = await jsonOf(res);
      assert.ok(body.id > 0);
      assert.equal(typeof body.access_token, "string");
      assert.equal(body.email, "new.listener@example.com");
      assert.equal(body.nickname, "NewListener");
      assert.equal(body.phone, "+336 123 45678");
      assert.equal(body.language, "en");
      assert.equal(body.udid, "device-1");
      assert.equal(body.is_anonymous, false);
      assert.equal(body.points, 0);
      assert.equal(body.level, "BEGINNER");
      assert.equal("password_hash" in body, false);
      token = body.access_token;
      userId = body.id;
      const [row] = await ctx.sql`select password_hash from app_users where id = ${userId}`;
      assert.match(row.password_hash, /^\$argon2id\$/);
    });

    await t.step("the token is a visitor token: GET me gives the user", async () => {
      const res = await call(ctx, "/api/v1/app_users/me", { token });
      assert.equal(res.status, 200);
      assert.equal((await jsonOf(res)).id, userId);
    });

    await t.step("register: each rule of §5 answers its message and creates nothing", async () => {
      const cases: [Record<string, unknown>, number, string, string?][] = [
        [{ email: "not-an-email" }, 400, "email_invalid", "The email address is not valid."],
        [{ email: "" }, 400, "email_invalid", "The email address is not valid."],
        [{ email: null }, 400, "email_invalid"],
        [{ password: "1234567" }, 400, "password_too_short", "Password must be at least 8 characters long"],
        [{ password: undefined }, 400, "password_too_short"],
        [{ password: "x".repeat(129) }, 400, "password_too_long"],
        [{ phone: "12-34" }, 400, "phone_invalid", "The phone number is not valid."],
        [{ nickname: "" }, 400, "nickname_required", "Choose a nickname."],
        [{ nickname: undefined }, 400, "nickname_required"],
        [{ nickname: "x" }, 400, "nickname_invalid"],
        [{ nickname: "y".repeat(31) }, 400, "nickname_invalid"],
        [{ nickname: "bad\u0001name" }, 400, "nickname_invalid"],
        [{ language: "de" }, 400, "language_invalid"],
        [{ channel_id: 999999 }, 400, "channel_unknown"],
        [{ channel_id: "abc" }, 400, "validation"],
        [{ channel_id: -1 }, 400, "validation"],
        [{ email: "NEW.LISTENER@example.com", nickname: "Other1" }, 409, "email_taken"],
        [{ email: "other@example.com", nickname: "newlistener" }, 409, "nickname_taken"],
      ];
      const before = (await ctx.sql`select count(*)::int as n from app_users`)[0].n;
      for (const [change, status, code, message] of cases) {
        const res = await call(ctx, "/api/v1/app_users", {
          method: "POST",
          json: { ...FULL, email: "fresh@example.com", nickname: "Fresh", ...change },
        });
        const body = await expectError(res, status, code, message);
        assert.ok(body.fields, `${code} names its field`);
      }
      assert.equal((await ctx.sql`select count(*)::int as n from app_users`)[0].n, before);
    });

    await t.step("register: the phone is optional; a wrong type is a 400", async () => {
      const res = await call(ctx, "/api/v1/app_users", {
        method: "POST",
        json: { email: "nophone@example.com", password: "12345678", nickname: "NoPhone" },
      });
      assert.equal(res.status, 201);
      const body = await jsonOf(res);
      assert.equal(body.phone, null);
      assert.equal(body.language, "fr");
      const [{ id: channelId }] = await ctx.sql`insert into channels (label) values ('Other') returning id`;
      const withChannel = await call(ctx, "/api/v1/app_users", {
        method: "POST",
        json: {
          email: "chan@example.com",
          password: "12345678",
          nickname: "Chan",
          channel_id: String(channelId),
        },
      });
      assert.equal(withChannel.status, 201);
      assert.equal((await jsonOf(withChannel)).channel_id, channelId);
      const bad = await call(ctx, "/api/v1/app_users", {
        method: "POST",
        json: { ...FULL, is_anonymous: "yes" },
      });
      await expectError(bad, 400, "validation");
    });

    await t.step(
      "anonymous: a pseudonym only, even one a registered user has; email and password dropped",
      async () => {
        const res = await call(ctx, "/api/v1/app_users", {
          method: "POST",
          json: {
            is_anonymous: true,
            nickname: "NewListener",
            email: "x@y.z",
            password: "12345678",
            language: "pt",
          },
        });
        assert.equal(res.status, 201);
        const body = await jsonOf(res);
        assert.equal(body.is_anonymous, true);
        assert.equal(body.nickname, "NewListener");
        assert.equal(body.email, null);
        assert.equal(body.level, null);
        assert.ok(body.access_token);
        const [row] = await ctx.sql`select email, password_hash, phone from app_users where id = ${body.id}`;
        assert.deepEqual({ ...row }, { email: null, password_hash: null, phone: null });
        // the same pseudonym twice is fine for anonymous users
        const again = await call(ctx, "/api/v1/app_users", {
          method: "POST",
          json: { is_anonymous: true, nickname: "NewListener" },
        });
        assert.equal(again.status, 201);
        const none = await call(ctx, "/api/v1/app_users", { method: "POST", json: { is_anonymous: true } });
        await expectError(none, 400, "nickname_required");
      },
    );

    await t.step(
      "anonymous: the same device and pseudonym get the same user back (200), a new pseudonym a new one",
      async () => {
        const first = await call(ctx, "/api/v1/app_users", {
          method: "POST",
          json: { is_anonymous: true, nickname: "Echo", udid: "device-echo" },
        });
        assert.equal(first.status, 201);
        const a = await jsonOf(first);
        const again = await call(ctx, "/api/v1/app_users", {
          method: "POST",
          json: { is_anonymous: true, nickname: "ECHO", udid: "device-echo" },
        });
        assert.equal(again.status, 200);
        const b = await jsonOf(again);
        assert.equal(b.id, a.id);
        assert.ok(b.access_token);
        const other = await call(ctx, "/api/v1/app_users", {
          method: "POST",
          json: { is_anonymous: true, nickname: "Echo2", udid: "device-echo" },
        });
        assert.equal(other.status, 201);
        assert.notEqual((await jsonOf(other)).id, a.id);
      },
    );

    await t.step("email availability: OK as text when free, 409 when taken, 400 when malformed", async () => {
      const free = await call(ctx, "/api/v1/app_users/email/someone.else%40example.com");
      assert.equal(free.status, 200);
      assert.match(free.headers.get("content-type")!, /text\/plain/);
      assert.equal(await free.text(), "OK");
      await expectError(
        await call(ctx, "/api/v1/app_users/email/NEW.listener%40example.com"),
        409,
        "email_taken",
        "Email already taken",
      );
      await expectError(
        await call(ctx, "/api/v1/app_users/email/nope"),
        400,
        "email_invalid",
        "The email address is not valid.",
      );
      // the email of an anonymous user never counts (they have none) and one's own email is free for oneself
      const own = await call(ctx, "/api/v1/app_users/email/new.listener%40example.com", { token });
      assert.equal(own.status, 200);
      assert.equal(await own.text(), "OK");
    });

    await t.step(
      "nickname availability: OK when free (anonymous pseudonyms do not count), 409 taken",
      async () => {
        await call(ctx, "/api/v1/app_users", {
          method: "POST",
          json: { is_anonymous: true, nickname: "Ghosty" },
        });
        const free = await call(ctx, "/api/v1/app_users/nickname/Ghosty");
        assert.equal(free.status, 200);
        assert.equal(await free.text(), "OK");
        await expectError(await call(ctx, "/api/v1/app_users/nickname/NEWLISTENER"), 409, "nickname_taken");
        await expectError(await call(ctx, "/api/v1/app_users/nickname/x"), 400, "nickname_invalid");
        const own = await call(ctx, "/api/v1/app_users/nickname/NewListener", { token });
        assert.equal(await own.text(), "OK");
      },
    );

    await t.step("login: user and access_token; email without case", async () => {
      const res = await call(ctx, "/api/v1/app_users/login", {
        method: "POST",
        json: { email: "NEW.listener@example.com", password: "long-enough" },
      });
      assert.equal(res.status, 200);
      const body = await jsonOf(res);
      assert.equal(body.id, userId);
      assert.ok(body.access_token);
      assert.equal("password_hash" in body, false);
    });

    await t.step("login: wrong password and unknown email give the same 401 with a message", async () => {
      const wrong = await call(ctx, "/api/v1/app_users/login", {
        method: "POST",
        json: { email: "new.listener@example.com", password: "wrong-password" },
      }, "10.0.0.2");
      const unknown = await call(ctx, "/api/v1/app_users/login", {
        method: "POST",
        json: { email: "nobody@example.com", password: "wrong-password" },
      }, "10.0.0.2");
      const a = await expectError(wrong, 401, "invalid_credentials", "Invalid login or password");
      const b = await expectError(unknown, 401, "invalid_credentials");
      assert.deepEqual(a, b);
      const missing = await call(ctx, "/api/v1/app_users/login", {
        method: "POST",
        json: { email: "a@b.c" },
      });
      await expectError(missing, 400, "validation");
    });

    await t.step(
      "login: failures slowed per (email, address) from the 5th, and per address from the 50th",
      async () => {
        const frozen = new Date();
        ctx.deps.now = () => frozen; // the first delay (1 s) must not run out during the step
        for (let i = 0; i < 5; i++) {
          const res = await call(ctx, "/api/v1/app_users/login", {
            method: "POST",
            json: { email: "target@example.com", password: "guess-" + i },
          }, "10.1.0.1");
          assert.equal(res.status, 401);
        }
        const blocked = await call(ctx, "/api/v1/app_users/login", {
          method: "POST",
          json: { email: "target@example.com", password: "guess" },
        }, "10.1.0.1");
        assert.match(blocked.headers.get("retry-after") ?? "", /^\d+$/);
        const body = await expectError(blocked, 429, "rate_limited");
        // the wait in the message is the header's, in the right plural form ("1 second", "4 seconds")
        const seconds = Number(blocked.headers.get("retry-after"));
        assert.equal(
          body.message,
          `Too many attempts. Try again in ${seconds} second${seconds === 1 ? "" : "s"}.`,
        );
        // the same e-mail from another address is not slowed
        const elsewhere = await call(ctx, "/api/v1/app_users/login", {
          method: "POST",
          json: { email: "target@example.com", password: "guess" },
        }, "10.1.1.1");
        await expectError(elsewhere, 401, "invalid_credentials");
        for (let i = 0; i < 50; i++) {
          const res = await call(ctx, "/api/v1/app_users/login", {
            method: "POST",
            json: { email: `spray${i}@example.com`, password: "guess" },
          }, "10.2.0.1");
          await res.body?.cancel();
        }
        const sprayed = await call(ctx, "/api/v1/app_users/login", {
          method: "POST",
          json: { email: "new.listener@example.com", password: "long-enough" },
        }, "10.2.0.1");
        await expectError(sprayed, 429, "rate_limited");
        ctx.deps.now = undefined;
      },
    );

    await t.step("register: rate-limited per address (30 full, 300 anonymous per hour)", async () => {
      for (let i = 0; i < 30; i++) {
        const res = await call(
          ctx,
          "/api/v1/app_users",
          { method: "POST", json: { email: "bad" } },
          "10.3.0.1",
        );
        assert.equal(res.status, 400);
      }
      const blocked = await call(ctx, "/api/v1/app_users", { method: "POST", json: FULL }, "10.3.0.1");
      await expectError(blocked, 429, "rate_limited");
      // anonymous sends have their own, larger budget
      const anonymous = await call(ctx, "/api/v1/app_users", {
        method: "POST",
        json: { is_anonymous: true, nickname: "StillOk" },
      }, "10.3.0.1");
      assert.equal(anonymous.status, 201);
    });

    await t.step("tokens: staff and visitor tokens are not interchangeable", async () => {
      const [staff] = await ctx.sql<{ id: number }[]>`
        insert into users (login, email, role) values ('boss', 'boss@example.com', 'super_administrator')
        returning id`;
      const staffToken = await openSession(ctx.deps.sql, ctx.deps.jwtSecret, staff.id, "staff");
      await expectError(await call(ctx, "/api/v1/app_users/me", { token: staffToken }), 401, "unauthorized");
      await expectError(await call(ctx, "/api/v1/app_users/me"), 401, "unauthorized");
      await expectError(await call(ctx, "/api/v1/channels", { token }), 401, "unauthorized");
      // a visitor token whose id is a staff id gives nothing of staff
      const forged = await openSession(ctx.deps.sql, ctx.deps.jwtSecret, staff.id, "visitor");
      const res = await call(ctx, "/api/v1/channels", { token: forged });
      assert.equal(res.status, 401);
      // a token that outlived its user: 401 everywhere
      const gone = await call(ctx, "/api/v1/app_users", {
        method: "POST",
        json: { email: "gone@example.com", password: "password-1", nickname: "Gone" },
      });
      const { id, access_token } = await jsonOf(gone);
      await ctx.sql`delete from app_users where id = ${id}`;
      await expectError(
        await call(ctx, "/api/v1/app_users/me", { token: access_token }),
        401,
        "unauthorized",
      );
      await expectError(
        await call(ctx, `/api/v1/app_users/${id}`, {
          method: "PUT",
          json: { city: "x" },
          token: access_token,
        }),
        401,
        "unauthorized",
      );
      await expectError(
        await call(ctx, "/api/v1/ranking/user", { token: access_token }),
        401,
        "unauthorized",
      );
      // a tampered token is no token
      await expectError(
        await call(ctx, "/api/v1/app_users/me", { token: token.slice(0, -2) + "xx" }),
        401,
        "unauthorized",
      );
    });

    await t.step("the API reference page renders with the visitor paths", async () => {
      const res = await call(ctx, "/api/docs");
      assert.equal(res.status, 200);
      assert.match(await res.text(), /app_users/);
    });

    await t.step("the OpenAPI document lists the visitor paths", async () => {
      const doc = await jsonOf(await call(ctx, "/api/openapi.json"));
      for (
        const path of [
          "/api/v1/app_users",
          "/api/v1/app_users/login",
          "/api/v1/app_users/me",
          "/api/v1/app_users/{id}",
          "/api/v1/app_users/{id}/avatar",
          "/api/v1/app_users/{id}/messages",
          "/api/v1/app_users/email/{email}",
          "/api/v1/app_users/nickname/{nickname}",
          "/api/v1/app_users/forgot_password",
          "/api/v1/app_users/reset_password",
          "/api/v1/ranking",
          "/api/v1/ranking/user",
        ]
      ) assert.ok(doc.paths[path], path);
    });
  } finally {
    await ctx.close();
  }
});
