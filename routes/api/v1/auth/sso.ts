// Which OpenID provider signs in an e-mail: the login page asks once the address is typed, and offers
// "Sign in with …". It tells the domain's provider only, never whether an account exists.
import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { apiApp, errorSchema, json } from "../../../../app/api.ts";
import { ssoButtonForEmail } from "../../../../lib/accounts/sso.ts";
import { AppError } from "../../../../lib/rules/errors.ts";

const app = apiApp();

app.openapi(
  createRoute({
    method: "get",
    path: "/",
    tags: ["auth"],
    summary: "The single sign-on provider of an e-mail's domain, if its channel has one",
    request: { query: z.object({ email: z.string().max(254) }) },
    responses: {
      200: json(
        z.object({ channel_id: z.number(), name: z.string() }),
        "The provider: sign in at /sso/start",
      ),
      404: json(errorSchema, "No channel signs in this domain"),
    },
  }),
  async (c) => {
    const button = await ssoButtonForEmail(c.var.sql, c.req.valid("query").email);
    if (!button) throw new AppError(404, "not_found");
    c.header("Cache-Control", "no-store");
    return c.json(button, 200);
  },
);

export default app;
