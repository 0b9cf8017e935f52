import { createRoute } from "@hono/zod-openapi";
import { apiApp, errorSchema, json } from "../../../../framework/api.ts";
import { loginSchema, sessionSchema } from "../../../../lib/app_user_schema.ts";
import { normaliseEmail } from "../../../../lib/app_users.ts";
import { login } from "../../../../lib/app_user_service.ts";
import { VISITOR_LOGIN_LIMITS } from "../../../../lib/constants.ts";
import { enforceRateLimit } from "../../../../lib/rate_limit.ts";
import { sessionBody } from "./_http.ts";
import { clientIp } from "../../../../framework/auth.ts";

const app = apiApp();

app.openapi(
  createRoute({
    method: "post",
    path: "/",
    tags: ["app users"],
    summary: "Log an app user in with email and password",
    request: { body: { content: { "application/json": { schema: loginSchema } }, required: true } },
    responses: {
      200: json(sessionSchema, "The user and its access_token"),
      400: json(errorSchema, "Missing email or password"),
      401: json(errorSchema, "invalid_credentials: unknown email or wrong password, the same answer"),
      429: json(errorSchema, "Too many attempts from this address or for this email"),
    },
  }),
  async (c) => {
    const { email, password } = c.req.valid("json");
    await enforceRateLimit(c.var.sql, [`visitor-login:ip:${clientIp(c)}`], VISITOR_LOGIN_LIMITS.ip);
    await enforceRateLimit(
      c.var.sql,
      [`visitor-login:email:${normaliseEmail(email)}`],
      VISITOR_LOGIN_LIMITS.email,
    );
    const { user, access_token } = await login(c.var.sql, c.var.deps.jwtSecret, email, password);
    return c.json(sessionBody(user, access_token), 200);
  },
);

export default app;
