import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { apiApp, errorSchema, idParam, json } from "../../../../app/api.ts";
import { quizForListener } from "../../../../lib/quiz/service.ts";

const tags = ["interactions"];
const params = z.object({ id: idParam });
const now = (deps: { now?: () => Date }) => deps.now?.() ?? new Date();

const app = apiApp();

app.openapi(
  createRoute({
    method: "get",
    path: "/",
    tags,
    summary:
      "A listener's view of a live quiz: the question open, its time left on the server's clock, scores",
    description:
      "`remaining_ms` is counted on the server: the widget counts down from it, never from its own " +
      "clock. The questions still open that this player has not answered are listed (a late joiner plays them).",
    request: { params, query: z.object({ device_id: z.string().max(100).optional() }) },
    responses: {
      200: json(z.object({}).passthrough(), "The quiz as this listener sees it"),
      400: json(errorSchema, "A device id not issued here"),
      403: json(errorSchema, "Another channel's listener"),
      404: json(errorSchema, "Not a game with questions"),
    },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const deps = c.get("deps");
    const view = await quizForListener(
      { sql: c.get("sql"), secret: deps.jwtSecret, now: now(deps) },
      id,
      c.get("appUserId"),
      c.req.valid("query").device_id,
    );
    c.header("Cache-Control", "no-store");
    return c.json(view, 200);
  },
);

export default app;
