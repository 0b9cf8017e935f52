// Bounded request bodies, for every route and the fronts before routing (app/front.ts): a body over its limit
// is refused with 413 before a byte is read when Content-Length says so, and as soon as it goes over when it
// is chunked; a body that stalls or trickles is cut off with 408; slow bodies past their caps (per client
// address and in all) are answered 503 with Retry-After. The body reaches the route as a stream (never
// buffered here), so a tus upload flows on to its store. Constants: lib/rules/constants.ts "Bounded requests".
import { Context } from "hono";
import type { AppDeps } from "./env.ts";
import { clientAddress } from "./auth.ts";
import { errorResponse } from "./errors.ts";
import { requestPath } from "./front.ts";
import { AppError } from "../lib/rules/errors.ts";
import {
  bodyLimitFor,
  type BodyProgress,
  bodyTooSlow,
  isMultipartForm,
  pathMatches,
} from "../lib/rules/http_limits.ts";
import {
  SLOW_BODIES_MAX,
  SLOW_BODIES_PER_ADDRESS,
  SLOW_BODY_AFTER_MS,
  SLOW_BODY_RETRY_AFTER_SECONDS,
} from "../lib/rules/constants.ts";

const declared: { pattern: string; bytes: number }[] = [];

/**
 * A route that takes a larger body than BODY_MAX_BYTES says so next to its handler, with its path pattern
 * (`{id}` for a segment, a final `/*` for the rest): `declareBodyLimit("/api/v1/files/*", bytes)`.
 */
export function declareBodyLimit(pattern: string, bytes: number): void {
  declared.push({ pattern, bytes });
}

/** The body limit of a request to `path` (exported for tests). */
export function bodyLimitOf(path: string, contentType: string | null): number {
  const route = declared.find((d) => pathMatches(d.pattern, path));
  return bodyLimitFor(contentType, route?.bytes ?? null);
}

/** Why a body was refused: the answer's status and error code. */
type Refusal = { status: 400 | 408 | 413 | 503; code: string; params?: Record<string, unknown> };

interface Watched extends BodyProgress {
  address: string;
  slow: boolean;
  refuse(refusal: Refusal): void;
}

/** Bodies being read, swept once a second (one timer for all). */
class Sweeper {
  readonly bodies = new Set<Watched>();
  readonly slowByAddress = new Map<string, number>();
  slow = 0;
  #timer: ReturnType<typeof setInterval> | null = null;

