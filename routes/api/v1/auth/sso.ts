// Which OpenID provider signs in an e-mail: the login page asks once the address is typed, and offers
// "Sign in with …". It tells the domain's provider only, never whether an account exists: a channel's that
// lists the domain, else the platform's that lists it (channel_id null). "No provider" is
// an answer like any other (200, null), not a missing resource: most addresses have none, and a 404 would
// be an error in every browser's console.
import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { apiApp, errorSchema, json } from "../../../../app/api.ts";
import { ssoButtonForEmail } from "../../../../lib/accounts/sso.ts";

const app = apiApp();

app.openapi(
  createRoute({
    method: "get",
    path: "/",
    tags: ["auth"],
    summary: "The single sign-on provider of an e-mail's domain: its channel's, else the platform's, if any",
    request: { query: z.object({ email: z.string().max(254) }) },
    responses: {
      200: json(
        z.object({ provider: z.object({ channel_id: z.number().nullable(), name: z.string() }).nullable() }),
        "The provider (sign in at /sso/start; null channel: the platform's), or null when none signs in this domain",
      ),
      400: json(errorSchema, "No e-mail given"),
    },
  }),
  async (c) => {
    const provider = await ssoButtonForEmail(c.var.sql, c.req.valid("query").email);
    c.header("Cache-Control", "no-store");
    return c.json({ provider }, 200);
  },
);

export default app;
