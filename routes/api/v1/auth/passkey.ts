// The second step of sign-in with a passkey instead of a code: the options for the browser, then its signed
// answer (throttled with the password's failures, like a code); opens the session.
import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { apiApp, errorSchema, json } from "../../../../app/api.ts";
import { clientIp } from "../../../../app/auth.ts";
import { audit } from "../../../../app/audit.ts";
import { landingAfterLogin } from "../../../../lib/accounts/service.ts";
import { secondStepAccount } from "../../../../lib/accounts/two_factor.ts";
import {
  checkPasskey,
  passkeyAuthenticationOptions,
  relyingPartyOf,
} from "../../../../lib/accounts/passkeys.ts";
import { signInActor } from "../../../../lib/audit/service.ts";
import { publicUrl } from "../../../../lib/platform/config.ts";
import { loginKeys, throttledLogin } from "../../../../lib/platform/login_throttle.ts";
import { openSessionAfterSecondStep } from "../../../../app/provider_session.ts";
import { AppError } from "../../../../lib/rules/errors.ts";
import { body } from "../_accounts.ts";

const app = apiApp();
const tags = ["auth"];
const ticket = z.string().max(2000);

app.openapi(
  createRoute({
    method: "post",
    path: "/options",
    tags,
    summary: "Options for the browser to sign the second step with one of the account's passkeys",
    request: body(z.object({ ticket })),
    responses: {
      200: json(z.record(z.string(), z.unknown()), "PublicKeyCredentialRequestOptions"),
      401: json(errorSchema, "An expired ticket"),
      404: json(errorSchema, "The account has no passkey"),
    },
  }),
  async (c) => {
    const user = await secondStepAccount(c.var.sql, c.var.deps.jwtSecret, c.req.valid("json").ticket);
    if (user.step !== "code") throw new AppError(401, "second_step_expired");
    const rp = relyingPartyOf(publicUrl(c.var.deps.config));
    const now = c.var.deps.now?.() ?? new Date();
    // the WebAuthn library types its options as an interface, which the schema's JSON record does not accept
    return c.json(await passkeyAuthenticationOptions(c.var.sql, rp, user.id, now) as never, 200);
  },
);

app.openapi(
  createRoute({
    method: "post",
    path: "/",
    tags,
    summary: "Second step with a passkey: the browser's signed answer and the ticket; opens the session",
    request: body(z.object({ ticket, response: z.object({ id: z.string().max(1000) }).passthrough() })),
    responses: {
      200: json(
        z.object({ access_token: z.string(), redirect: z.string() }),
        "The staff token (also the cookie)",
      ),
      401: json(errorSchema, "A wrong or replayed answer, or an expired ticket"),
      429: json(errorSchema, "Too many failed attempts (Retry-After says how long)"),
    },
  }),
  async (c) => {
    const { ticket, response } = c.req.valid("json");
    const sql = c.var.sql, secret = c.var.deps.jwtSecret;
    const user = await secondStepAccount(sql, secret, ticket);
    if (user.step !== "code") throw new AppError(401, "second_step_expired");
    const now = c.var.deps.now?.() ?? new Date();
    const actor = await signInActor(sql, { id: user.id });
    const rp = relyingPartyOf(publicUrl(c.var.deps.config));
    try {
      await throttledLogin(
        sql,
        loginKeys("staff", user.email, clientIp(c)),
        // the schema checks the answer's id; the WebAuthn library checks the rest and refuses a malformed one
        () => checkPasskey(sql, rp, user.id, response as never, now),
        now,
      );
    } catch (error) {
      if (error instanceof AppError && error.status === 401) await audit(c, "second_step_failed", { actor });
      throw error;
    }
    await audit(c, "sign_in", { actor, details: { method: "passkey" } });
    const redirect = await landingAfterLogin(sql, user.id);
    // a sign-in through the channel's provider: the session remembers it, to sign out there too
    const accessToken = await openSessionAfterSecondStep(c, user.id);
    return c.json({ access_token: accessToken, redirect }, 200);
  },
);

export default app;
