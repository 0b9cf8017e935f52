import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { apiApp, errorSchema, json } from "../../../app/api.ts";
import { clientIp, setSessionCookie } from "../../../app/auth.ts";
import { checkCredentials, checkLoginToken, landingAfterLogin } from "../../../lib/accounts/service.ts";
import { LOGIN_LIMITS, normaliseEmail } from "../../../lib/rules/accounts.ts";
import { AppError } from "../../../lib/rules/errors.ts";
import { loginKeys, throttledLogin } from "../../../lib/platform/login_throttle.ts";
import { enforceRateLimit } from "../../../lib/platform/rate_limit.ts";
import { openSession } from "../../../lib/platform/sessions.ts";
import type { SecondStep } from "../../../lib/platform/auth.ts";
import { secondStepFor, secondStepTicket } from "../../../lib/accounts/two_factor.ts";
import { accountContext, body } from "./_accounts.ts";
import { audit } from "../../../app/audit.ts";
import { signInActor } from "../../../lib/audit/service.ts";

const app = apiApp();

app.openapi(
  createRoute({
    method: "post",
    path: "/",
    tags: ["auth"],
    summary: "Log in with e-mail and password, or with a one-time login token (sets the session cookie)",
    request: body(z.object({
      email: z.string().max(254).optional(),
      password: z.string().max(200).optional(),
      token: z.string().max(200).optional(),
    })),
    responses: {
      200: json(
        z.union([
          z.object({ access_token: z.string(), redirect: z.string() }),
          z.object({ second_step: z.enum(["code", "enrol"]), ticket: z.string() }),
        ]),
        "The staff token (also set as the HttpOnly im_session cookie) and where to land; or, for an account " +
          "with a second factor (or one its channel requires), a short-lived ticket for /api/v1/auth/second-step",
      ),
      400: json(errorSchema, "All fields are required"),
      401: json(errorSchema, "Invalid login or password, or an invalid link"),
      403: json(errorSchema, "Account not confirmed or inactive"),
      429: json(
        errorSchema,
        "Too many failed attempts from this address for this e-mail (Retry-After says how long)",
      ),
    },
  }),
  async (c) => {
    const { email, password, token } = c.req.valid("json");
    const sql = c.var.sql;
    const ip = clientIp(c);
    let userId: number, step: SecondStep | null;
    if (token) {
      await enforceRateLimit(sql, [`login:ip:${ip}`], LOGIN_LIMITS.ip);
      userId = await checkLoginToken(accountContext(c), token);
      step = await secondStepFor(sql, userId);
    } else {
      if (!email?.trim() || !password) throw new AppError(400, "fields_required");
      const keys = loginKeys("staff", normaliseEmail(email), ip);
      try {
        ({ userId, step } = await throttledLogin(
          sql,
          keys,
          async () => {
            const id = await checkCredentials(sql, email, password);
            return { userId: id, step: await secondStepFor(sql, id) };
          },
          c.var.deps.now?.(),
          (result) => result.step !== null,
        ));
      } catch (error) {
        if (error instanceof AppError && error.status === 401) {
          await audit(c, "sign_in_failed", { actor: await signInActor(sql, { email }) });
        }
        throw error;
      }
    }
    if (step) {
      const ticket = await secondStepTicket(c.var.deps.jwtSecret, userId, step);
      return c.json({ second_step: step, ticket }, 200);
    }
    await audit(c, "sign_in", {
      actor: await signInActor(sql, { id: userId }),
      details: { method: token ? "link" : "password" },
    });
    const redirect = await landingAfterLogin(sql, userId);
    const accessToken = await openSession(sql, c.var.deps.jwtSecret, userId, "staff");
    setSessionCookie(c, accessToken);
    return c.json({ access_token: accessToken, redirect }, 200);
  },
);

export default app;
