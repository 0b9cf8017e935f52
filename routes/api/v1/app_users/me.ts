import { createRoute } from "@hono/zod-openapi";
import { SECURITY } from "../../../../app/openapi.ts";
import { apiApp, json } from "../../../../app/api.ts";
import { appUserOf } from "../../../../app/auth.ts";
import { appUserView } from "../../../../lib/rules/app_users.ts";
import { appUserSchema } from "../../../../lib/rules/app_user_schema.ts";
import { registeredUserOf } from "../../../../lib/app_users/service.ts";
import { visitorErrors } from "./_http.ts";

const app = apiApp();

app.openapi(
  createRoute({
    method: "get",
    path: "/",
    security: SECURITY.listener,
    tags: ["app users"],
    summary: "The app user of the visitor token (registered only: 403 for an anonymous user)",
    responses: { 200: json(appUserSchema, "The user"), ...visitorErrors },
  }),
  async (c) => {
    const user = await registeredUserOf(c.var.sql, appUserOf(c));
    return c.json(appUserView(user), 200);
  },
);

export default app;
