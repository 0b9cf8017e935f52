import { Hono } from "hono";
import type { AppEnv } from "../../app/env.ts";
import { renderPage } from "../../framework/render.tsx";
import { ApiReference } from "../../components/ApiReference.tsx";

/** GET /api/docs: the API reference, rendered from /api/openapi.json. */
export default new Hono<AppEnv>().get(
  "/",
  (c) =>
    renderPage(c, <ApiReference doc={c.var.openapi() as never} />, {
      title: c.var.t("api.docs_title"),
      css: ["admin.css"],
    }),
);
