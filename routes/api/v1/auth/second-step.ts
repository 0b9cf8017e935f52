import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { apiApp, errorSchema, json } from "../../../../app/api.ts";
import { clientIp } from "../../../../app/auth.ts";
import { landingAfterLogin } from "../../../../lib/accounts/service.ts";
import {
  checkSecondFactor,
  confirmEnrolment,
  secondStepAccount,
  startEnrolment,
} from "../../../../lib/accounts/two_factor.ts";
import { loginKeys, throttledLogin } from "../../../../lib/platform/login_throttle.ts";
import { openSessionAfterSecondStep } from "../../../../app/provider_session.ts";
import { AppError } from "../../../../lib/rules/errors.ts";
import { TWO_FACTOR_CODE_MAX } from "../../../../lib/rules/two_factor.ts";
import { body } from "../_accounts.ts";
import { audit } from "../../../../app/audit.ts";
import { signInActor } from "../../../../lib/audit/service.ts";

const app = apiApp();
const tags = ["auth"];

app.openapi(
  createRoute({
    method: "post",
    path: "/",
    tags,
    summary: "Second step of sign-in: a code of the authenticator app or a recovery code, with the ticket " +
      "the password step gave (throttled with the password's failures); opens the session",
    request: body(z.object({ ticket: z.string().max(2000), code: z.string().max(TWO_FACTOR_CODE_MAX) })),
    responses: {
      200: json(
        z.object({
          access_token: z.string(),
          redirect: z.string(),
          recovery_codes: z.array(z.string()).optional(),
        }),
        "The staff token (also the session cookie); after an enrolment, the ten recovery codes, shown once",
      ),
      401: json(errorSchema, "Wrong or reused code, or an expired ticket"),
      429: json(errorSchema, "Too many failed attempts (Retry-After says how long)"),
    },
  }),
  async (c) => {
    const { ticket, code } = c.req.valid("json");
    const sql = c.var.sql, secret = c.var.deps.jwtSecret;
    const user = await secondStepAccount(sql, secret, ticket);
    const now = c.var.deps.now?.() ?? new Date();
    const actor = await signInActor(sql, { id: user.id });
    let recoveryCodes: string[] | undefined;
    try {
      recoveryCodes = await throttledLogin(
        sql,
        loginKeys("staff", user.email, clientIp(c)),
        async () => {
          if (user.step === "enrol") return await confirmEnrolment(sql, secret, user.id, code, now);
          await checkSecondFactor(sql, secret, user.id, code, now);
          return undefined;
        },
        now,
      );
    } catch (error) {
      if (error instanceof AppError && error.status === 401) await audit(c, "second_step_failed", { actor });
      throw error;
    }
    if (recoveryCodes) await audit(c, "two_factor_enrolled", { actor, object: ["user", user.id] });
    await audit(c, "sign_in", { actor, details: { method: "second_step" } });
    const redirect = await landingAfterLogin(sql, user.id);
    // a sign-in through the channel's provider: the session remembers it, to sign out there too
    const accessToken = await openSessionAfterSecondStep(c, user.id);
    return c.json({ access_token: accessToken, redirect, recovery_codes: recoveryCodes }, 200);
  },
);

app.openapi(
  createRoute({
    method: "post",
    path: "/enrol",
    tags,
    summary: "During sign-in, when the channel requires a second factor the account lacks: a new secret " +
      "and its QR code for the authenticator app (confirmed by the second step)",
    request: body(z.object({ ticket: z.string().max(2000) })),
    responses: {
      200: json(
        z.object({ secret: z.string(), uri: z.string(), qr_path: z.string(), qr_size: z.number() }),
        "The secret (base32), its otpauth:// address and a QR code of it",
      ),
      401: json(errorSchema, "An expired ticket, or one that is not for an enrolment"),
    },
  }),
  async (c) => {
    const { ticket } = c.req.valid("json");
    const user = await secondStepAccount(c.var.sql, c.var.deps.jwtSecret, ticket);
    if (user.step !== "enrol") throw new AppError(401, "second_step_expired");
    return c.json(await startEnrolment(c.var.sql, c.var.deps.jwtSecret, user.id), 200);
  },
);

export default app;
