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
import { Context } from "hono";
import type { Chain, RouteFront } from "./front.ts";
import type { AppDeps } from "./env.ts";
import { clientAddress } from "./auth.ts";
import { errorResponse } from "./errors.ts";
import { securityHeadersOf } from "./secure_headers.ts";
import { listenerParticipation, sendSchema } from "../lib/participations/vote.ts";
import { unstorableTextPaths } from "../lib/rules/validation.ts";

/** JSON as the chain's validator reads it: `application/json`, with parameters (a charset) or none. */
const JSON_TYPE = /^application\/json(;\s*[a-zA-Z0-9\-]+=([^;]+))*$/;

/** What the front does with each answer (the chain's request log and metrics, by the route's pattern). */
export type Observe = (req: Request, res: Response, started: number, route: string) => void;

/** The vote front of an app, for the route that declares it. */
export function voteFront(deps: AppDeps, observe?: Observe): RouteFront {
  const headersOf = new Map<string, [string, string][]>();
  async function answer(req: Request, env: unknown, chain: Chain, route: string): Promise<Response> {
    const started = performance.now();
    const text = await req.text();
    const body = validVote(text);
    if (!body) {
      // the chain reads the same bytes and gives its own answer (a 400 naming the fields, or the vote)
      const headers = new Headers(req.headers);
      headers.delete("content-length");
      return await chain(new Request(req.url, { method: "POST", headers, body: text }));
    }
    let headers = headersOf.get(route);
    if (!headers) {
      headersOf.set(route, headers = [["Content-Type", "application/json"], ...securityHeadersOf(route)]);
    }
    let res: Response;
    try {
      const address = clientAddress(deps.config, req.headers.get("x-forwarded-for"), env);
      const answer = await listenerParticipation(deps, body, address, null);
      res = new Response(JSON.stringify(answer), { headers });
    } catch (error) {
      res = errorResponse(error, new Context(req, { env, path: route }));
      for (const [name, value] of headers) if (name !== "Content-Type") res.headers.set(name, value);
    }
    observe?.(req, res, started, route);
    return res;
  }

  return {
    serve(req, env, chain, { route }) {
      const headers = req.headers;
      // the address without a query, a listener without a session, a JSON body: the rest is the chain's
      if (
        req.method !== "POST" || req.url.includes("?") || headers.has("authorization") ||
        headers.has("cookie") || headers.has("idempotency-key") ||
        !JSON_TYPE.test(headers.get("content-type") ?? "")
      ) return null;
      return answer(req, env, chain, route);
    },
  };
}

/** The body if the route would take it as it is, else null (the chain answers it). */
function validVote(text: string) {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = sendSchema.safeParse(json);
  if (!parsed.success || parsed.data.altcha !== undefined || unstorableTextPaths(parsed.data).length > 0) {
    return null;
  }
  return parsed.data;
}
