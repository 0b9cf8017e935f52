import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { apiApp, json, staffErrors } from "../../../app/api.ts";
import { requireStaff, staffOf } from "../../../app/auth.ts";
import { listMessages, updateMessageState } from "../../../db/inbox.ts";
import { pagination, paginationHeaders } from "../../../lib/rules/paging.ts";
import { listQuerySchema, messagePatchSchema, messageSchema } from "../../../lib/rules/inbox_schema.ts";
import { messageFor, messageView, messageWithReplies, queryOf } from "../../../lib/inbox/service.ts";
import { AppError } from "../../../lib/rules/errors.ts";
import { can } from "../../../lib/rules/permissions.ts";

const tags = ["participations"];
const app = apiApp();
app.use("*", requireStaff("participations-read"));

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
        }),
        "A page of messages; x-pagination-* headers repeat the pagination",
      ),
      ...staffErrors,
    },
  }),
  async (c) => {
    const query = c.req.valid("query");
    const q = await queryOf(c.var.sql, staffOf(c), query);
    const { rows, total } = await listMessages(c.var.sql, q, query.page, query.per_page);
    const { offset: _offset, ...page } = pagination(total, query.page, query.per_page);
    for (const [name, value] of Object.entries(paginationHeaders(page))) c.header(name, value);
    return c.json({ data: rows.map((r) => messageView(r)), pagination: page }, 200);
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
    const user = staffOf(c);
    if (!can(user, "participations-action")) throw new AppError(403, "forbidden");
    const { interaction_id: id } = c.req.valid("query");
    await messageFor(c.var.sql, user, id);
    await updateMessageState(c.var.sql, id, c.req.valid("json"));
    return c.json(await messageWithReplies(c.var.sql, user, id), 200);
  },
);

export default app;
