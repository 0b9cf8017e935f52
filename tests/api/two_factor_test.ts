// Two-factor sign-in for staff: enrolment from the profile, the second step after the password (a ticket,
// not a session), codes used once, a phone clock one step off, recovery codes, the channel's and the
// platform's requirement, and an administrator's reset of a lost factor.
import assert from "node:assert/strict";
import { demoStaff, type TestApp, testApp } from "../_helpers.ts";
import { jsonOf } from "../_fixtures.ts";
import { RECOVERY_CODE_COUNT, TOTP_ISSUER } from "../../lib/rules/two_factor.ts";
import { codeAt, enrol, post } from "./_two_factor.ts";

const PASSWORD = "Demo-Password-1!";
const STEP_MS = 30_000;

async function passwordStep(ctx: TestApp, email: string, ip?: string) {
  const res = await post(ctx, "/api/v1/auth", { email, password: PASSWORD }, undefined, ip);
  return { res, body: await jsonOf(res) };
}

Deno.test("two-factor - enrolment from the profile: QR code and secret, a right code, ten recovery codes", async () => {
  const ctx = await testApp({ demoPassword: PASSWORD });
  try {
    const now = new Date();
    ctx.deps.now = () => now;
    const staff = await demoStaff(ctx);
    const token = await staff.token("manager");

    const before = await ctx.request("/api/v1/two-factor", { token });
    assert.equal(before.status, 200);
    assert.deepEqual(await jsonOf(before), {
      enrolled: false,
      app: false,
      passkeys: 0,
      required: false,
      recovery_codes_left: 0,
    });

    const started = await post(ctx, "/api/v1/two-factor/enrol", {}, token);
    assert.equal(started.status, 200);
    assert.match(started.headers.get("content-type") ?? "", /json/);
    const { secret, uri, qr_path, qr_size } = await jsonOf(started);
    assert.match(secret, /^[A-Z2-7]{32}$/);
    assert.ok(uri.startsWith("otpauth://totp/"), uri);
    assert.ok(uri.includes(`issuer=${encodeURIComponent(TOTP_ISSUER)}`), uri);
    assert.ok(uri.includes(`secret=${secret}`), uri);
    assert.match(qr_path, /^(M\d+ \d+h1v1h-1z)+$/);
    assert.ok(qr_size >= 21 + 8, "a QR code with its quiet zone");
    const [stored] = await ctx.sql`select secret_enc from staff_totp where user_id = ${staff.ids.manager}`;
    assert.ok(!String(stored.secret_enc).includes(secret), "the secret is stored sealed");

    const wrong = await post(ctx, "/api/v1/two-factor/confirm", { code: "000000" }, token);
    assert.equal(wrong.status, 401);
    assert.equal((await jsonOf(wrong)).code, "invalid_code");
    const noFactorYet = await passwordStep(ctx, "manager@example.com");
    assert.ok(noFactorYet.body.access_token, "an unconfirmed enrolment is not asked at sign-in");

    const confirmed = await post(ctx, "/api/v1/two-factor/confirm", { code: codeAt(secret, now) }, token);
    assert.equal(confirmed.status, 200);
    const { recovery_codes } = await jsonOf(confirmed);
    assert.equal(recovery_codes.length, RECOVERY_CODE_COUNT);
    assert.equal(new Set(recovery_codes).size, RECOVERY_CODE_COUNT);
    for (const code of recovery_codes) assert.match(code, /^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/);
    const hashes = await ctx
      .sql`select code_hash from staff_recovery_codes where user_id = ${staff.ids.manager}`;
    assert.equal(hashes.length, RECOVERY_CODE_COUNT);
    assert.ok(hashes.every((h) => /^[0-9a-f]{64}$/.test(h.code_hash)), "recovery codes are stored hashed");

    const after = await jsonOf(await ctx.request("/api/v1/two-factor", { token }));
    assert.deepEqual(after, {
      enrolled: true,
      app: true,
      passkeys: 0,
      required: false,
      recovery_codes_left: RECOVERY_CODE_COUNT,
    });
    const again = await post(ctx, "/api/v1/two-factor/enrol", {}, token);
    assert.equal(again.status, 409, "an enrolled factor is not replaced behind the person's back");
    await again.body?.cancel();
  } finally {
    await ctx.close();
  }
});

