// Inbox message detail → "Erase this listener's data" (administrators only, logged).
import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { idParam, json, staffApi, staffErrors } from "../../../app/api.ts";
import { staffOf } from "../../../app/auth.ts";
import { eraseAuthorOf } from "../../../lib/app_users/data_rights.ts";
import { audit } from "../../../app/audit.ts";

const app = staffApi("listener-data-erase");

app.openapi(
  createRoute({
    method: "post",
    path: "/",
    tags: ["participations"],
    summary: "Erase the personal data and media of a message's author (its participations in this channel)",
    description: "The account is deleted once no other channel holds a participation of it. Logged in " +
      "erasure_log (who, when, which listener id). A message of another channel is a 404.",
    request: {
      body: {
        content: { "application/json": { schema: z.object({ message_id: idParam }).strict() } },
        required: true,
      },
    },
    responses: {
      200: json(z.object({ messages: z.number(), account_deleted: z.boolean() }), "Erased"),
      ...staffErrors,
    },
  }),
  async (c) => {
    const { message_id } = c.req.valid("json");
    const erased = await eraseAuthorOf(c.var.deps, staffOf(c), message_id);
    // the message named, never the listener: their data is what was just erased
    await audit(c, "listener_erased", {
      object: ["message", message_id],
      details: { count: erased.messages },
    });
    return c.json(erased, 200);
  },
);

export default app;
