// The status callback of an SMS line (Twilio's dialect): what became of a staff reply the line sent
// (sent, delivered, undelivered, failed), signed like every webhook of the line.
import { Hono } from "hono";
import type { AppEnv } from "../../../app/env.ts";
import { receiveSmsStatus } from "../../../lib/lines/inbound.ts";
import { lineIdOf, twilioRequest } from "./_provider.ts";

export default new Hono<AppEnv>().post("/", async (c) => {
  const { url, params, signature } = await twilioRequest(c);
  const changed = await receiveSmsStatus(c.var.deps, lineIdOf(c), url, params, signature);
  return c.json({ changed }, 200);
});
