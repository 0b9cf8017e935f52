import { createRoute } from "@hono/zod-openapi";
import {
  apiApp,
  assertStorableText,
  errorSchema,
  json,
  readUploadForm,
  staffErrors,
} from "../../../app/api.ts";
import { requireStaff, staffOf } from "../../../app/auth.ts";
import { insertReply } from "../../../db/inbox.ts";
import { MEDIA_MAX_BYTES } from "../../../lib/rules/constants.ts";
import { AppError } from "../../../lib/rules/errors.ts";
import { messageSchema, replyBodySchema } from "../../../lib/rules/inbox_schema.ts";
import { messageFor, messageWithReplies, storeReplyFile } from "../../../lib/inbox/service.ts";

const app = apiApp();
app.use("*", requireStaff("participations-reply"));

app.openapi(
  createRoute({
    method: "post",
    path: "/",
    tags: ["participations"],
    summary: "Reply to a message: JSON reply payload (text), or multipart with an audio/video file " +
      "(field file; interaction_id in the form or the query)",
    // Bodies are read by the handler: JSON (replyBodySchema) or a multipart form streamed with a size limit.
    responses: {
      201: json(messageSchema, "The message with its replies"),
      ...staffErrors,
      413: json(errorSchema, "File larger than 10 MB"),
      415: json(errorSchema, "Not an audio or video file"),
    },
  }),
  async (c) => {
    const user = staffOf(c);
    const sql = c.var.sql;
    const type = c.req.header("content-type") ?? "";
    let messageId: number, text: string | null = null, file: unknown = null;
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
      let payload: unknown;
      try {
        payload = await c.req.json();
      } catch {
        throw new AppError(400, "invalid_json");
      }
      assertStorableText(payload);
      const parsed = replyBodySchema.safeParse(payload);
      if (!parsed.success) {
        const fields: Record<string, string[]> = {};
        for (const issue of parsed.error.issues) {
          (fields[issue.path.join(".") || "_"] ??= []).push(issue.message);
        }
        throw new AppError(400, "validation", {}, fields);
      }
      messageId = parsed.data.interaction_id;
      text = parsed.data.content.text;
    }
    const message = await messageFor(sql, user, messageId);
    const stored = file === null
      ? null
      : await storeReplyFile(sql, c.var.deps.storage, message.channel_id, file);
    await insertReply(sql, {
      messageId,
      channelId: message.channel_id,
      userId: user.id,
      type: stored ? "voice" : "text",
      text,
      mediaId: stored?.mediaId,
      recordingUrl: stored?.url,
    });
    return c.json(await messageWithReplies(sql, user, messageId), 201);
  },
);

export default app;
