// What a request handler can reach: the app's dependencies (database, mail, storage, live bus, jobs) and
// the typed context values every handler reads.
import type { Sql } from "postgres";
import type PgBoss from "pg-boss";
import type { Config } from "../lib/platform/config.ts";
import type { TFunction } from "../lib/rules/i18n.ts";
import type { StaffUser } from "../lib/rules/permissions.ts";
import type { Mailer } from "../lib/platform/mail.ts";
import type { Storage } from "../lib/media/storage.ts";
import type { EventBus } from "../lib/live/bus.ts";
import type { ResultsRead } from "../db/votes.ts";
import type { RouteNeeds } from "../lib/rules/http_cache.ts";
import type { WebhookNetwork } from "../lib/webhooks/transport.ts";

/** What the app is built from; tests pass their own. */
export interface AppDeps {
  sql: Sql;
  config: Config;
  jwtSecret: Uint8Array;
  boss?: PgBoss;
  mailer: Mailer;
  storage: Storage;
  /** Live events across instances (lib/live/bus.ts); without one, busOf() gives an in-process bus. */
  bus?: EventBus;
  /** The date of "now", injectable for tests of time rules. */
  now?: () => Date;
  /** The resolver and trusted roots of webhook deliveries (tests give their own DNS server and receiver). */
  webhookNetwork?: WebhookNetwork;
}

/** The typed context values every handler reads (`c.var.sql`, `c.var.user`, …). */
export interface AppEnv {
  Variables: {
    deps: AppDeps;
    sql: Sql;
    lang: string;
    t: TFunction;
    /** The resolved texts of the locale sections a page hands to its islands (app/i18n.ts dictionaryJson). */
    localeJson: (lang: string, namespaces: Iterable<string>) => string;
    /** The version of those texts (app/i18n.ts TEXTS_VERSION). */
    localeVersion: string;
    /** The staff user of the session, when any. */
    user: StaffUser | null;
    /** The visitor (app user) id of a widget bearer token, when any. */
    appUserId: number | null;
    /** The server-side session of the request's token (staff or visitor), when live. */
    sessionId: string | null;
    requestId: string;
    /** Until when the render cache may serve the page this request rendered (ms; app/page_cache.ts). */
    renderedUntil?: number;
    /** What the request's route declares its reads need of the middlewares (routes.gen.ts routeNeeds). */
    needs?: RouteNeeds;
    /** The public results read a results answer was made from (app/results_front.ts keeps it with it). */
    resultsRead?: ResultsRead;
    /** The OpenAPI document of the whole API. */
    openapi: () => unknown;
  };
}
