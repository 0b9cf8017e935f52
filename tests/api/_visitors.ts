// Helpers of the visitor API tests.
import assert from "node:assert/strict";
import type { TestApp } from "../_helpers.ts";

export const EN = { "accept-language": "en" };

export async function jsonOf(res: Response) {
  assert.match(res.headers.get("content-type") ?? "", /application\/json/);
  return await res.json();
}

/** A random client address, so that rate limits only bite where a test means them to. */
export const randomIp = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.7`;

/** Calls the app in English from a client address (random unless given). */
export function call(
  ctx: TestApp,
  path: string,
  init: Parameters<TestApp["request"]>[1] = {},
  ip = randomIp(),
) {
  return ctx.request(path, { ...init, headers: { ...EN, "x-forwarded-for": ip, ...init.headers } });
}

export async function expectError(res: Response, status: number, code: string, message?: string) {
  assert.equal(res.status, status, `expected ${status} ${code}`);
  const body = await jsonOf(res);
  assert.equal(body.code, code);
  if (message) assert.equal(body.message, message);
  return body;
}