Deno.test("two-factor - sign-in asks the second step: codes once, one step of clock drift, recovery codes", async (t) => {
  const ctx = await testApp({ demoPassword: PASSWORD });
  try {
    const now = new Date(Math.floor(Date.now() / STEP_MS) * STEP_MS + 10_000);
    ctx.deps.now = () => now;
    const staff = await demoStaff(ctx);
    const { secret, recovery } = await enrol(
      ctx,
      await staff.token("manager"),
      new Date(now.getTime() - 4 * STEP_MS),
    );
    const second = async (code: string) => {
      const { res, body } = await passwordStep(ctx, "manager@example.com");
      assert.equal(res.status, 200);
      assert.equal(body.second_step, "code");
      assert.equal(body.access_token, undefined, "a right password alone opens no session");
      assert.equal(res.headers.get("set-cookie"), null);
      return await post(ctx, "/api/v1/auth/second-step", { ticket: body.ticket, code });
    };

    await t.step("the ticket is not a session", async () => {
      const { body } = await passwordStep(ctx, "manager@example.com");
      const res = await ctx.request("/api/v1/users/current", { token: body.ticket });
      assert.equal(res.status, 401);
      await res.body?.cancel();
    });

    await t.step("a code of the phone one step behind is accepted, and opens a session", async () => {
      const res = await second(codeAt(secret, new Date(now.getTime() - STEP_MS)));
      assert.equal(res.status, 200);
      const body = await jsonOf(res);
      assert.ok(body.access_token);
      assert.match(res.headers.get("set-cookie") ?? "", /im_session=/);
      const me = await ctx.request("/api/v1/users/current", { token: body.access_token });
      assert.equal(me.status, 200);
      await me.body?.cancel();
    });

    await t.step("the same code again, within its window, is refused", async () => {
      const res = await second(codeAt(secret, new Date(now.getTime() - STEP_MS)));
      assert.equal(res.status, 401);
      assert.equal((await jsonOf(res)).code, "code_used");
    });

    await t.step("codes two steps away are refused; the current one and one ahead pass", async () => {
      for (const offset of [-2, 2]) {
        const res = await second(codeAt(secret, new Date(now.getTime() + offset * STEP_MS)));
        assert.equal(res.status, 401, `offset ${offset}`);
        assert.equal((await jsonOf(res)).code, "invalid_code");
      }
      for (const offset of [0, 1]) {
        const res = await second(codeAt(secret, new Date(now.getTime() + offset * STEP_MS)));
        assert.equal(res.status, 200, `offset ${offset}`);
        await res.body?.cancel();
      }
    });

    await t.step("a recovery code (typed in lower case) signs in once", async () => {
      const first = await second(` ${recovery[3].toLowerCase()} `);
      assert.equal(first.status, 200);
      await first.body?.cancel();
      const reused = await second(recovery[3]);
      assert.equal(reused.status, 401);
      assert.equal((await jsonOf(reused)).code, "invalid_code");
      const status = await jsonOf(
        await ctx.request("/api/v1/two-factor", { token: await staff.token("manager") }),
      );
      assert.equal(status.recovery_codes_left, RECOVERY_CODE_COUNT - 1);
    });

    await t.step("a forged or foreign ticket is refused", async () => {
      const res = await post(ctx, "/api/v1/auth/second-step", {
        ticket: await staff.token("manager"),
        code: codeAt(secret, now),
      });
      assert.equal(res.status, 401);
      assert.equal((await jsonOf(res)).code, "second_step_expired");
    });
  } finally {
    await ctx.close();
  }
});

Deno.test("two-factor - login throttling counts wrong codes with the password's failures", async () => {
  const ctx = await testApp({ demoPassword: PASSWORD });
  try {
    const now = new Date();
    ctx.deps.now = () => now;
    const staff = await demoStaff(ctx);
    const { secret } = await enrol(ctx, await staff.token("manager"), new Date(now.getTime() - 4 * STEP_MS));
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      // a right password each time must not wipe the failures of the codes guessed after it
      const { res, body } = await passwordStep(ctx, "manager@example.com", "198.51.100.7");
      if (res.status === 429) {
        statuses.push(429);
        continue;
      }
      const guess = await post(
        ctx,
        "/api/v1/auth/second-step",
        {
          ticket: body.ticket,
          code: String(100000 + i),
        },
        undefined,
        "198.51.100.7",
      );
      statuses.push(guess.status);
      await guess.body?.cancel();
    }
    assert.deepEqual(statuses, [401, 401, 401, 401, 401, 429, 429]);
    const owner = await passwordStep(ctx, "manager@example.com", "203.0.113.80");
    assert.equal(owner.body.second_step, "code", "the owner elsewhere is not locked out");
    const res = await post(
      ctx,
      "/api/v1/auth/second-step",
      {
        ticket: owner.body.ticket,
        code: codeAt(secret, now),
      },
      undefined,
      "203.0.113.80",
    );
    assert.equal(res.status, 200);
    await res.body?.cancel();
  } finally {
    await ctx.close();
  }
});

