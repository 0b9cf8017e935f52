import { Hono } from "hono";
import type { AppEnv } from "../../app/env.ts";
import { renderPage } from "../../framework/render.tsx";
import { type ApiDocument, ApiReference } from "../../components/ApiReference.tsx";

/** GET /api/docs: the API reference, rendered from /api/openapi.json. */
export default new Hono<AppEnv>().get(
  "/",
  (c) =>
    // the document is built from the routes' own schemas (app/openapi.ts); the reference reads its paths
    renderPage(c, <ApiReference doc={c.var.openapi() as ApiDocument} />, {
      title: c.var.t("api.docs_title"),
      css: ["admin.css"],
    }),
);
