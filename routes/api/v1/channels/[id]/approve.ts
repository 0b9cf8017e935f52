// A self-registered channel approved by a super administrator: its trial quotas are lifted
// (lib/channels/quota.ts).
import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { idParam, staffApi, staffErrors } from "../../../../../app/api.ts";
import { staffOf } from "../../../../../app/auth.ts";
import { approveChannel } from "../../../../../lib/channels/quota.ts";

const app = staffApi("channels-all");

app.openapi(
  createRoute({
    method: "post",
    path: "/",
    tags: ["channels"],
    summary: "Approve a self-registered channel: its quotas (members, uploads, storage) are lifted",
    request: { params: z.object({ id: idParam }) },
    responses: { 204: { description: "Approved (approving again changes nothing)" }, ...staffErrors },
  }),
  async (c) => {
    await approveChannel(c.var.sql, staffOf(c), c.req.valid("param").id);
    return c.body(null, 204);
  },
);

export default app;
