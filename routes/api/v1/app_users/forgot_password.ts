import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { apiApp, errorSchema, json } from "../../../../app/api.ts";
import { translator } from "../../../../app/i18n.ts";
import { forgotSchema } from "../../../../lib/rules/app_user_schema.ts";
import { checkEmail } from "../../../../lib/rules/app_users.ts";
import { forgotPassword } from "../../../../lib/app_users/service.ts";
import { publicUrl } from "../../../../lib/platform/config.ts";
import { VISITOR_FORGOT_LIMITS } from "../../../../lib/rules/constants.ts";
import { enforceRateLimit } from "../../../../lib/platform/rate_limit.ts";
import { clientIp } from "../../../../app/auth.ts";

const app = apiApp();

app.openapi(
  createRoute({
    method: "post",
    path: "/",
    tags: ["app users"],
    summary: "Mail a password reset link (1 h, single use); the same answer whether the email exists or not",
    request: { body: { content: { "application/json": { schema: forgotSchema } }, required: true } },
    responses: {
      202: json(
        z.object({ message: z.string() }),
        "Accepted: a link was mailed if an account has this email",
      ),
      400: json(errorSchema, "email_invalid"),
      429: json(errorSchema, "Too many requests from this address or for this email"),
    },
  }),
  async (c) => {
    const { email, channel_id } = c.req.valid("json");
    const address = checkEmail(email);
    await enforceRateLimit(c.var.sql, [`visitor-forgot:ip:${clientIp(c)}`], VISITOR_FORGOT_LIMITS.ip);
    await enforceRateLimit(c.var.sql, [`visitor-forgot:email:${address}`], VISITOR_FORGOT_LIMITS.email);
    const deps = c.var.deps;
    await forgotPassword(
      {
        sql: c.var.sql,
        mailer: deps.mailer,
        baseUrl: publicUrl(deps.config),
        now: deps.now?.() ?? new Date(),
        translate: translator,
      },
      address,
      channel_id ?? null,
    );
    return c.json({ message: c.var.t("account.forgot_sent") }, 202);
  },
);

export default app;
