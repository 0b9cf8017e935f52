// The voice webhook of a voicemail line (Twilio's dialect): a greeting, a beep and a recording.
import { Hono } from "hono";
import type { AppEnv } from "../../../app/env.ts";
import { answerCall } from "../../../lib/lines/inbound.ts";
import { translator } from "../../../app/i18n.ts";
import { lineIdOf, signedUrl, twilioRequest, twiml } from "./_provider.ts";

export default new Hono<AppEnv>().post("/", async (c) => {
  const request = await twilioRequest(c);
  const callbackUrl = signedUrl(c).replace(/\/voice(\?.*)?$/, "/recording");
  const xml = await answerCall(
    c.var.deps,
    lineIdOf(c),
    { ...request, callbackUrl },
    (language) => translator(language)("lines.voicemail_greeting"),
  );
  return twiml(c, xml);
});
