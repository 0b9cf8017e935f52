import { createRoute } from "@hono/zod-openapi";
import { SECURITY } from "../../../app/openapi.ts";
import { z } from "zod";
import { apiApp, errorSchema, json } from "../../../app/api.ts";
import { clearSessionCookie } from "../../../app/auth.ts";
import { AppError } from "../../../lib/rules/errors.ts";
import { endSession, endUserSessions } from "../../../lib/platform/sessions.ts";

const app = apiApp();

app.openapi(
  createRoute({
    method: "post",
    path: "/",
    security: SECURITY.staffOrListener,
    tags: ["auth"],
    summary:
      "Log out: ends the session of the token (bearer, staff or app user, or the cookie) on the server",
    responses: {
      204: { description: "Logged out" },
      403: json(errorSchema, "Cookie request from another site"),
    },
  }),
  async (c) => {
    if (c.var.sessionId) await endSession(c.var.sql, c.var.sessionId);
    clearSessionCookie(c);
    return c.body(null, 204);
  },
);

app.openapi(
  createRoute({
    method: "post",
    path: "/all",
    security: SECURITY.staffOrListener,
    tags: ["auth"],
    summary: "Log out everywhere: ends every session of the caller (staff or app user), this one included",
    responses: {
      200: json(z.object({ ended: z.number() }), "How many sessions ended"),
      401: json(errorSchema, "Not logged in"),
      403: json(errorSchema, "Cookie request from another site"),
    },
  }),
  async (c) => {
    const staff = c.var.user;
    const visitor = c.var.appUserId;
    if (!staff && !visitor) throw new AppError(401, "unauthorized");
    const ended = staff
      ? await endUserSessions(c.var.sql, "staff", staff.id)
      : await endUserSessions(c.var.sql, "visitor", visitor!);
    clearSessionCookie(c);
    return c.json({ ended }, 200);
  },
);

export default app;
