// A listener's participation answered before the app's routing: the fast path that POST /api/v1/interactions
// declares (`fast`, found through the route manifest). When "vote now" is said on air, nearly every request
// is a vote from a widget with no session. The front validates it with the route's schema and answers it
// through the route's function (lib/participations/vote.ts listenerParticipation), with the same headers and
// the same error answers (errorResponse), but without the chain's middlewares, Hono's routing and its
// validator (bench/votes.ts measures what that saves).
//
// Anything else goes to the chain, which answers it as before: a token or a cookie (a session to read, a
// cross-origin check), another address or content type, a body the schema or the storable-text check refuses
// (the chain's validation answer names the fields), and a high-stakes vote's proof (spent when checked: the
// chain checks it once).
//
// A live quiz's answer (POST /api/v1/quizzes/{id}/answers) goes the same way: a TV game's "answer now" is the
// same burst from widgets with no session, answered through the route's function (lib/quiz/service.ts
// answerQuiz) by the same front, with the quiz's schema.
import { Context } from "hono";
import type { Chain, RouteFront } from "./front.ts";
import type { AppDeps } from "./env.ts";
import { clientAddress } from "./auth.ts";
import { errorResponse } from "./errors.ts";
import { securityHeadersOf } from "./secure_headers.ts";
import { listenerParticipation, sendSchema } from "../lib/participations/vote.ts";
import { unstorableTextPaths } from "../lib/rules/validation.ts";
import { answerQuiz } from "../lib/quiz/service.ts";
import { quizAnswerSchema } from "../lib/rules/quiz.ts";
import { idParam } from "./api.ts";
import { busOf } from "../lib/live/bus.ts";
import { translator } from "./i18n.ts";
import { resolveLanguage } from "../lib/rules/i18n.ts";

/** JSON as the chain's validator reads it: `application/json`, with parameters (a charset) or none. */
const JSON_TYPE = /^application\/json(;\s*[a-zA-Z0-9\-]+=([^;]+))*$/;

/** What the front does with each answer (the chain's request log and metrics, by the route's pattern). */
export type Observe = (req: Request, res: Response, started: number, route: string) => void;

/**
 * What a listener front answers: `validate` gives the body if the route would take it as it is (else null:
 * the chain answers it, naming the fields), `answer` is the route's function.
 */
interface ListenerRoute<B> {
  validate(text: string): B | null;
  answer(body: B, address: string, req: Request, params: Record<string, string>): Promise<unknown>;
}

/** A front that answers a listener's JSON POST without a session as its route would. */
function listenerFront<B>(deps: AppDeps, route: ListenerRoute<B>, observe?: Observe): RouteFront {
  const headersOf = new Map<string, [string, string][]>();
  async function answer(
    req: Request,
    env: unknown,
    chain: Chain,
    path: string,
    params: Record<string, string>,
  ): Promise<Response> {
    const started = performance.now();
    const text = await req.text();
    const body = route.validate(text);
    if (!body) {
      // the chain reads the same bytes and gives its own answer (a 400 naming the fields, or the answer)
      const headers = new Headers(req.headers);
      headers.delete("content-length");
      return await chain(new Request(req.url, { method: "POST", headers, body: text }));
    }
    let headers = headersOf.get(path);
    if (!headers) {
      headersOf.set(path, headers = [["Content-Type", "application/json"], ...securityHeadersOf(path)]);
    }
    let res: Response;
    try {
      const address = clientAddress(deps.config, req.headers.get("x-forwarded-for"), env);
      res = new Response(JSON.stringify(await route.answer(body, address, req, params)), { headers });
    } catch (error) {
      res = errorResponse(error, new Context(req, { env, path }));
      for (const [name, value] of headers) if (name !== "Content-Type") res.headers.set(name, value);
    }
    observe?.(req, res, started, path);
    return res;
  }

  return {
    serve(req, env, chain, { route: path, params }) {
      const headers = req.headers;
      // the address without a query, a listener without a session, a JSON body: the rest is the chain's
      if (
        req.method !== "POST" || req.url.includes("?") || headers.has("authorization") ||
        headers.has("cookie") || headers.has("idempotency-key") ||
        !JSON_TYPE.test(headers.get("content-type") ?? "")
      ) return null;
      return answer(req, env, chain, path, params);
    },
  };
}

/** The vote front of an app, for the route that declares it. */
export function voteFront(deps: AppDeps, observe?: Observe): RouteFront {
  return listenerFront(deps, {
    validate: validVote,
    answer: (body, address) => listenerParticipation(deps, body, address, null),
  }, observe);
}

/**
 * The quiz answer front of an app, for the route that declares it (`segment`: its parameter). The player's
 * fallback name is in the language the chain would choose for this request (no query, no session: the
 * browser's), and the time of receipt is the server's, as in the route.
 */
export function quizFront(deps: AppDeps, observe?: Observe): RouteFront {
  const front = listenerFront(deps, {
    validate(text) {
      const parsed = quizAnswerSchema.safeParse(jsonOf(text));
      return parsed.success && unstorableTextPaths(parsed.data).length === 0 ? parsed.data : null;
    },
    answer(body, address, req, params) {
      const t = translator(
        resolveLanguage({
          acceptLanguage: req.headers.get("accept-language") ?? undefined,
          allowTechnical: true,
        }),
      );
      return answerQuiz(
        { sql: deps.sql, secret: deps.jwtSecret, bus: busOf(deps), now: deps.now?.() ?? new Date(), address },
        Number(params.id),
        body,
        null,
        t("quiz.player"),
      );
    },
  }, observe);
  return {
    serve(req, env, chain, match) {
      // an id the route's parameter refuses is the chain's answer (its 400)
      const fast = match.fast as { segment: string };
      const id = idParam.safeParse(match.params[fast.segment]);
      if (!id.success) return null;
      return front.serve(req, env, chain, { ...match, params: { id: String(id.data) } });
    },
  };
}

/** The JSON of a body, or undefined when it is none. */
function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The body if the route would take it as it is, else null (the chain answers it). */
function validVote(text: string) {
  const parsed = sendSchema.safeParse(jsonOf(text));
  if (!parsed.success || parsed.data.altcha !== undefined || unstorableTextPaths(parsed.data).length > 0) {
    return null;
  }
  return parsed.data;
}
