import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { json, staffApi, staffErrors } from "../../../app/api.ts";
import { staffOf } from "../../../app/auth.ts";
import { unreadCountFor } from "../../../lib/channels/pages.ts";

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

export default app;
