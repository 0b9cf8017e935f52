import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { json, staffApi, staffErrors } from "../../../../app/api.ts";
import { staffOf } from "../../../../app/auth.ts";
import { DEFAULT_PAGE_SIZE } from "../../../../lib/rules/constants.ts";
import { SEGMENT_STATUSES } from "../../../../lib/rules/segments.ts";
import { listSegmentPage } from "../../../../lib/segments/reads.ts";
import { paginationHeaders } from "../../../../lib/rules/paging.ts";

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

const app = staffApi();

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
    const now = c.var.deps.now?.() ?? new Date();
    const { data, pagination } = await listSegmentPage(c.var.sql, staffOf(c), c.req.valid("query"), now);
    for (const [name, value] of Object.entries(paginationHeaders(pagination))) c.header(name, value);
    return c.json(data, 200);
  },
);

export default app;
