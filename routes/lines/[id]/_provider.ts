// What the provider webhooks of a phone line share: the line id from the path, the address the provider
// signed (the public address, as the provider called it), the form parameters, and a small body limit.
import type { Context } from "hono";
import type { AppEnv } from "../../../app/env.ts";
import { declareBodyLimit } from "../../../app/body_limit.ts";
import { publicUrl } from "../../../lib/platform/config.ts";
import { LINE_WEBHOOK_MAX_BYTES } from "../../../lib/rules/lines.ts";
import { pathId } from "../../../app/api.ts";

declareBodyLimit("/lines/{id}/*", LINE_WEBHOOK_MAX_BYTES);

/** The line id of the path; 404 when it is not one. */
export function lineIdOf(c: Context<AppEnv>): number {
  const id = pathId(c);
  return id;
}

/** The full address the provider requested (signatures cover it), behind PUBLIC_URL. */
export function signedUrl(c: Context<AppEnv>): string {
  const url = new URL(c.req.url);
  return `${publicUrl(c.var.deps.config)}${url.pathname}${url.search}`;
}

/** A Twilio-dialect request: its address, its POST parameters and its signature. */
export async function twilioRequest(c: Context<AppEnv>) {
  const form = await c.req.parseBody();
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(form)) if (typeof value === "string") params[name] = value;
  return { url: signedUrl(c), params, signature: c.req.header("x-twilio-signature") ?? null };
}

/** TwiML answer. */
export const twiml = (c: Context<AppEnv>, xml: string) =>
  c.body(xml, 200, { "Content-Type": "text/xml; charset=utf-8", "Cache-Control": "no-store" });
