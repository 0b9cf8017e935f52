// Local servers that speak the phone providers' documented HTTP APIs, for the phone line tests: the Graph
// API's media endpoints (GET /{media-id} → { url, mime_type }, then the download, both with the bearer
// access token), Twilio's recording download (GET /2010-04-01/Accounts/{sid}/Recordings/{sid}.wav with
// basic auth) and an MMS's media (GET …/Messages/{sid}/Media/{sid} with basic auth, answered by a redirect to a
// short-lived address of its file store, as Twilio does), the messages endpoints a reply is sent by (Graph `POST /{phone-number-id}/messages` with the
// bearer token, a text or an approved template's message, Twilio `POST /2010-04-01/Accounts/{sid}/Messages.json` with basic auth), recording what they
// were sent. And the providers' own way of signing the webhooks they send.
import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import { demoStaff, type TestApp, testApp } from "./_helpers.ts";

export interface ProviderStub {
  graphUrl: string;
  twilioUrl: string;
  /** the files it serves: WhatsApp media ids and recording ids */
  media: Map<string, { bytes: Uint8Array; type: string }>;
  /** statuses answered before the real answer (a provider outage), one per request */
  failures: number[];
  /** requests it refused for want of the right credentials */
  refused: number;
  /** the downloads it served */
  served: string[];
  /** requests to the MMS file store that carried credentials (they never should: it is another host) */
  leaked: number;
  /** the messages it accepted, as the provider received them, with the id it answered */
  sent: { provider: "whatsapp" | "twilio"; path: string; body: Record<string, unknown>; id: string }[];
  close(): Promise<void>;
}

