/// <reference lib="dom" />

/**
 * Where a back-office page sends a person whose staff session ended, the page's own address to be appended
 * (components/admin/AdminLayout.tsx writes it, as lib/rules/accounts.ts loginAddress builds it); none
 * elsewhere (a widget's first screen carries nothing of this).
 */
const signInAgain = () => document.querySelector<HTMLElement>("[data-sign-in]")?.dataset.signIn;

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
 * Never throws on an HTTP error; a network failure gives status 0. On a back-office page, a 401 "unauthorized"
 * (the staff session ended) sends the person to /login, to come back here once signed in.
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
    // a staff session that ended sends the person to sign in again and back here, not to a raw "Please log
    // in." in whatever language the server guessed; the island waits, as the page is leaving (only
    // "unauthorized": a wrong two-factor code is a 401 too, answered on its form)
    const signIn = res.status === 401 && (data as { code?: string } | null)?.code === "unauthorized" &&
      signInAgain();
    if (signIn) {
      location.assign(signIn + encodeURIComponent(location.pathname + location.search));
      return await new Promise<never>(() => {});
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
