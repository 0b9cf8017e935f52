/// <reference lib="dom" />

/** The outcome of an API call from an island: the status, the JSON body (or null) and ok. */
export interface ApiResult<T> {
  ok: boolean;
  status: number;
  data: T;
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
    return { ok: res.ok, status: res.status, data: data as T };
  } catch {
    return { ok: false, status: 0, data: null as T };
  }
}

/** The message of an API error body, or a fallback. */
export function errorMessage(data: unknown, fallback: string): string {
  const message = (data as { message?: unknown } | null)?.message;
  return typeof message === "string" && message ? message : fallback;
}