/** Starts the stub; `accessToken` is the WhatsApp line's, `account` the Twilio account's SID and token. */
export function providerStub(accessToken: string, account: { sid: string; token: string }): ProviderStub {
  const stub = {
    media: new Map(),
    failures: [] as number[],
    refused: 0,
    leaked: 0,
    served: [] as string[],
    sent: [] as ProviderStub["sent"],
  } as Omit<ProviderStub, "graphUrl" | "twilioUrl" | "close">;
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (req) => {
    const url = new URL(req.url);
    const failure = stub.failures.shift();
    if (failure) return new Response("unavailable", { status: failure });
    const recording = url.pathname.match(
      /^\/2010-04-01\/Accounts\/(AC[0-9a-f]{32})\/Recordings\/(RE[0-9a-f]{32})\.wav$/,
    );
    const twilioSend = req.method === "POST" &&
      url.pathname.match(/^\/2010-04-01\/Accounts\/(AC[0-9a-f]{32})\/Messages\.json$/);
    if (twilioSend) {
      if (
        twilioSend[1] !== account.sid ||
        req.headers.get("authorization") !== `Basic ${btoa(`${account.sid}:${account.token}`)}`
      ) {
        stub.refused++;
        return Response.json({ code: 20003, message: "Authenticate" }, { status: 401 });
      }
      const body = Object.fromEntries(new URLSearchParams(await req.text()));
      if (!body.To || !body.From || !body.Body) return Response.json({ code: 21604 }, { status: 400 });
      const id = `SM${crypto.randomUUID().replaceAll("-", "")}`;
      stub.sent.push({ provider: "twilio", path: url.pathname, body, id });
      return Response.json({ sid: id, status: "queued", to: body.To, from: body.From }, { status: 201 });
    }
    const mms = url.pathname.match(
      /^\/2010-04-01\/Accounts\/(AC[0-9a-f]{32})\/Messages\/((?:SM|MM)[0-9a-f]{32})\/Media\/(ME[0-9a-f]{32})$/,
    );
    if (mms) {
      if (
        mms[1] !== account.sid ||
        req.headers.get("authorization") !== `Basic ${btoa(`${account.sid}:${account.token}`)}`
      ) {
        stub.refused++;
        return Response.json({ code: 20003, message: "Authenticate" }, { status: 401 });
      }
      if (!stub.media.has(mms[3])) return Response.json({ code: 20404 }, { status: 404 });
      return new Response(null, { status: 307, headers: { location: `/mms-store/${mms[3]}?Expires=60` } });
    }
    const stored = url.pathname.match(/^\/mms-store\/(ME[0-9a-f]{32})$/);
    if (stored) {
      if (req.headers.get("authorization")) stub.leaked++;
      const file = stub.media.get(stored[1]);
      if (!file) return new Response("gone", { status: 404 });
      stub.served.push(stored[1]);
      return new Response(file.bytes as BodyInit, { headers: { "content-type": file.type } });
    }
    if (recording) {
      const basic = `Basic ${btoa(`${account.sid}:${account.token}`)}`;
      if (recording[1] !== account.sid || req.headers.get("authorization") !== basic) {
        stub.refused++;
        return Response.json({ code: 20003, message: "Authenticate" }, { status: 401 });
      }
      const file = stub.media.get(recording[2]);
      if (!file) return Response.json({ code: 20404 }, { status: 404 });
      stub.served.push(recording[2]);
      return new Response(file.bytes as BodyInit, { headers: { "content-type": file.type } });
    }
    if (req.headers.get("authorization") !== `Bearer ${accessToken}`) {
      stub.refused++;
      return Response.json({ error: { message: "Invalid OAuth access token", code: 190 } }, { status: 401 });
    }
    const graphSend = req.method === "POST" && url.pathname.match(/^\/v21\.0\/([0-9]+)\/messages$/);
    if (graphSend) {
      const body = await req.json().catch(() => ({}));
      if (body.messaging_product !== "whatsapp" || !body.to) {
        return Response.json({ error: { code: 100 } }, { status: 400 });
      }
      // a template message names an approved template and its language; its body's parameters are texts
      // without line breaks, tabs or more than four spaces in a row (the Graph API's template message shape)
      const template = body.type === "template" ? body.template : null;
      const parameters = template?.components?.find((c: { type?: string }) => c.type === "body")?.parameters;
      if (
        body.type === "template" &&
        (typeof template?.name !== "string" || typeof template?.language?.code !== "string" ||
          !Array.isArray(parameters) ||
          parameters.some((p: { type?: string; text?: unknown }) =>
            p.type !== "text" || typeof p.text !== "string" || /[\n\t]| {5}/.test(p.text)
          ))
      ) {
        return Response.json({ error: { code: 132000, message: "Invalid parameter" } }, { status: 400 });
      }
      const id = `wamid.${crypto.randomUUID().replaceAll("-", "")}`;
      stub.sent.push({ provider: "whatsapp", path: url.pathname, body, id });
      return Response.json({
        messaging_product: "whatsapp",
        contacts: [{ input: body.to, wa_id: body.to }],
        messages: [{ id }],
      });
    }
    const download = url.pathname.match(/^\/download\/([A-Za-z0-9_-]+)$/);
    if (download) {
      const file = stub.media.get(download[1]);
      if (!file) return new Response("gone", { status: 404 });
      stub.served.push(download[1]);
      return new Response(file.bytes as BodyInit, { headers: { "content-type": file.type } });
    }
    const lookup = url.pathname.match(/^\/v21\.0\/([A-Za-z0-9_-]+)$/);
    const file = lookup && stub.media.get(lookup[1]);
    if (!lookup || !file) return Response.json({ error: { code: 100 } }, { status: 404 });
    return Response.json({
      messaging_product: "whatsapp",
      url: `${url.origin}/download/${lookup[1]}`,
      mime_type: file.type,
      file_size: file.bytes.length,
      id: lookup[1],
    });
  });
  const origin = `http://127.0.0.1:${server.addr.port}`;
  return {
    ...stub,
    graphUrl: `${origin}/v21.0`,
    twilioUrl: origin,
    close: () => server.shutdown(),
  } as ProviderStub;
}

/** X-Hub-Signature-256 as Meta signs a webhook: HMAC-SHA256 of the raw body with the app secret. */
export const metaSignature = (appSecret: string, body: string) =>
  `sha256=${createHmac("sha256", appSecret).update(body).digest("hex")}`;

