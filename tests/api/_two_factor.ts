// Two-factor sign-in as staff's authenticator app plays it: the code it shows, and an enrolment from the profile.
import assert from "node:assert/strict";
import { Secret, TOTP } from "otpauth";
import type { TestApp } from "../_helpers.ts";
import { jsonOf } from "../_fixtures.ts";

/** The code an authenticator app with this secret shows at `at`. */
export const codeAt = (secret: string, at: Date) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at.getTime() });

/** A POST of `json`, as `token`'s account if given, from the address `ip`. */
export function post(ctx: TestApp, path: string, json: unknown, token?: string, ip = "203.0.113.5") {
  return ctx.request(path, { method: "POST", json, token, headers: { "x-forwarded-for": ip } });
}

/**
 * Enrols an authenticator app from the profile of `token`'s account, the server's clock at `at`; returns
 * its secret and recovery codes.
 */
export async function enrol(ctx: TestApp, token: string, at: Date) {
  const clock = ctx.deps.now;
  ctx.deps.now = () => at;
  try {
    const started = await jsonOf(await post(ctx, "/api/v1/two-factor/enrol", {}, token));
    const confirmed = await post(
      ctx,
      "/api/v1/two-factor/confirm",
      { code: codeAt(started.secret, at) },
      token,
    );
    assert.equal(confirmed.status, 200);
    return {
      secret: started.secret as string,
      recovery: (await jsonOf(confirmed)).recovery_codes as string[],
    };
  } finally {
    ctx.deps.now = clock;
  }
}
