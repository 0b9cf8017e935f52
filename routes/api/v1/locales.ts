import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { apiApp, errorSchema, json } from "../../../app/api.ts";
import { dictionaryJson } from "../../../app/i18n.ts";
import { LANGUAGES } from "../../../lib/rules/i18n.ts";

const app = apiApp();

app.openapi(
  createRoute({
    method: "get",
    path: "/{lang}",
    tags: ["widgets"],
    summary: "Interface texts of one language (a widget switching language or opening a later screen)",
    description:
      "The texts of the sections `ns` (comma separated: top-level parts of the locale files, or paths " +
      "inside them such as `channel_widget.login`) of the language, resolved with fr as the fallback, " +
      'shaped as the pages carry them (`{"section.key": "text"}`). Unknown sections are left out. The ' +
      "channel widget fetches a screen's texts with its code, the first time the screen opens.",
    request: {
      params: z.object({ lang: z.enum(LANGUAGES) }),
      query: z.object({ ns: z.string().max(500).regex(/^[a-z_.,]*$/) }),
    },
    responses: {
      200: json(z.record(z.string(), z.string()), "The texts"),
      400: json(errorSchema, "Unknown language or malformed sections"),
    },
  }),
  (c) => {
    const { lang } = c.req.valid("param");
    const { ns } = c.req.valid("query");
    c.header("Cache-Control", "public, max-age=3600");
    const texts = dictionaryJson(lang, ns.split(",").filter(Boolean).slice(0, 30));
    return c.json(JSON.parse(texts) as Record<string, string>, 200);
  },
);

export default app;
