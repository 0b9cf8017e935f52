import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { SECURITY } from "../../../app/openapi.ts";
import { apiApp, errorSchema, json, staffErrors } from "../../../app/api.ts";
import { clientIp, staffOf } from "../../../app/auth.ts";
import {
  confirmEnrolment,
  setTwoFactorPolicy,
  startEnrolment,
  turnOffOwnSecondFactor,
  twoFactorSettingsFor,
  twoFactorStatus,
} from "../../../lib/accounts/two_factor.ts";
import { TWO_FACTOR_CODE_MAX, TWO_FACTOR_POLICIES } from "../../../lib/rules/two_factor.ts";
import { body } from "./_accounts.ts";
import { audit } from "../../../app/audit.ts";
import { loginKeys, throttledLogin } from "../../../lib/platform/login_throttle.ts";

const tags = ["two-factor"];
const app = apiApp();
const policy = z.enum(TWO_FACTOR_POLICIES);

app.openapi(
  createRoute({
    security: SECURITY.staff,
    method: "get",
    path: "/",
    tags,
    summary: "The caller's second factor: enrolled, required by the channel or platform, recovery codes left",
    responses: {
      200: json(
        z.object({
          enrolled: z.boolean(),
          app: z.boolean(),
          passkeys: z.number(),
          required: z.boolean(),
          recovery_codes_left: z.number(),
        }),
        "Status",
      ),
      ...staffErrors,
    },
  }),
  async (c) => c.json(await twoFactorStatus(c.var.sql, staffOf(c)), 200),
);

app.openapi(
  createRoute({
    security: SECURITY.staff,
    method: "post",
    path: "/enrol",
    tags,
    summary: "Starts enrolling an authenticator app: a new secret and its QR code (409 when one is enrolled)",
    responses: {
      200: json(
        z.object({ secret: z.string(), uri: z.string(), qr_path: z.string(), qr_size: z.number() }),
        "The secret",
      ),
      409: json(z.object({ message: z.string(), code: z.string() }), "A factor is already enrolled"),
      ...staffErrors,
    },
  }),
  async (c) => c.json(await startEnrolment(c.var.sql, c.var.deps.jwtSecret, staffOf(c).id), 200),
);

app.openapi(
  createRoute({
    security: SECURITY.staff,
    method: "post",
    path: "/confirm",
    tags,
    summary: "Confirms the enrolment with a code of the app; answers the ten recovery codes, shown once",
    request: body(z.object({ code: z.string().max(TWO_FACTOR_CODE_MAX) })),
    responses: {
      200: json(z.object({ recovery_codes: z.array(z.string()) }), "Recovery codes"),
      ...staffErrors,
    },
  }),
  async (c) => {
    const user = staffOf(c);
    const now = c.var.deps.now?.() ?? new Date();
    const codes = await confirmEnrolment(
      c.var.sql,
      c.var.deps.jwtSecret,
      user.id,
      c.req.valid("json").code,
      now,
    );
    return c.json({ recovery_codes: codes }, 200);
  },
);

app.openapi(
  createRoute({
    security: SECURITY.staff,
    method: "post",
    path: "/turn-off",
    tags,
    summary:
      "Turns the caller's own second factor off, confirmed by a current code of the app or a recovery " +
      "code (409 while the channel or the platform requires one)",
    request: body(z.object({ code: z.string().max(TWO_FACTOR_CODE_MAX) })),
    responses: {
      204: { description: "Turned off" },
      409: json(errorSchema, "The channel or the platform requires a second factor"),
      429: json(errorSchema, "Too many wrong codes (Retry-After says how long)"),
      ...staffErrors,
    },
  }),
  async (c) => {
    const user = staffOf(c);
    const now = c.var.deps.now?.() ?? new Date();
    // wrong codes count with the sign-in's: an open session cannot be used to guess them
    await throttledLogin(
      c.var.sql,
      loginKeys("staff", user.email, clientIp(c)),
      () => turnOffOwnSecondFactor(c.var.sql, c.var.deps.jwtSecret, user, c.req.valid("json").code, now),
      now,
    );
    await audit(c, "two_factor_turned_off", { object: ["user", user.id] });
    return c.body(null, 204);
  },
);

app.openapi(
  createRoute({
    security: SECURITY.staff,
    method: "get",
    path: "/policy",
    tags,
    summary: "Who must sign in with a second factor, in the caller's channel and on the platform",
    responses: {
      200: json(z.object({ channel: policy.nullable(), platform: policy }), "Policies"),
      ...staffErrors,
    },
  }),
  async (c) => c.json(await twoFactorSettingsFor(c.var.sql, staffOf(c)), 200),
);

app.openapi(
  createRoute({
    security: SECURITY.staff,
    method: "put",
    path: "/policy",
    tags,
    summary: "Sets who must sign in with a second factor: the channel's (channel-settings) or the " +
      "platform's (super administrators)",
    request: body(z.object({ scope: z.enum(["channel", "platform"]), policy })),
    responses: { 204: { description: "Saved" }, ...staffErrors },
  }),
  async (c) => {
    const { scope, policy } = c.req.valid("json");
    await setTwoFactorPolicy(c.var.sql, staffOf(c), scope, policy);
    await audit(c, "two_factor_policy_changed", {
      details: { scope, policy },
      ...(scope === "platform" ? { channelId: null } : {}),
    });
    return c.body(null, 204);
  },
);

export default app;
