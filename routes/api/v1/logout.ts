import { createRoute } from "@hono/zod-openapi";
import { apiApp, errorSchema, json } from "../../../framework/api.ts";
import { clearSessionCookie } from "../../../framework/auth.ts";

const app = apiApp();

app.openapi(
  createRoute({
    method: "post",
    path: "/",
    tags: ["auth"],
    summary: "Log out: forgets the session cookie",
    responses: {
      204: { description: "Logged out" },
      403: json(errorSchema, "Cookie request from another site"),
    },
  }),
  (c) => {
    clearSessionCookie(c);
    return c.body(null, 204);
  },
);

export default app;
