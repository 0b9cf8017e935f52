import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { apiApp, errorSchema, json } from "../../../../app/api.ts";
import { resetSchema } from "../../../../lib/rules/app_user_schema.ts";
import { resetPassword } from "../../../../lib/app_users/service.ts";
import { VISITOR_FORGOT_LIMITS } from "../../../../lib/rules/constants.ts";
import { enforceRateLimit } from "../../../../lib/platform/rate_limit.ts";
import { clientIp } from "../../../../app/auth.ts";

const app = apiApp();

app.openapi(
  createRoute({
    method: "post",
    path: "/",
    tags: ["app users"],
    summary: "Set a new password with the token of a reset link (used by /account/reset/{token})",
    request: { body: { content: { "application/json": { schema: resetSchema } }, required: true } },
    responses: {
      200: json(z.object({ message: z.string() }), "Password changed"),
      400: json(errorSchema, "password_too_short"),
      410: json(errorSchema, "reset_token_invalid: unknown, used or expired link"),
      429: json(errorSchema, "Too many attempts from this address"),
    },
  }),
  async (c) => {
    const { token, password } = c.req.valid("json");
    await enforceRateLimit(c.var.sql, [`visitor-reset:ip:${clientIp(c)}`], VISITOR_FORGOT_LIMITS.ip);
    await resetPassword(c.var.sql, token, password, c.var.deps.now?.() ?? new Date());
    return c.json({ message: c.var.t("account.reset_done") }, 200);
  },
);

export default app;
