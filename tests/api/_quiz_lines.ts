// A Twilio SMS line for the live quiz's phone tests: its account, and texts posted as Twilio posts them, signed.
import assert from "node:assert/strict";
import type { TestApp } from "../_helpers.ts";
import { twilioSigned } from "../_providers.ts";

export const ACCESS_TOKEN = "EAAG-quiz-phone-token";
export const ACCOUNT = { sid: `AC${"c3".repeat(16)}`, token: "twilio-quiz-phone-token" };
export const PUBLIC = "https://im.example.org";

/** An SMS line of `channel` feeding `segment`, and a way to text it as Twilio posts it, signed. */
export async function smsLine(ctx: TestApp, channel: number, segment: number, token: string) {
  const res = await ctx.request(`/api/v1/channels/${channel}/lines`, {
    method: "POST",
    token,
    json: {
      kind: "sms",
      segment_id: segment,
      credentials: { account_sid: ACCOUNT.sid, auth_token: ACCOUNT.token },
    },
  });
  assert.equal(res.status, 201, await res.clone().text());
  const line = (await res.json()).id as number;
  let sid = 0;
  return async (from: string, body: string, city?: string) => {
    const params: Record<string, string> = {
      AccountSid: ACCOUNT.sid,
      MessageSid: `SM${String(++sid).padStart(20, "0")}${line}`,
      From: from,
      To: "+33700000000",
      Body: body,
      NumMedia: "0",
      ...(city ? { FromCity: city } : {}),
    };
    const path = `/lines/${line}/sms`;
    const sent = await ctx.request(path, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-twilio-signature": twilioSigned(ACCOUNT.token, `${PUBLIC}${path}`, params),
      },
      body: new URLSearchParams(params).toString(),
    });
    assert.equal(sent.status, 200);
    return await sent.text();
  };
}
