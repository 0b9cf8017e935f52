import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { apiApp, errorSchema, idParam, json } from "../../../../../app/api.ts";
import { highStakesChallenge } from "../../../../../lib/segments/reads.ts";

const app = apiApp();

app.openapi(
  createRoute({
    method: "get",
    path: "/",
    tags: ["interactions"],
    summary: "A proof-of-work challenge (ALTCHA) for a high-stakes vote",
    description: "The widget finds the number whose SHA-256 with the salt is the challenge and sends " +
      "base64(JSON {algorithm, challenge, number, salt, signature}) as `altcha` with the vote. Valid 5 " +
      "minutes, once, for this interaction only.",
    request: { params: z.object({ id: idParam }) },
    responses: {
      200: json(
        z.object({
          algorithm: z.string(),
          challenge: z.string(),
          maxnumber: z.number().optional(),
          salt: z.string(),
          signature: z.string(),
        }),
        "The challenge",
      ),
      404: json(errorSchema, "Unknown interaction, or not a high-stakes vote"),
    },
  }),
  async (c) => {
    const now = c.var.deps.now?.() ?? new Date();
    const challenge = await highStakesChallenge(
      c.var.sql,
      c.var.deps.jwtSecret,
      c.req.valid("param").id,
      now,
    );
    c.header("Cache-Control", "no-store");
    return c.json(challenge, 200);
  },
);

export default app;
