import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { apiApp, errorSchema, json } from "../../../app/api.ts";
import { dictionaryJson, TEXTS_VERSION } from "../../../app/i18n.ts";
import { LANGUAGES } from "../../../lib/rules/i18n.ts";
import { versionedCacheControl } from "../../../lib/rules/http_cache.ts";

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
      "channel widget fetches a screen's texts with its code, the first time the screen opens, with the " +
      "version `v` of the texts its page was made with: that answer may be kept for a year while the " +
      "server holds that version; without it, or with another one, it is checked again each time (ETag).",
    request: {
      params: z.object({ lang: z.enum(LANGUAGES) }),
      query: z.object({
        ns: z.string().max(500).regex(/^[a-z_.,]*$/),
        v: z.string().regex(/^[0-9a-f]{16}$/).optional(),
      }),
    },
    responses: {
      200: json(z.record(z.string(), z.string()), "The texts"),
      400: json(errorSchema, "Unknown language or malformed sections"),
    },
  }),
  (c) => {
    const { lang } = c.req.valid("param");
    const { ns, v } = c.req.valid("query");
    // a deploy that changes a text changes the version, hence the address
    c.header("Cache-Control", versionedCacheControl(v, TEXTS_VERSION));
    const texts = dictionaryJson(lang, ns.split(",").filter(Boolean).slice(0, 30));
    return c.json(JSON.parse(texts) as Record<string, string>, 200);
  },
);

export default app;
