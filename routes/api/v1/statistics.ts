import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { json, staffApi, staffErrors } from "../../../app/api.ts";
import { staffOf } from "../../../app/auth.ts";
import { unreadCountFor } from "../../../lib/channels/pages.ts";
import { dashboardData } from "../../../lib/statistics/service.ts";

const app = staffApi();

app.openapi(
  createRoute({
    method: "get",
    path: "/messages_not_read",
    tags: ["statistics"],
    summary: "Unread messages of the caller's channel (0 in super admin mode)",
    responses: { 200: json(z.number().int(), "The count"), ...staffErrors },
  }),
  async (c) => {
    const user = staffOf(c);
    c.header("Cache-Control", "no-store");
    return c.json(await unreadCountFor(c.var.sql, user), 200);
  },
);

const count = z.object({ key: z.string(), count: z.number().int() });

app.openapi(
  createRoute({
    method: "get",
    path: "/dashboard",
    tags: ["statistics"],
    summary: "A channel's statistics over a period, in days of its time zone",
    description:
      "The figures of the /statistics page. Past days come from daily rollups kept by the worker, " +
      "today from the participations. `channel` is for super administrators (others: their own channel).",
    request: {
      query: z.object({
        channel: z.string().max(20).optional(),
        range: z.string().max(10).optional().openapi({
          example: "30d",
          description: "7d, 30d, 12m or custom",
        }),
        from: z.string().max(10).optional().openapi({ example: "2026-03-01" }),
        to: z.string().max(10).optional().openapi({ example: "2026-03-31" }),
      }),
    },
    responses: {
      200: json(
        z.object({
          channel: z.object({ id: z.number().int(), label: z.string() }),
          period: z.object({
            range: z.string(),
            start: z.string(),
            end: z.string(),
            unit: z.enum(["day", "hour"]),
            time_zone: z.string(),
          }),
          series: z.array(z.object({ bucket: z.string(), count: z.number().int() })),
          by_type: z.array(count),
          by_interaction: z.array(
            z.object({ id: z.number().int(), title: z.string(), count: z.number().int() }),
          ),
          cities: z.array(count),
          participants: z.number().int(),
          returning: z.number().int(),
          registered: z.number().int(),
          anonymous: z.number().int(),
          listeners: z.array(
            z.object({ nickname: z.string(), count: z.number().int(), points: z.number().int() }),
          ),
          median_reply_seconds: z.number().nullable(),
          liked: z.number().int(),
          quoted: z.number().int(),
          broadcast: z.number().int(),
          year_messages: z.number().int(),
          year_participants: z.number().int(),
        }),
        "The figures",
      ),
      ...staffErrors,
    },
  }),
  async (c) => {
    c.header("Cache-Control", "no-store");
    const now = c.var.deps.now?.() ?? new Date();
    return c.json(await dashboardData(c.var.sql, staffOf(c), c.req.valid("query"), now), 200);
  },
);

export default app;
