/// <reference lib="dom" />

/** The outcome of an API call from an island: the status, the JSON body (or null) and ok. */
export interface ApiResult<T> {
  ok: boolean;
  status: number;
  data: T;
  /** Seconds to wait, from the Retry-After of a 429 or 503. */
  retryAfter?: number;
}

/**
 * Calls the API with the session cookie: a plain object becomes a JSON body, a FormData is sent as is.
 * Extra headers (a visitor's bearer token, Extra-User-Information) are added when given.
 * Never throws on an HTTP error; a network failure gives status 0.
 */
export async function api<T = unknown>(
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<ApiResult<T>> {
  const init: RequestInit = {
    method,
    credentials: "same-origin",
    headers: { accept: "application/json", ...headers },
  };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)["content-type"] = "application/json";
  }
  try {
    const res = await fetch(url, init);
    const text = await res.text();
    let data: unknown = null;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      data = null;
    }
    const retryAfter = Number(res.headers.get("retry-after")) || undefined;
    return { ok: res.ok, status: res.status, data: data as T, retryAfter };
  } catch {
    return { ok: false, status: 0, data: null as T };
  }
}

/** The message of an API error body, or a fallback. */
export function errorMessage(data: unknown, fallback: string): string {
  const message = (data as { message?: unknown } | null)?.message;
  return typeof message === "string" && message ? message : fallback;
}

/** A visitor's session as the widgets keep it: the app user with its bearer token (widget §3, §7). */
export interface VisitorSession {
  id: number;
  is_anonymous: boolean;
  nickname: string | null;
  avatar_url: string | null;
  access_token: string;
  [key: string]: unknown;
}

/** Local-storage key of the visitor, named after the product (the same key the participation client reads). */
export const VISITOR_KEY = "interaction-manager.user";
let memorySession: VisitorSession | null = null;

/** The current visitor: the one in memory (an anonymous user lives only there), else the stored one. */
export function visitorSession(): VisitorSession | null {
  if (memorySession) return memorySession;
  try {
    const stored = JSON.parse(localStorage.getItem(VISITOR_KEY) ?? "null") as VisitorSession | null;
    return stored?.id && stored.access_token ? stored : null;
  } catch {
    return null; // local storage failures are ignored (widget §8)
  }
}

/** Keeps the visitor (null logs out); anonymous users are not stored locally (widget §3). */
export function setVisitorSession(session: VisitorSession | null) {
  memorySession = session;
  try {
    if (session && !session.is_anonymous) localStorage.setItem(VISITOR_KEY, JSON.stringify(session));
    else localStorage.removeItem(VISITOR_KEY);
  } catch {
    // ignored (widget §8)
  }
}

/** {@link api} with the visitor's bearer token when there is one. */
export function visitorApi<T = unknown>(method: string, url: string, body?: unknown): Promise<ApiResult<T>> {
  const session = visitorSession();
  return api<T>(method, url, body, session ? { authorization: `Bearer ${session.access_token}` } : {});
}
