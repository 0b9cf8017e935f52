// The email and nickname availability checks (widget §5, §7): one shape for both (private: not a route).
import { createRoute } from "@hono/zod-openapi";
import type { Sql } from "postgres";
import { z } from "zod";
import { apiApp, errorSchema, json } from "../../../../app/api.ts";
import { clientIp } from "../../../../app/auth.ts";
import { VISITOR_AVAILABILITY_LIMIT } from "../../../../lib/rules/constants.ts";
import { enforceRateLimit } from "../../../../lib/platform/rate_limit.ts";
import { okText } from "./_http.ts";

/** GET /{value}: body `OK` when free for a registered account, 409 when taken, 400 when malformed. */
export function availabilityRoute(
  field: "email" | "nickname",
  check: (sql: Sql, value: string, callerId: number | null) => Promise<void>,
) {
  const app = apiApp();
  app.openapi(
    createRoute({
      method: "get",
      path: `/{${field}}`,
      tags: ["app users"],
      summary: `Is this ${field} free for a registered account? (widget §5 availability check)`,
      request: { params: z.object({ [field]: z.string().max(320) }) },
      responses: {
        200: okText,
        400: json(errorSchema, "Malformed"),
        409: json(errorSchema, "Taken"),
        429: json(errorSchema, "Too many checks from this address"),
      },
    }),
    async (c) => {
      await enforceRateLimit(
        c.var.sql,
        [`visitor-availability:ip:${clientIp(c)}`],
        VISITOR_AVAILABILITY_LIMIT,
      );
      // A logged-in visitor editing the profile: their own value counts as free.
      const value = (c.req.valid("param") as Record<string, string>)[field];
      await check(c.var.sql, value, c.var.appUserId);
      return c.text("OK", 200);
    },
  );
  return app;
}
