// Inbox message detail → "Erase this listener's data" (administrators only, logged).
import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { idParam, json, staffApi, staffErrors } from "../../../app/api.ts";
import { staffOf } from "../../../app/auth.ts";
import { eraseAuthorOf } from "../../../lib/app_users/data_rights.ts";

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
    return c.json(await eraseAuthorOf(c.var.deps, staffOf(c), c.req.valid("json").message_id), 200);
  },
);

export default app;
