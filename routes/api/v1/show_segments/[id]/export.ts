import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { idParam, staffApi, staffErrors } from "../../../../../app/api.ts";
import { staffOf } from "../../../../../app/auth.ts";
import { segmentExport } from "../../../../../lib/segments/reads.ts";
import { csvSeparatorFor } from "../../../../../lib/rules/csv.ts";
import { audit } from "../../../../../app/audit.ts";
import { publicUrl } from "../../../../../lib/platform/config.ts";

const app = staffApi("participations-export");

/** GET /api/v1/show_segments/{id}/export: export.csv, streamed batch by batch. */
app.openapi(
  createRoute({
    method: "get",
    path: "/",
    tags: ["show_segments"],
    summary:
      "Participations of an interaction as export.csv (UTF-8 with BOM, streamed); columns split by ';' unless the user's language is English, or as `separator` asks; headers and values in the user's language, dates DD/MM/YYYY HH:mm:ss in the channel's time zone, absolute media links; `format=raw` for a tool: machine keys and values, ISO 8601 dates in UTC, ',' unless `separator` asks, no BOM",
    request: {
      params: z.object({ id: idParam }),
      query: z.object({
        separator: z.enum(["comma", "semicolon"]).optional(),
        format: z.enum(["spreadsheet", "raw"]).optional(),
      }),
    },
    responses: {
      200: { content: { "text/csv": { schema: z.string() } }, description: "export.csv" },
      ...staffErrors,
    },
  }),
  async (c) => {
    const query = c.req.valid("query");
    const raw = query.format === "raw";
    // a tool reads "," whatever the downloader's language
    const separator = raw ? query.separator ?? "comma" : csvSeparatorFor(c.var.lang, query.separator);
    const { id } = c.req.valid("param");
    const origin = publicUrl(c.var.deps.config);
    const body = await segmentExport(c.var.sql, staffOf(c), id, { separator, t: c.var.t, origin, raw });
    await audit(c, "messages_exported", { object: ["interaction", id] });
    return new Response(body, {
      status: 200,
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": 'attachment; filename="export.csv"',
        "cache-control": "no-store",
      },
    });
  },
);

export default app;