  add(body: Watched) {
    this.bodies.add(body);
    if (this.#timer !== null) return;
    const timer = setInterval(() => this.sweep(), 1000);
    // a timer must not keep a stopping process alive
    Deno.unrefTimer(timer);
    this.#timer = timer;
  }

  remove(body: Watched) {
    if (!this.bodies.delete(body)) return;
    if (body.slow) {
      this.slow--;
      const left = (this.slowByAddress.get(body.address) ?? 1) - 1;
      if (left > 0) this.slowByAddress.set(body.address, left);
      else this.slowByAddress.delete(body.address);
    }
    if (this.bodies.size === 0 && this.#timer !== null) {
      clearInterval(this.#timer);
      this.#timer = null;
    }
  }

  sweep(now = performance.now()) {
    for (const body of this.bodies) {
      if (bodyTooSlow(body, now)) {
        body.refuse({ status: 408, code: "too_slow" });
        continue;
      }
      if (body.slow || now - body.startedAt < SLOW_BODY_AFTER_MS) continue;
      const ofAddress = this.slowByAddress.get(body.address) ?? 0;
      if (ofAddress >= SLOW_BODIES_PER_ADDRESS || this.slow >= SLOW_BODIES_MAX) {
        body.refuse({ status: 503, code: "unavailable" });
        continue;
      }
      body.slow = true;
      this.slow++;
      this.slowByAddress.set(body.address, ofAddress + 1);
    }
  }
}

/** The answer to a refused body, in the caller's language, saying when to come back where it may. */
function refusalResponse(req: Request, env: unknown, refusal: Refusal): Response {
  const res = errorResponse(
    new AppError(refusal.status, refusal.code, refusal.params),
    new Context(req, { env, path: requestPath(req.url) }),
  );
  if (refusal.status === 503) res.headers.set("Retry-After", String(SLOW_BODY_RETRY_AFTER_SECONDS));
  // the rest of the body is not read: the connection cannot carry another request
  res.headers.set("Connection", "close");
  return res;
}

/**
 * Makes `app.fetch` bound every request body (see the top of this file). Wraps the fetch of
 * answerBeforeRouting, so the fronts' bodies are bounded too.
 */
export function boundBodies<
  A extends { fetch: (req: Request, ...rest: never[]) => Response | Promise<Response> },
>(app: A, deps: AppDeps): A & { slowBodies: Sweeper } {
  const inner = app.fetch;
  const sweeper = new Sweeper();

  const guarded = async (req: Request, rest: never[]): Promise<Response> => {
    const source = req.body!;
    const limit = bodyLimitOf(requestPath(req.url), req.headers.get("content-type"));
    // a form is too large because of its file: the answer says so, with the largest size, as the route would
    const tooLarge: Refusal = isMultipartForm(req.headers.get("content-type"))
      ? { status: 413, code: "file_too_large", params: { mb: Math.floor(limit / 1024 / 1024) } }
      : { status: 413, code: "too_large" };
    const length = req.headers.get("content-length");
    if (length !== null && Number(length) > limit) {
      await source.cancel().catch(() => {});
      return refusalResponse(req, rest[0], tooLarge);
    }
    let refusal: Refusal | null = null;
    const reader = source.getReader();
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const now = performance.now();
    const body: Watched = {
      startedAt: now,
      lastByteAt: now,
      bytes: 0,
      address: clientAddress(deps.config, req.headers.get("x-forwarded-for"), rest[0]),
      slow: false,
      refuse(why) {
        if (refusal) return;
        refusal = why;
        sweeper.remove(body);
        reader.cancel().catch(() => {});
        try {
          controller.error(new AppError(why.status, why.code));
        } catch { /* already closed */ }
      },
    };
    sweeper.add(body);
    const bounded = new ReadableStream<Uint8Array>({
      start(c) {
        controller = c;
      },
      async pull(c) {
        let chunk;
        try {
          chunk = await reader.read();
        } catch {
          // the client went away mid-body: nobody is left to answer
          if (!refusal) body.refuse({ status: 400, code: "bad_request" });
          return;
        }
        if (refusal) return;
        if (chunk.done) {
          sweeper.remove(body);
          return c.close();
        }
        body.bytes += chunk.value.byteLength;
        body.lastByteAt = performance.now();
        if (body.bytes > limit) return body.refuse(tooLarge);
        c.enqueue(chunk.value);
      },
      cancel() {
        sweeper.remove(body);
        reader.cancel().catch(() => {});
      },
    }, { highWaterMark: 0 });
    let res: Response | null = null;
    try {
      const init = { method: req.method, headers: req.headers, body: bounded, duplex: "half" };
      res = await inner(new Request(req.url, init as RequestInit), ...rest);
    } catch (error) {
      // a reader that met the refusal may throw it (the vote front's req.text()): the refusal answers
      if (!refusal) throw error;
    } finally {
      // a route that answered without reading its body
      if (!refusal) sweeper.remove(body);
    }
    if (!refusal) return res!;
    await res?.body?.cancel().catch(() => {});
    return refusalResponse(req, rest[0], refusal);
  };

  app.fetch =
    ((req: Request, ...rest: never[]) => req.body === null ? inner(req, ...rest) : guarded(req, rest)) as A[
      "fetch"
    ];
  return Object.assign(app, { slowBodies: sweeper });
}
