import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { SECURITY } from "../../../../../app/openapi.ts";
import { apiApp, idParam, staffErrors } from "../../../../../app/api.ts";
import { staffOf } from "../../../../../app/auth.ts";
import { resetSecondFactor } from "../../../../../lib/accounts/two_factor.ts";
import { audit } from "../../../../../app/audit.ts";

const app = apiApp();

app.openapi(
  createRoute({
    security: SECURITY.staff,
    method: "delete",
    path: "/",
    tags: ["two-factor"],
    summary: "Resets the second factor of a colleague who lost it (users-manage; recorded in the audit log)",
    request: { params: z.object({ id: idParam }) },
    responses: { 204: { description: "Reset" }, ...staffErrors },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const channelId = await resetSecondFactor(c.var.sql, staffOf(c), id);
    await audit(c, "two_factor_reset", { object: ["user", id], channelId });
    return c.body(null, 204);
  },
);

export default app;
