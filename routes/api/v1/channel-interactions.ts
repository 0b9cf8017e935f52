import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { json, staffApi, staffErrors } from "../../../app/api.ts";
import { staffOf } from "../../../app/auth.ts";
import { paginationHeaders } from "../../../lib/rules/paging.ts";
import { listQuerySchema, messagePatchSchema, messageSchema } from "../../../lib/rules/inbox_schema.ts";
import { listMessagePage, updateMessage } from "../../../lib/inbox/service.ts";

const tags = ["participations"];
const app = staffApi("participations-read");

app.openapi(
  createRoute({
    method: "get",
    path: "/",
    tags,
    summary: "Messages of an interaction or of the channel, by tab, with full-text search (50 a page)",
    request: { query: listQuerySchema },
    responses: {
      200: json(
        z.object({
          data: z.array(messageSchema),
          pagination: z.object({
            total: z.number(),
            page: z.number(),
            perPage: z.number(),
            pages: z.number(),
          }),
          counts: z.record(z.string(), z.number()).optional().describe("The tab counts, with with_counts"),
        }),
        "A page of messages; x-pagination-* headers repeat the pagination",
      ),
      ...staffErrors,
    },
  }),
  async (c) => {
    const page = await listMessagePage(c.var.sql, staffOf(c), c.req.valid("query"));
    for (const [name, value] of Object.entries(paginationHeaders(page.pagination))) c.header(name, value);
    return c.json(page, 200);
  },
);

app.openapi(
  createRoute({
    method: "put",
    path: "/",
    tags,
    summary: "Set the comment, read flag or status of one message (query interaction_id)",
    request: {
      query: z.object({ interaction_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
      body: { content: { "application/json": { schema: messagePatchSchema } }, required: true },
    },
    responses: { 200: json(messageSchema, "The message with its replies"), ...staffErrors },
  }),
  async (c) => {
    const { interaction_id: id } = c.req.valid("query");
    return c.json(await updateMessage(c.var.sql, staffOf(c), id, c.req.valid("json")), 200);
  },
);

export default app;
