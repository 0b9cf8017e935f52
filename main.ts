// The product as one Hono app: the fast paths declared with their routes, the middleware chain (security
// headers, compression, authentication, languages, caching), the route manifest's pages and API, and the
// static files. scripts/start.ts serves it; tests build it with their own dependencies.
import { OpenAPIHono } from "@hono/zod-openapi";
import { serveStatic } from "hono/deno";
import type { AppDeps, AppEnv } from "./app/env.ts";
import { authenticate } from "./app/auth.ts";
import { errorResponse } from "./app/errors.ts";
import { httpCache } from "./app/http_cache.ts";
import { secureHeaders } from "./app/secure_headers.ts";
import { pageCache } from "./app/page_cache.ts";
import { resultsFront } from "./app/results_front.ts";
import { staticFiles } from "./app/static_files.ts";
import { answerBeforeRouting, fastLookup, routeFronts } from "./app/front.ts";
import { boundBodies } from "./app/body_limit.ts";
import { quizFront, voteFront } from "./app/vote_front.ts";
import { observeRequest } from "./lib/platform/metrics.ts";
import { imageVariants } from "./app/image_variants.ts";
import { countInFlight, requestMetrics } from "./app/metrics.ts";
import { validationHook } from "./app/api.ts";
import { dictionaryJson, TEXTS_VERSION, translator } from "./app/i18n.ts";
import { resolveLanguage, widgetLanguage } from "./lib/rules/i18n.ts";
import { AppError } from "./lib/rules/errors.ts";
import { IMMUTABLE, middlewareNeeds, varyAcceptEncoding } from "./lib/rules/http_cache.ts";
import { hasUnstorableCharacter } from "./lib/rules/validation.ts";
import { fastRoutes, middlewares, routeNeeds, routes } from "./routes.gen.ts";
import { documentWebhooks } from "./lib/webhooks/openapi.ts";
import { completeDocument } from "./app/openapi.ts";
import { publicUrl } from "./lib/platform/config.ts";
import { nameRequest, traceChannel } from "./lib/platform/tracing.ts";
import { log, withRequestId } from "./lib/platform/log.ts";
import { routePath } from "hono/route";

const OPENAPI_INFO = {
  openapi: "3.1.0",
  info: { title: "Interaction Manager API", version: "1.0.0" },
};

