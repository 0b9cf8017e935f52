// The messaging webhook of an SMS line (Twilio's dialect): a text, a keyword vote, or STOP, answered in TwiML.
import { Hono } from "hono";
import type { AppEnv } from "../../../app/env.ts";
import { receiveSms } from "../../../lib/lines/inbound.ts";
import { messageTwiml } from "../../../lib/rules/lines.ts";
import { translator } from "../../../app/i18n.ts";
import { lineIdOf, twilioRequest, twiml } from "./_provider.ts";

export default new Hono<AppEnv>().post("/", async (c) => {
  const { url, params, signature } = await twilioRequest(c);
  const landing = await receiveSms({ ...c.var.deps, translator }, lineIdOf(c), url, params, signature);
  // the provider expects STOP confirmed; a message held outside any interaction says once why it could not
  // count; anything else is answered with no message (no cost to the listener)
  const reply = landing.outcome === "stopped"
    ? translator(landing.language)("lines.stopped")
    : landing.notice;
  return twiml(c, messageTwiml(reply));
});
