import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { apiApp, json } from "../../../app/api.ts";
import { issueDeviceId } from "../../../lib/rules/vote_integrity.ts";

const app = apiApp();

app.openapi(
  createRoute({
    method: "post",
    path: "/",
    tags: ["interactions"],
    summary: "A device id for the widget (issued and signed by the server)",
    description: "The widget asks once and keeps it in local storage; participations send it as " +
      "`device_id`. One vote per device is enforced with it; an id not issued here is refused (400 " +
      "invalid_device).",
    responses: { 200: json(z.object({ device_id: z.string() }), "A new device id") },
  }),
  (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({ device_id: issueDeviceId(c.var.deps.jwtSecret) }, 200);
  },
);

export default app;
