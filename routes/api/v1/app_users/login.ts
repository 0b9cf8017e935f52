import { createRoute } from "@hono/zod-openapi";
import { apiApp, errorSchema, json } from "../../../../app/api.ts";
import { loginSchema, sessionSchema } from "../../../../lib/rules/app_user_schema.ts";
import { normaliseEmail } from "../../../../lib/rules/app_users.ts";
import { login } from "../../../../lib/app_users/service.ts";
import { loginKeys, throttledLogin } from "../../../../lib/platform/login_throttle.ts";
import { sessionBody } from "./_http.ts";
import { clientIp } from "../../../../app/auth.ts";

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
      429: json(
        errorSchema,
        "Too many failed attempts from this address for this email (Retry-After says how long)",
      ),
    },
  }),
  async (c) => {
    const { email, password } = c.req.valid("json");
    const sql = c.var.sql;
    const keys = loginKeys("visitor", normaliseEmail(email), clientIp(c));
    const { user, access_token } = await throttledLogin(
      sql,
      keys,
      () => login(sql, c.var.deps.jwtSecret, email, password),
      c.var.deps.now?.(),
    );
    return c.json(sessionBody(user, access_token), 200);
  },
);

export default app;
