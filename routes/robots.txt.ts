import { Hono } from "hono";
import type { AppEnv } from "../app/env.ts";
import type { RouteNeeds } from "../lib/rules/http_cache.ts";

/** Read by crawlers: no session to look up, no text to translate. */
export const needs: RouteNeeds = { session: false, translator: false };

/** GET /robots.txt: the public widget and share pages may be indexed; the back office may not. */
export default new Hono<AppEnv>().get("/", (c) => {
  c.header("Cache-Control", "public, max-age=86400");
  return c.text("User-agent: *\nAllow: /widgets/\nAllow: /s/\nAllow: /static/\nDisallow: /\n");
});
