import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { idParam, json, staffApi, staffErrors } from "../../../../../app/api.ts";
import { staffOf } from "../../../../../app/auth.ts";
import { busOf } from "../../../../../lib/live/bus.ts";
import { reviewVotes, voteIntegrity } from "../../../../../lib/segments/vote_review.ts";

const app = staffApi();
const now = (c: { var: { deps: { now?: () => Date } } }) => c.var.deps.now?.() ?? new Date();

const integritySchema = z.object({
  counted: z.number(),
  suspicious: z.number(),
  excluded: z.number(),
  cap: z.number(),
  timeline: z.object({
    peak: z.number(),
    minutes: z.array(z.object({
      minute: z.string(),
      counted: z.number(),
      suspicious: z.number(),
      byChoice: z.record(z.string(), z.number()),
    })),
  }),
});

app.openapi(
  createRoute({
    method: "get",
    path: "/",
    tags: ["interactions"],
    summary: "Vote integrity: counted, suspicious and excluded votes, the per-address cap, votes per minute",
    request: { params: z.object({ id: idParam }) },
    responses: { 200: json(integritySchema, "Vote integrity of the interaction"), ...staffErrors },
  }),
  async (c) => {
    const view = await voteIntegrity(c.var.sql, staffOf(c), c.req.valid("param").id, now(c));
    c.header("Cache-Control", "no-store");
    return c.json(view, 200);
  },
);

app.openapi(
  createRoute({
    method: "post",
    path: "/",
    tags: ["interactions"],
    summary: "Accept or exclude suspicious votes in bulk (all of them, or those of `ids`)",
    request: {
      params: z.object({ id: idParam }),
      body: {
        content: {
          "application/json": {
            schema: z.object({
              action: z.enum(["accept", "exclude"]),
              ids: z.array(z.number().int().positive()).max(10_000).optional(),
            }),
          },
        },
        required: true,
      },
    },
    responses: {
      200: json(z.object({ changed: z.number() }), "How many votes changed"),
      422: json(z.object({ message: z.string(), code: z.string() }), "Not a vote"),
      ...staffErrors,
    },
  }),
  async (c) => {
    const { action, ids } = c.req.valid("json");
    const id = c.req.valid("param").id;
    return c.json(await reviewVotes(c.var.sql, staffOf(c), id, action, ids ?? null, busOf(c.var.deps)), 200);
  },
);

export default app;