Deno.test("two-factor - a channel requires it of administrators: enrolment during sign-in", async () => {
  const ctx = await testApp({ demoPassword: PASSWORD });
  try {
    const now = new Date();
    ctx.deps.now = () => now;
    const staff = await demoStaff(ctx);
    const manager = await staff.token("manager");
    const set = await ctx.request("/api/v1/two-factor/policy", {
      method: "PUT",
      token: manager,
      json: { scope: "channel", policy: "administrators" },
    });
    assert.equal(set.status, 204);
    assert.deepEqual(await jsonOf(await ctx.request("/api/v1/two-factor/policy", { token: manager })), {
      channel: "administrators",
      platform: "none",
    });
    const platform = await ctx.request("/api/v1/two-factor/policy", {
      method: "PUT",
      token: manager,
      json: { scope: "platform", policy: "everyone" },
    });
    assert.equal(platform.status, 403, "only a super administrator sets the platform's");
    await platform.body?.cancel();

    const operator = await passwordStep(ctx, "operator@example.com");
    assert.ok(operator.body.access_token, "an operator is not asked");

    const { body } = await passwordStep(ctx, "manager@example.com");
    assert.equal(body.second_step, "enrol");
    const wrongStep = await post(ctx, "/api/v1/auth/second-step", { ticket: body.ticket, code: "123456" });
    assert.equal(wrongStep.status, 401, "no factor to check before enrolling");
    await wrongStep.body?.cancel();
    const started = await jsonOf(await post(ctx, "/api/v1/auth/second-step/enrol", { ticket: body.ticket }));
    const done = await post(ctx, "/api/v1/auth/second-step", {
      ticket: body.ticket,
      code: codeAt(started.secret, now),
    });
    assert.equal(done.status, 200);
    const session = await jsonOf(done);
    assert.ok(session.access_token);
    assert.equal(session.recovery_codes.length, RECOVERY_CODE_COUNT);

    await t_platform(ctx, staff);
  } finally {
    await ctx.close();
  }
});

/** The super administrator's platform-wide rule is stricter than the channel's: operators are asked too. */
async function t_platform(ctx: TestApp, staff: Awaited<ReturnType<typeof demoStaff>>) {
  const res = await ctx.request("/api/v1/two-factor/policy", {
    method: "PUT",
    token: await staff.token("admin"),
    json: { scope: "platform", policy: "everyone" },
  });
  assert.equal(res.status, 204);
  const operator = await passwordStep(ctx, "operator@example.com");
  assert.equal(operator.body.second_step, "enrol");
  const enrolTicket = await post(ctx, "/api/v1/auth/second-step/enrol", { ticket: "not-a-ticket" });
  assert.equal(enrolTicket.status, 401);
  await enrolTicket.body?.cancel();
}

Deno.test("two-factor - an administrator resets a colleague's lost factor, only in their channel", async () => {
  const ctx = await testApp({ demoPassword: PASSWORD });
  try {
    const now = new Date();
    ctx.deps.now = () => now;
    const staff = await demoStaff(ctx);
    await enrol(ctx, await staff.token("operator"), now);
    const [other] = await ctx.sql<{ id: number }[]>`
      insert into users (login, email, role, channel_id, confirmed_at)
      values ('tvadmin', 'tvadmin@example.com', 'administrator', ${staff.tv}, now()) returning id::int`;
    const { openSession } = await import("../../lib/platform/sessions.ts");
    const otherToken = await openSession(ctx.sql, ctx.deps.jwtSecret, other.id, "staff");
    const reset = (token: string) =>
      ctx.request(`/api/v1/users/${staff.ids.operator}/two-factor`, { method: "DELETE", token });

    const byOperator = await reset(await staff.token("operator"));
    assert.equal(byOperator.status, 403);
    await byOperator.body?.cancel();
    const byOtherChannel = await reset(otherToken);
    assert.equal(byOtherChannel.status, 404);
    await byOtherChannel.body?.cancel();

    const byManager = await reset(await staff.token("manager"));
    assert.equal(byManager.status, 204);
    const signIn = await passwordStep(ctx, "operator@example.com");
    assert.ok(signIn.body.access_token, "after the reset, the password signs in again");
    const twice = await reset(await staff.token("manager"));
    assert.equal(twice.status, 404);
    await twice.body?.cancel();
  } finally {
    await ctx.close();
  }
});
