// Attack scripts on logins: correct logins never lock an account, an attacker failing from
// one address cannot lock the owner out at another, and every 429 says when to come back.
import assert from "node:assert/strict";
import { type TestApp, testApp } from "../_helpers.ts";
import { LOGIN_THROTTLE, loginDelaySeconds } from "../../lib/platform/login_throttle.ts";

const PASSWORD = "Demo-Password-1!";

function from(ctx: TestApp, ip: string, path: string, json: unknown) {
  return ctx.request(path, {
    method: "POST",
    json,
    headers: { "x-forwarded-for": ip, "accept-language": "pl" },
  });
}

Deno.test("login throttle - delays grow from the 5th failure, doubling, up to 15 min", () => {
  const delays = [0, 1, 2, 3, 4, 5, 6, 7, 14, 15, 100].map((n) => loginDelaySeconds(n));
  assert.deepEqual(delays, [0, 0, 0, 0, 0, 1, 2, 4, 512, 900, 900]);
  assert.equal(loginDelaySeconds(49, LOGIN_THROTTLE.address), 0);
  assert.equal(loginDelaySeconds(50, LOGIN_THROTTLE.address), 1);
  assert.equal(loginDelaySeconds(19, LOGIN_THROTTLE.email), 0);
  assert.equal(loginDelaySeconds(20, LOGIN_THROTTLE.email), 1);
});

Deno.test("login throttle - guesses spread over many addresses are slowed, the owner still gets in", async (t) => {
  const ctx = await testApp({ demoPassword: PASSWORD });
  try {
    const frozen = new Date();
    ctx.deps.now = () => frozen;
    const account = { email: "manager@example.com", password: PASSWORD };
    const statuses: number[][] = [];

    await t.step(
      "30 addresses try 3 wrong passwords each: past the e-mail's 20 failures, 1 each",
      async () => {
        for (let a = 0; a < 30; a++) {
          const row: number[] = [];
          for (let i = 0; i < 3; i++) {
            const res = await from(ctx, `198.51.${100 + (a >> 4)}.${a + 1}`, "/api/v1/auth", {
              email: account.email,
              password: `wrong-${a}-${i}`,
            });
            row.push(res.status);
            await res.body?.cancel();
          }
          statuses.push(row);
        }
        const failures = statuses.flat().filter((s) => s === 401).length;
        assert.ok(failures <= LOGIN_THROTTLE.email.freeFailures + 30, `${failures} guesses heard`);
        assert.deepEqual(statuses[29], [401, 429, 429], "a late address: one guess, then it waits");
      },
    );

    await t.step("an address that failed waits even with the right password", async () => {
      const res = await from(ctx, "198.51.101.30", "/api/v1/auth", account);
      assert.equal(res.status, 429);
      assert.ok(Number(res.headers.get("retry-after")) >= 1);
      await res.body?.cancel();
    });

    await t.step("the owner at an address with no failure logs in at once", async () => {
      const res = await from(ctx, "203.0.113.9", "/api/v1/auth", account);
      assert.equal(res.status, 200);
      await res.body?.cancel();
    });

    await t.step("another account is not slowed", async () => {
      const res = await from(ctx, "198.51.101.30", "/api/v1/auth", {
        email: "operator@example.com",
        password: PASSWORD,
      });
      assert.equal(res.status, 200);
      await res.body?.cancel();
    });
  } finally {
    await ctx.close();
  }
});

for (
  const [label, path, account] of [
    ["staff", "/api/v1/auth", { email: "manager@example.com", password: PASSWORD }],
    ["listener", "/api/v1/app_users/login", { email: "listener@example.org", password: "listen-123" }],
  ] as const
) {
  Deno.test(`login throttle - ${label}: no lock-out by successes or from another address`, async (t) => {
    const ctx = await testApp({ demoPassword: PASSWORD });
    try {
      if (label === "listener") {
        const res = await ctx.request("/api/v1/app_users", {
          method: "POST",
          json: { email: account.email, password: account.password, nickname: "Throttled" },
        });
        assert.equal(res.status, 201);
        await res.body?.cancel();
      }
      const frozen = new Date();
      ctx.deps.now = () => frozen; // delays must not run out while the script runs

      await t.step("ten correct logins in a row all succeed", async () => {
        for (let i = 0; i < 10; i++) {
          const res = await from(ctx, "192.0.2.1", path, account);
          assert.equal(res.status, 200, `login ${i + 1}`);
          await res.body?.cancel();
        }
      });

      await t.step("an attacker at address A fails 30 times; A is slowed, with Retry-After", async () => {
        const statuses: number[] = [];
        for (let i = 0; i < 30; i++) {
          const res = await from(ctx, "198.51.100.7", path, { email: account.email, password: `wrong-${i}` });
          statuses.push(res.status);
          if (res.status === 429) {
            const wait = Number(res.headers.get("retry-after"));
            assert.ok(Number.isInteger(wait) && wait >= 1, `Retry-After ${res.headers.get("retry-after")}`);
            const body = await res.json();
            assert.equal(body.code, "rate_limited");
            assert.match(body.message, new RegExp(`${wait}`), "the message tells the wait (in Polish here)");
            assert.match(body.message, /Zbyt wiele prób/);
          } else await res.body?.cancel();
        }
        assert.deepEqual(statuses.slice(0, 5), [401, 401, 401, 401, 401]);
        assert.ok(statuses.slice(5).every((s) => s === 429), statuses.join(","));
        // even the right password waits at A
        const right = await from(ctx, "198.51.100.7", path, account);
        assert.equal(right.status, 429);
        await right.body?.cancel();
      });

      await t.step("the owner at address B logs in at once", async () => {
        const res = await from(ctx, "203.0.113.9", path, account);
        assert.equal(res.status, 200);
        await res.body?.cancel();
      });

      await t.step("once the delay is over a success clears the pair", async () => {
        const later = new Date(frozen.getTime() + 60_000);
        ctx.deps.now = () => later;
        const res = await from(ctx, "198.51.100.7", path, account);
        assert.equal(res.status, 200);
        await res.body?.cancel();
        const fail = await from(ctx, "198.51.100.7", path, { email: account.email, password: "wrong" });
        assert.equal(fail.status, 401, "counting starts again from zero");
        await fail.body?.cancel();
      });
    } finally {
      await ctx.close();
    }
  });
}

Deno.test("login throttle - every 429 of the app carries Retry-After", async () => {
  const ctx = await testApp();
  try {
    // a fixed-window limit (registrations per address) answers 429 with the seconds left
    let last: Response | null = null;
    for (let i = 0; i < 12; i++) {
      last = await ctx.request("/api/v1/register", {
        method: "POST",
        headers: { "x-forwarded-for": "192.0.2.50" },
        json: {
          login: `user${i}`,
          email: `user${i}@example.org`,
          phone: "+33612345678",
          password: "Secret-123",
          first_name: "A",
          last_name: "B",
        },
      });
      if (last.status === 429) break;
      await last.body?.cancel();
    }
    assert.equal(last!.status, 429);
    const wait = Number(last!.headers.get("retry-after"));
    assert.ok(wait >= 1 && wait <= 3600, String(wait));
    const body = await last!.json();
    assert.equal(body.code, "rate_limited");
  } finally {
    await ctx.close();
  }
});