/** X-Twilio-Signature as Twilio signs a webhook: HMAC-SHA1 of the URL and the sorted parameters, base64. */
export function twilioSigned(authToken: string, url: string, params: Record<string, string>) {
  const data = url + Object.keys(params).sort().map((k) => k + params[k]).join("");
  return createHmac("sha1", authToken).update(data).digest("base64");
}

/** A WhatsApp Cloud API webhook body with one message from `from` (profile name `name`). */
export function whatsappBody(
  phoneNumberId: string,
  from: string,
  name: string,
  message: Record<string, unknown>,
): string {
  return JSON.stringify({
    object: "whatsapp_business_account",
    entry: [{
      id: "102290129340398",
      changes: [{
        field: "messages",
        value: {
          messaging_product: "whatsapp",
          metadata: { display_phone_number: "15550783881", phone_number_id: phoneNumberId },
          contacts: [{ profile: { name }, wa_id: from }],
          messages: [{ from, timestamp: String(Math.floor(Date.now() / 1000)), ...message }],
        },
      }],
    }],
  });
}

/**
 * The secrets of the phone line tests' providers: the stub expects the access token and the account's token,
 * the lines are given them, and the webhooks are signed with them and the app secret.
 */
export const LINE_SECRETS = {
  accessToken: "EAAG-access-token",
  account: { sid: `AC${"c3".repeat(16)}`, token: "twilio-auth-token" },
  appSecret: "meta-app-secret",
};

/** The credentials staff give the tests' lines: a WhatsApp line's (its verify token "v") and an SMS line's. */
export const LINE_CREDENTIALS = {
  whatsapp: { app_secret: LINE_SECRETS.appSecret, access_token: LINE_SECRETS.accessToken, verify_token: "v" },
  sms: { account_sid: LINE_SECRETS.account.sid, auth_token: LINE_SECRETS.account.token },
};

/** The address the app is told it is published at: Twilio signs a webhook with its full URL. */
export const LINES_PUBLIC_URL = "https://im.example.org";

/** The WhatsApp phone number id of the lines the tests add: the address Meta's webhooks name. */
export const WHATSAPP_PHONE_ID = "106540352242922";

/** A line of `channel` added by `token` with `body` (kind, address, segment, credentials…); its id. */
export async function addLine(ctx: TestApp, channel: number, token: string, body: Record<string, unknown>) {
  const res = await ctx.request(`/api/v1/channels/${channel}/lines`, { method: "POST", token, json: body });
  assert.equal(res.status, 201, await res.clone().text());
  return (await res.json()).id as number;
}

/** A WhatsApp webhook body (`whatsappBody`) posted to a line as Meta posts it, signed with the app secret. */
export function postWhatsapp(ctx: TestApp, line: number, appSecret: string, raw: string) {
  return ctx.request(`/lines/${line}/whatsapp`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-hub-signature-256": metaSignature(appSecret, raw) },
    body: raw,
  });
}

/** Twilio's webhook parameters posted to a line (`/lines/<id>/sms`) as Twilio posts them, signed. */
export function postTwilio(ctx: TestApp, line: number, authToken: string, params: Record<string, string>) {
  const path = `/lines/${line}/sms`;
  return ctx.request(path, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-twilio-signature": twilioSigned(authToken, `${LINES_PUBLIC_URL}${path}`, params),
    },
    body: new URLSearchParams(params).toString(),
  });
}

/**
 * The app on a fresh database holding the demo (every demo account with the password `Demo-Password-1!`),
 * its phone providers answered by a local stub that expects these secrets; `jobs` runs the worker in process
 * (media fetches, replies). The demo staff come with it.
 */
export async function lineApp(
  secrets: { accessToken: string; account: { sid: string; token: string } } = LINE_SECRETS,
  options: { jobs?: boolean } = {},
) {
  const stub = providerStub(secrets.accessToken, secrets.account);
  const ctx = await testApp({
    jobs: options.jobs,
    demoPassword: "Demo-Password-1!",
    env: { PUBLIC_URL: LINES_PUBLIC_URL, WHATSAPP_GRAPH_URL: stub.graphUrl, TWILIO_API_URL: stub.twilioUrl },
  });
  return { stub, ctx, staff: await demoStaff(ctx) };
}
