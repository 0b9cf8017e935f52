import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { apiApp, errorSchema, json } from "../../../../framework/api.ts";
import { checkEmailAvailable } from "../../../../lib/app_user_service.ts";
import { VISITOR_AVAILABILITY_LIMIT } from "../../../../lib/constants.ts";
import { enforceRateLimit } from "../../../../lib/rate_limit.ts";
import { okText } from "./_http.ts";
import { clientIp } from "../../../../framework/auth.ts";

const app = apiApp();

app.openapi(
  createRoute({
    method: "get",
    path: "/{email}",
    tags: ["app users"],
    summary: "Is this email free for a registered account? (widget §5 availability check)",
    request: { params: z.object({ email: z.string().max(320) }) },
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
    await checkEmailAvailable(c.var.sql, c.req.valid("param").email, c.var.appUserId);
    return c.text("OK", 200);
  },
);

export default app;
