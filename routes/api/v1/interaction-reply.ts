import { createRoute } from "@hono/zod-openapi";
import { errorSchema, json, multipartBody, readUploadForm, staffApi, staffErrors } from "../../../app/api.ts";
import { staffOf } from "../../../app/auth.ts";
import { MEDIA_MAX_BYTES } from "../../../lib/rules/constants.ts";
import { AppError } from "../../../lib/rules/errors.ts";
import { messageSchema, type ReplyBody, replyBodySchema } from "../../../lib/rules/inbox_schema.ts";
import { replyToMessage } from "../../../lib/inbox/service.ts";

const app = staffApi("participations-reply");

app.openapi(
  createRoute({
    method: "post",
    path: "/",
    tags: ["participations"],
    summary: "Reply to a message: JSON reply payload (text), or multipart with an audio/video file " +
      "(field file; interaction_id in the form or the query)",
    request: {
      body: {
        content: {
          "application/json": { schema: replyBodySchema },
          ...multipartBody({ interaction_id: "integer", file: "binary", text: "string" }, ["file"]),
        },
        // not required: the JSON validator then runs on JSON bodies only, and the form is read below
        required: false,
      },
    },
    responses: {
      201: json(messageSchema, "The message with its replies"),
      ...staffErrors,
      413: json(errorSchema, "File larger than 10 MB"),
      415: json(errorSchema, "Not an audio or video file"),
    },
  }),
  async (c) => {
    const type = c.req.header("content-type") ?? "";
    let messageId: number, text: string | null, file: unknown;
    if (type.startsWith("multipart/form-data")) {
      const form = await readUploadForm(c.req, MEDIA_MAX_BYTES);
      messageId = Number(form.get("interaction_id") ?? c.req.query("interaction_id"));
      if (!Number.isSafeInteger(messageId) || messageId <= 0) {
        throw new AppError(400, "validation", {}, { interaction_id: ["required"] });
      }
      file = form.get("file") ?? "";
      const caption = form.get("text");
      text = typeof caption === "string" && caption.trim() ? caption.trim().slice(0, 5000) : null;
    } else {
      // validated by the route's JSON schema; with two media types declared the input type is not inferred
      const body: Partial<ReplyBody> = c.req.valid("json" as never);
      if (!body.interaction_id || !body.content) throw new AppError(400, "invalid_json"); // a body that is not JSON
      messageId = body.interaction_id;
      text = body.content.text;
    }
    return c.json(
      await replyToMessage(
        c.var.sql,
        c.var.deps.storage,
        staffOf(c),
        messageId,
        { text, file },
        c.var.deps.boss,
        c.var.deps.now?.(),
      ),
      201,
    );
  },
);

export default app;
