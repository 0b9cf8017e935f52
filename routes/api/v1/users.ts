import { createRoute } from "@hono/zod-openapi";
import { SECURITY } from "../../../app/openapi.ts";
import { z } from "zod";
import { apiApp, errorSchema, json, staffErrors } from "../../../app/api.ts";
import { clientIp, staffOf } from "../../../app/auth.ts";
import * as accounts from "../../../lib/accounts/service.ts";
import { MAIL_LIMITS, normaliseEmail } from "../../../lib/rules/accounts.ts";
import { AppError } from "../../../lib/rules/errors.ts";
import { isSuperAdministrator, isSuperAdminMode, ROLE_PERMISSIONS } from "../../../lib/rules/permissions.ts";
import { enforceRateLimit } from "../../../lib/platform/rate_limit.ts";
import { createUser, listUsersFor, userFor, userView } from "../../../lib/users/service.ts";
import { isEmail } from "../../../lib/rules/validation.ts";
import { accountContext, body, profileSchema, sentSchema, userSchema } from "./_accounts.ts";

import { audit } from "../../../app/audit.ts";

const tags = ["users"];
const app = apiApp();

app.openapi(
  createRoute({
    method: "get",
    path: "/",
    security: SECURITY.staff,
    tags,
    summary: "Staff of the caller's channel (all staff in super admin mode); users-manage",
    responses: { 200: json(z.array(userSchema), "Users"), ...staffErrors },
  }),
  async (c) => c.json((await listUsersFor(c.var.sql, staffOf(c))).map(userView), 200),
);

app.openapi(
  createRoute({
    method: "get",
    path: "/current",
    security: SECURITY.staff,
    tags,
    summary: "The logged-in user, with its permissions (a 401 sends the pages to /login)",
    responses: {
      200: json(
        userSchema.extend({
          permissions: z.array(z.string()),
          is_super_admin: z.boolean(),
          admin_mode: z.boolean(),
        }),
        "The user",
      ),
      401: json(errorSchema, "Not logged in"),
    },
  }),
  async (c) => {
    const me = staffOf(c);
    const user = await userFor(c.var.sql, me, me.id);
    return c.json({
      ...userView(user),
      permissions: [...ROLE_PERMISSIONS[user.role]],
      is_super_admin: isSuperAdministrator(user),
      admin_mode: isSuperAdminMode(user),
    }, 200);
  },
);

app.openapi(
  createRoute({
    method: "post",
    path: "/new",
    security: SECURITY.staff,
    tags,
    summary:
      "Create a staff account (administrator: in its channel; super administrator: any); mails an invitation",
    request: body(profileSchema.extend({ password: z.string().max(200).optional() })),
    responses: {
      201: json(z.object({ id: z.number() }), "The new user's id"),
      ...staffErrors,
      409: json(errorSchema, "Email or login already taken"),
      422: json(errorSchema, "Unknown channel"),
    },
  }),
  async (c) => {
    const form = c.req.valid("json");
    const id = await createUser(accountContext(c), staffOf(c), form);
    await audit(c, "user_created", { object: ["user", id], details: { role: form.role } });
    return c.json({ id }, 201);
  },
);

const emailBody = body(z.object({ email: z.string().max(254).optional() }));

/** The e-mail of a reset/resend body, rate-limited per IP and per address. */
async function mailRequest(c: Parameters<typeof staffOf>[0], email: string | undefined, kind: string) {
  if (!email?.trim() || !isEmail(email)) {
    throw new AppError(400, "reset_email_required", {}, { email: ["invalid_email"] });
  }
  const address = normaliseEmail(email);
  await enforceRateLimit(c.var.sql, [`${kind}:ip:${clientIp(c)}`], MAIL_LIMITS.ip);
  await enforceRateLimit(c.var.sql, [`${kind}:email:${address}`], MAIL_LIMITS.email);
  return address;
}

app.openapi(
  createRoute({
    method: "post",
    path: "/reset",
    tags,
    summary:
      "Mail a password reset link (/reset/{token}, 1 h); the answer never says whether the e-mail exists",
    request: emailBody,
    responses: {
      200: json(sentSchema, "Done (whether or not the address has an account)"),
      400: json(errorSchema, "No valid e-mail"),
      429: json(errorSchema, "Too many requests"),
    },
  }),
  async (c) => {
    const email = await mailRequest(c, c.req.valid("json").email, "reset");
    await accounts.requestPasswordReset(accountContext(c), email);
    return c.json({ message: c.var.t("auth.reset_requested", { email }) }, 200);
  },
);

app.openapi(
  createRoute({
    method: "post",
    path: "/resend",
    tags,
    summary:
      "Mail the confirmation link again (/confirm/{token}, 48 h); never says whether the e-mail exists",
    request: emailBody,
    responses: {
      200: json(sentSchema, "Done (whether or not the address has an unconfirmed account)"),
      400: json(errorSchema, "No valid e-mail"),
      429: json(errorSchema, "Too many requests"),
    },
  }),
  async (c) => {
    const email = await mailRequest(c, c.req.valid("json").email, "resend");
    await accounts.resendConfirmation(accountContext(c), email);
    return c.json({ message: c.var.t("auth.resend_requested", { email }) }, 200);
  },
);

app.openapi(
  createRoute({
    method: "post",
    path: "/confirm",
    tags,
    summary:
      "Confirm an account from its link (an invited account chooses its password); returns a login token",
    request: body(z.object({ token: z.string().min(1).max(200), password: z.string().max(200).optional() })),
    responses: {
      200: json(z.object({ email: z.string(), login_token: z.string() }), "Confirmed"),
      400: json(errorSchema, "Invalid password"),
      410: json(errorSchema, "Link used or expired"),
    },
  }),
  async (c) => {
    const { token, password } = c.req.valid("json");
    const result = await accounts.confirmAccount(accountContext(c), token, password);
    return c.json({ email: result.email, login_token: result.loginToken }, 200);
  },
);

app.openapi(
  createRoute({
    method: "post",
    path: "/password",
    tags,
    summary: "Choose a new password from a reset link",
    request: body(z.object({ token: z.string().min(1).max(200), password: z.string().max(200) })),
    responses: {
      200: json(z.object({ email: z.string() }), "Password changed"),
      400: json(errorSchema, "Invalid password"),
      410: json(errorSchema, "Link used or expired"),
    },
  }),
  async (c) => {
    const { token, password } = c.req.valid("json");
    return c.json({ email: await accounts.resetPassword(accountContext(c), token, password) }, 200);
  },
);

export default app;
