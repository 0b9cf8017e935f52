import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { errorSchema, json, staffApi, staffErrors } from "../../../../app/api.ts";
import { staffOf } from "../../../../app/auth.ts";
import { SECURITY } from "../../../../app/openapi.ts";
import { translator } from "../../../../app/i18n.ts";
import { loadAiContext } from "../../../../lib/ai/assistant.ts";
import { aiProvider } from "../../../../lib/ai/provider.ts";
import { answerStream } from "../../../../lib/ai/stream.ts";
import { AI_PROMPT_MAX_LENGTH } from "../../../../lib/rules/constants.ts";

const app = staffApi("ai-assistant");

const text = { schema: z.string() };

app.openapi(
  createRoute({
    method: "post",
    path: "/",
    security: SECURITY.staffWithApiKey,
    tags: ["ai"],
    summary: "Ask the AI assistant about the participations of an interaction",
    description: "Header `api-key`: the uuid of the caller's channel. The answer is markdown, streamed: " +
      "`text/plain` chunks by default; with `Accept: text/event-stream`, events `delta` {text}, then " +
      "`done` {markdown, html (sanitised), empty} or `error` {message}. Without AI_BASE_URL the built-in " +
      "analyst answers. Rate-limited per user and per channel (429).",
    request: {
      headers: z.object({ "api-key": z.string().optional() }),
      body: {
        content: {
          "application/json": {
            schema: z.object({
              prompt: z.string().trim().min(1).max(AI_PROMPT_MAX_LENGTH),
              segment_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
              time_zone: z.string().max(64).optional(),
            }),
          },
        },
        required: true,
      },
    },
    responses: {
      200: {
        content: { "text/plain": text, "text/event-stream": text },
        description:
          "The answer, streamed: the markdown answer (text/plain) or its events (text/event-stream)",
      },
      ...staffErrors,
      429: json(errorSchema, "Too many questions"),
      503: json(errorSchema, "The model server did not answer"),
    },
  }),
  async (c) => {
    const user = staffOf(c);
    const body = c.req.valid("json");
    const { channelId, context } = await loadAiContext(c.var.sql, user, {
      apiKey: c.req.header("api-key"),
      segmentId: body.segment_id,
      timeZone: body.time_zone,
      question: body.prompt,
    });
    const sse = (c.req.header("accept") ?? "").includes("text/event-stream");
    const stream = await answerStream({
      provider: aiProvider(c.var.deps.config),
      question: body.prompt,
      context,
      t: translator(context.language),
      sse,
      log: { sql: c.var.sql, channelId, userId: user.id },
    });
    return new Response(stream, {
      status: 200,
      headers: {
        "content-type": sse ? "text/event-stream; charset=utf-8" : "text/plain; charset=utf-8",
        "cache-control": "no-store",
        "x-accel-buffering": "no",
      },
    });
  },
);

export default app;
