// A station with an SMS and a WhatsApp line (against the local provider stub), for the tests of numbers
// linked to listeners' accounts from my space.
import assert from "node:assert/strict";
import { demoStaff, testApp } from "../_helpers.ts";
import { seedDemo } from "../../lib/demo/seed.ts";
import { randomSegment } from "./_participation.ts";
import { metaSignature, providerStub, twilioSigned, whatsappBody } from "../_providers.ts";

export const ACCOUNT = { sid: `AC${"b2".repeat(16)}`, token: "twilio-auth-token" };
const ACCESS_TOKEN = "EAAG-access-token";
const PUBLIC = "https://im.example.org";

export async function phoneLinkStation() {
  const stub = providerStub(ACCESS_TOKEN, ACCOUNT);
  const ctx = await testApp({
    env: { PUBLIC_URL: PUBLIC, WHATSAPP_GRAPH_URL: stub.graphUrl, TWILIO_API_URL: stub.twilioUrl },
  });
  await seedDemo(ctx.sql, { password: "Demo-Password-1!" });
  const staff = await demoStaff(ctx);
  const manager = await staff.token("manager");
  // several messages per listener: each SMS of the number is a participation of its own
  const segment = await randomSegment(ctx.sql, staff.radio, { type: "message", limit_1_vote: false });
  const add = async (body: Record<string, unknown>) => {
    const res = await ctx.request(`/api/v1/channels/${staff.radio}/lines`, {
      method: "POST",
      token: manager,
      json: body,
    });
    assert.equal(res.status, 201);
    return (await res.json()).id as number;
  };
  const sms = await add({
    kind: "sms",
    address: "+33700000000",
    segment_id: segment.id,
    credentials: { account_sid: ACCOUNT.sid, auth_token: ACCOUNT.token },
  });
  const whatsapp = await add({
    kind: "whatsapp",
    address: "106540352242922",
    segment_id: segment.id,
    credentials: { app_secret: "meta-app-secret", access_token: ACCESS_TOKEN, verify_token: "v" },
    // a number that never wrote is outside WhatsApp's window: its code goes as this approved template
    template: { name: "account_code", language: "fr" },
  });
  let sid = 0;
  /** An SMS from `from` to the SMS line, signed as the provider signs it. */
  const smsFrom = async (from: string, body: string) => {
    const params = {
      AccountSid: ACCOUNT.sid,
      MessageSid: `SM${String(++sid).padStart(32, "0")}`,
      From: from,
      To: "+33700000000",
      Body: body,
      NumMedia: "0",
    };
    const res = await ctx.request(`/lines/${sms}/sms`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-twilio-signature": twilioSigned(ACCOUNT.token, `${PUBLIC}/lines/${sms}/sms`, params),
      },
      body: new URLSearchParams(params).toString(),
    });
    assert.equal(res.status, 200);
    await res.body?.cancel();
  };
  /** A WhatsApp text from `from` (digits, as WhatsApp names them) to the WhatsApp line, signed as Meta signs it. */
  const whatsappFrom = async (from: string, text: string) => {
    const body = whatsappBody("106540352242922", from, "Amélie", {
      id: `wamid.${crypto.randomUUID().replaceAll("-", "")}`,
      type: "text",
      text: { body: text },
    });
    const res = await ctx.request(`/lines/${whatsapp}/whatsapp`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-hub-signature-256": metaSignature("meta-app-secret", body),
      },
      body,
    });
    assert.equal(res.status, 200);
    await res.body?.cancel();
  };
  /** The code the line texted last to `to` (as the provider received it). */
  const lastCode = (to: string) => {
    const sent = stub.sent.findLast((s) => s.body.To === to || s.body.to === to.replace(/^\+/, ""));
    const template = sent?.body.template as
      | { components?: { parameters?: { text?: string }[] }[] }
      | undefined;
    const text = String(
      sent?.body.Body ?? (sent?.body.text as { body?: string } | undefined)?.body ??
        template?.components?.[0]?.parameters?.[0]?.text ?? "",
    );
    const code = /\b([0-9]{6})\b/.exec(text)?.[1];
    assert.ok(code, `a code was texted to ${to}`);
    return code;
  };
  const close = async () => {
    await ctx.close();
    await stub.close();
  };
  return { ctx, stub, staff, segment, sms, whatsapp, smsFrom, whatsappFrom, lastCode, close };
}