/** Builds the whole app (pages, API, static files) from its dependencies; serving is in scripts/start.ts. */
export function createApp(deps: AppDeps): OpenAPIHono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>({
    strict: false,
    defaultHook: validationHook,
  });

  const root = new URL("./", import.meta.url).pathname;
  // the routes' description completed once (app/openapi.ts), served by /api/openapi.json and /api/docs
  let document: object | undefined;
  const openapi = () =>
    document ??= completeDocument(app.getOpenAPI31Document(OPENAPI_INFO), publicUrl(deps.config));
  if (deps.config.METRICS_TOKEN) app.use(requestMetrics());
  // static files, and the routes that declare a fast path (rendered widget pages, public results) answered from
  // memory, before the rest of the chain
  const lookup = fastLookup(fastRoutes, routes);
  const statics = staticFiles(root), pages = pageCache(deps, lookup), results = resultsFront(deps, lookup);
  app.use(statics.middleware);
  app.use(pages.middleware);
  app.use(results.middleware);
  app.use(httpCache());
  app.use(async (c, next) => {
    const requestId = crypto.randomUUID().slice(0, 8);
    c.set("requestId", requestId);
    c.set("deps", deps);
    c.set("sql", deps.sql);
    c.set("openapi", openapi);
    const started = performance.now();
    // every entry logged while the request is handled carries its id (lib/platform/log.ts)
    await withRequestId(requestId, next);
    // the request's span (when traces are exported) named by the route that answered, with its channel
    nameRequest(c.req.method, routePath(c) || "unmatched");
    traceChannel(c.var.user?.channel_id ?? c.req.param("channelId"));
    if (deps.config.LOG_REQUESTS === "on") logRequest(c.req.raw, c.res, started, c.var.requestId);
  });
  // Content-Security-Policy, framing (widgets embeddable, the back office not) and the other security headers
  app.use(secureHeaders());
  app.use(
    "/static/*",
    async (c, next) => {
      await next();
      if (c.res.ok) {
        const immutable = c.req.path.startsWith("/static/build/") || c.req.query("v");
        c.header("Cache-Control", immutable ? IMMUTABLE : "public, max-age=3600");
        // the build wrote .br/.gz copies of these; caches keep one per encoding
        if (/\.(js|css|svg|json)$/.test(c.req.path)) {
          c.header("Vary", varyAcceptEncoding(c.res.headers.get("Vary")));
        }
      }
    },
    // a NUL in a file name is no file: refused before the file system sees it
    async (c, next) => hasUnstorableCharacter(c.req.path) ? c.notFound() : await next(),
    // the stock backgrounds as AVIF or WebP where the browser accepts them
    imageVariants(root, "backgrounds"),
    serveStatic({ root, precompressed: true }),
  );
  // what a route declares its reads need of the middlewares below (`export const needs`), on its own addresses
  for (const { path, needs } of routeNeeds) {
    app.use(path, async (c, next) => {
      c.set("needs", needs);
      await next();
    });
  }
  const auth = authenticate();
  app.use(async (c, next) => {
    // a public page read skips the staff session lookup (lib/rules/http_cache.ts middlewareNeeds)
    if (middlewareNeeds(c.req.method, c.get("needs"), c.req.query("preview")).session) {
      return await auth(c, next);
    }
    c.set("user", null);
    c.set("appUserId", null);
    c.set("sessionId", null);
    await next();
  });
  app.use(async (c, next) => {
    const needs = c.get("needs");
    if (!middlewareNeeds(c.req.method, needs, c.req.query("preview")).translator) return await next();
    // widget pages: one rule (lib/rules/i18n.ts widgetLanguage); a page that knows its interaction
    // applies that interaction's language (app/i18n.ts useWidgetLanguage); the signed-in listener's,
    // kept in the browser's storage, is applied by the page's islands (app/client.ts)
    const lang = needs?.widgetLanguage
      ? widgetLanguage({ query: c.req.query("lang"), acceptLanguage: c.req.header("accept-language") })
      : resolveLanguage({
        query: c.req.query("lang"),
        user: c.get("user")?.language,
        acceptLanguage: c.req.header("accept-language"),
        allowTechnical: true,
      });
    c.set("lang", lang);
    c.set("t", translator(lang));
    c.set("localeJson", dictionaryJson);
    c.set("localeVersion", TEXTS_VERSION);
    await next();
  });

  for (const m of middlewares) app.use(m.path === "/" ? "*" : `${m.path}/*`, m.handler);
  for (const r of routes) app.route(r.path, r.app);
  documentWebhooks(app.openAPIRegistry); // the webhooks section of the OpenAPI document

  app.get("/api/openapi.json", (c) => c.json(openapi()));
  app.notFound((c) => {
    if (c.req.path.startsWith("/api/") || c.req.path.startsWith("/static/")) {
      return errorResponse(new AppError(404, "not_found"), c);
    }
    return c.redirect("/interactions", 302);
  });
  app.onError(errorResponse);
  // a listener's vote and quiz answer answered as their routes would, without the chain (app/vote_front.ts),
  // logged and counted as the chain does
  const observe = (req: Request, res: Response, started: number, route: string) => {
    if (deps.config.METRICS_TOKEN) {
      observeRequest(route, "POST", res.status, (performance.now() - started) / 1000);
    }
    if (deps.config.LOG_REQUESTS === "on") logRequest(req, res, started, crypto.randomUUID().slice(0, 8));
  };
  const fronts = routeFronts(lookup, {
    page: pages.front,
    results: results.front,
    vote: voteFront(deps, observe),
    quiz: quizFront(deps, observe),
  });
  // every body bounded, the fronts' included (app/body_limit.ts)
  const served = boundBodies(answerBeforeRouting(app, [statics, fronts]), deps);
  return deps.config.METRICS_TOKEN ? countInFlight(served) : served;
}

/** A request's entry in the log (LOG_REQUESTS=on). */
function logRequest(req: Request, res: Response, started: number, requestId: string) {
  const ms = Math.round((performance.now() - started) * 10) / 10;
  withRequestId(requestId, () =>
    log.info("request", {
      method: req.method,
      path: new URL(req.url).pathname,
      status: res.status,
      duration_ms: ms,
    }));
}
