// Helpers shared by the visitor account routes (private: not a route).
import type { Context } from "hono";
import { getConnInfo } from "hono/deno";
import { z } from "zod";
import type { AppEnv } from "../../../../framework/env.ts";
import { errorSchema, json } from "../../../../framework/api.ts";
import { type AppUserRow, appUserView } from "../../../../lib/app_users.ts";

/** The caller's address: the first X-Forwarded-For hop (set by the proxy in front), else the socket. */
export function clientAddress(c: Context<AppEnv>): string {
  const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
  if (forwarded) return forwarded;
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown"; // app.request() in tests has no socket
  }
}

/** A login or registration answer: the user (with its id) and its bearer token, flat (widget §7). */
export const sessionBody = (user: AppUserRow, accessToken: string) => ({
  ...appUserView(user),
  access_token: accessToken,
});

/** The error responses of the visitor API. */
export const visitorErrors = {
  400: json(errorSchema, "Invalid input, with the spec's message"),
  401: json(errorSchema, "No visitor token"),
  403: json(errorSchema, "Another visitor's data, or an anonymous user"),
  404: json(errorSchema, "Not found"),
};

/** `OK` as plain text (availability checks, widget §7). */
export const okText = { content: { "text/plain": { schema: z.literal("OK") } }, description: "Free: `OK`" };
