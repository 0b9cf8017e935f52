import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { apiApp, json, staffErrors } from "../../../../app/api.ts";
import { requireStaff, staffOf } from "../../../../app/auth.ts";
import { listSegments } from "../../../../db/segments.ts";
import { availabilityOf } from "../../../../lib/rules/availability.ts";
import { DEFAULT_PAGE_SIZE } from "../../../../lib/rules/constants.ts";
import { SEGMENT_STATUSES } from "../../../../lib/rules/segments.ts";
import { workingChannel } from "../../../../lib/segments/service.ts";

const rowSchema = z.object({
  id: z.number(),
  uuid: z.string(),
  title: z.string(),
  type: z.string(),
  status: z.string(),
  availability: z.object({ label: z.string(), color: z.string() }),
  participants: z.number(),
  messages: z.number(),
}).passthrough();

const app = apiApp();
app.use("*", requireStaff());

/** GET /api/v1/show_segments: the interaction list (back-office §2), 50 a page, pagination in headers. */
app.openapi(
  createRoute({
    method: "get",
    path: "/",
    tags: ["show_segments"],
    summary: "Interaction list of a channel: search, status filter, paging (x-pagination-* headers)",
    request: {
      query: z.object({
        channel_id: z.coerce.number().int().positive().optional(),
        search: z.string().max(200).optional(),
        status: z.enum(["all", ...SEGMENT_STATUSES]).optional(),
        page: z.coerce.number().int().min(1).max(100_000).default(1),
        per_page: z.coerce.number().int().min(1).max(200).default(DEFAULT_PAGE_SIZE),
      }),
    },
    responses: { 200: json(z.array(rowSchema), "One page of interactions"), ...staffErrors },
  }),
  async (c) => {
    const q = c.req.valid("query");
    const channelId = workingChannel(staffOf(c), q.channel_id);
    const { rows, total } = await listSegments(c.var.sql, {
      channelId,
      search: q.search,
      status: q.status,
      page: q.page,
      perPage: q.per_page,
    });
    const now = c.var.deps.now?.() ?? new Date();
    const pages = Math.max(1, Math.ceil(total / q.per_page));
    c.header("x-pagination-total", String(total));
    c.header("x-pagination-page", String(q.page));
    c.header("x-pagination-pages", String(pages));
    c.header("x-pagination-per-page", String(q.per_page));
    c.header("x-pagination-has_next", String(q.page < pages));
    c.header("x-pagination-has_prev", String(q.page > 1));
    return c.json(
      rows.map((row) => ({
        ...row,
        availability: availabilityOf(row, now),
        interactionType: { label: row.type },
      })),
      200,
    );
  },
);

export default app;
