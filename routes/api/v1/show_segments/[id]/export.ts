import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { apiApp, idParam, staffErrors } from "../../../../../app/api.ts";
import { requireStaff, staffOf } from "../../../../../app/auth.ts";
import { exportBatch, listChoices } from "../../../../../db/segments.ts";
import { exportStream } from "../../../../../lib/segments/export_csv.ts";
import { segmentFor } from "../../../../../lib/segments/service.ts";

const app = apiApp();
app.use("*", requireStaff("participations-export"));

/** GET /api/v1/show_segments/{id}/export: export.csv, streamed batch by batch. */
app.openapi(
  createRoute({
    method: "get",
    path: "/",
    tags: ["show_segments"],
    summary: "Participations of an interaction as export.csv (UTF-8 with BOM, streamed)",
    request: { params: z.object({ id: idParam }) },
    responses: {
      200: { content: { "text/csv": { schema: z.string() } }, description: "export.csv" },
      ...staffErrors,
    },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const sql = c.var.sql;
    await segmentFor(sql, staffOf(c), id);
    const choices = await listChoices(sql, id);
    const body = exportStream((afterId, limit) => exportBatch(sql, id, afterId, limit), choices);
    return new Response(body, {
      status: 200,
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": 'attachment; filename="export.csv"',
        "cache-control": "no-store",
      },
    }) as never;
  },
);

export default app;
