// Replies go back the way they came, against local servers speaking the providers' messages APIs
// (tests/_providers.ts): a staff text reply to a WhatsApp or SMS participation reaches the provider through
// the line it came in on (a job with retries), WhatsApp's 24-hour window is enforced with a 422 in the staff
// member's language, and the providers' signed status webhooks move the reply's delivery state forward only.
import assert from "node:assert/strict";
import { until } from "../_helpers.ts";
import { randomSegment } from "./_participation.ts";
import { lineApp, LINES_PUBLIC_URL, metaSignature, twilioSigned, whatsappBody } from "../_providers.ts";
import en from "../../locales/en.json" with { type: "json" };
import pl from "../../locales/pl.json" with { type: "json" };

const ACCESS_TOKEN = "EAAG-reply-token";
const ACCOUNT = { sid: `AC${"b2".repeat(16)}`, token: "twilio-reply-token" };
const APP_SECRET = "meta-reply-secret";
const PUBLIC = LINES_PUBLIC_URL;
const PHONE_NUMBER_ID = "106540352242922";
const SMS_NUMBER = "+15005550006";
const { stub, ctx, staff } = await lineApp({ accessToken: ACCESS_TOKEN, account: ACCOUNT }, { jobs: true });

/** Waits (generously: the machine is shared) until the read answers something truthy. */

type Detail = {
  replies: { id: number; content: { text: string }; delivery_status: string | null }[];
  reply_window?: { medium: string; open: boolean; closes_at: string | null };
};

Deno.test({
  name: "line replies - a staff reply goes back by WhatsApp or SMS, its delivery state shown on it",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    try {
      await steps(t);
    } finally {
      await ctx.close();
      await stub.close();
    }
  },
});

async function steps(t: Deno.TestContext) {
  const manager = await staff.token("manager");
  const segment = await randomSegment(ctx.sql, staff.radio, { type: "message" });
  const addLine = async (body: Record<string, unknown>) => {
    const res = await ctx.request(`/api/v1/channels/${staff.radio}/lines`, {
      method: "POST",
      token: manager,
      json: { segment_id: segment.id, ...body },
    });
    assert.equal(res.status, 201);
    return (await res.json()).id as number;
  };
  const whatsapp = await addLine({
    kind: "whatsapp",
    address: PHONE_NUMBER_ID,
    credentials: { app_secret: APP_SECRET, access_token: ACCESS_TOKEN, verify_token: "v" },
  });
  const sms = await addLine({
    kind: "sms",
    address: SMS_NUMBER,
    credentials: { account_sid: ACCOUNT.sid, auth_token: ACCOUNT.token },
  });
  const postWhatsapp = (body: string, signature = metaSignature(APP_SECRET, body)) =>
    ctx.request(`/lines/${whatsapp}/whatsapp`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-hub-signature-256": signature },
      body,
    });
  const postTwilio = (path: string, params: Record<string, string>, token = ACCOUNT.token) =>
    ctx.request(`/lines/${sms}/${path}`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-twilio-signature": twilioSigned(token, `${PUBLIC}/lines/${sms}/${path}`, params),
      },
      body: new URLSearchParams(params).toString(),
    });
  const messageFrom = async (providerId: string) => {
    const [row] = await ctx.sql<{ message_id: number }[]>`
      select message_id::int as message_id from line_inbound where provider_id = ${providerId}`;
    return row.message_id;
  };
  const reply = (messageId: number, text: string, token = manager) =>
    ctx.request("/api/v1/interaction-reply", {
      method: "POST",
      token,
      json: { interaction_id: messageId, content: { text } },
    });
  const detail = async (messageId: number): Promise<Detail> => {
    const res = await ctx.request(`/api/v1/interaction/${messageId}`, { token: manager });
    assert.equal(res.status, 200);
    return await res.json();
  };
  const stateOf = async (messageId: number, text: string) =>
    (await detail(messageId)).replies.find((r) => r.content.text === text)?.delivery_status;
  const statusBody = (id: string, status: string) =>
    JSON.stringify({
      object: "whatsapp_business_account",
      entry: [{
        id: "102290129340398",
        changes: [{
          field: "messages",
          value: {
            messaging_product: "whatsapp",
            metadata: { display_phone_number: "15550783881", phone_number_id: PHONE_NUMBER_ID },
            statuses: [{ id, status, timestamp: "1764410000", recipient_id: "33612345678" }],
          },
        }],
      }],
    });

  const inbound = whatsappBody(PHONE_NUMBER_ID, "33612345678", "Amélie", {
    id: "wamid.reply-window-1",
    type: "text",
    text: { body: "Can you play my song?" },
  });
  assert.equal((await postWhatsapp(inbound)).status, 200);
  const waMessage = await messageFrom("wamid.reply-window-1");
  let wamid = "";

  await t.step("a text reply to a WhatsApp participation reaches the Graph messages endpoint", async () => {
    const before = await detail(waMessage);
    assert.equal(before.reply_window?.medium, "whatsapp");
    assert.equal(before.reply_window?.open, true);
    const res = await reply(waMessage, "Coming up after the news!");
    assert.equal(res.status, 201);
    assert.match(res.headers.get("content-type") ?? "", /json/);
    const body: Detail = await res.json();
    assert.ok(["queued", "sent"].includes(body.replies[0].delivery_status ?? ""), "tracked from the start");
    const sent = await until(
      () => Promise.resolve(stub.sent.find((s) => s.provider === "whatsapp")),
      "the reply reaches the stub",
    );
    assert.equal(sent.path, `/v21.0/${PHONE_NUMBER_ID}/messages`);
    assert.equal(sent.body.to, "33612345678");
    assert.equal(sent.body.type, "text");
    assert.deepEqual(sent.body.text, { preview_url: false, body: "Coming up after the news!" });
    wamid = sent.id;
    assert.equal(
      await until(
        async () => (await stateOf(waMessage, "Coming up after the news!")) === "sent" && "sent",
        "sent",
      ),
      "sent",
    );
    const text = JSON.stringify(await detail(waMessage));
    assert.ok(!text.includes("612345678"), "the number never appears in the inbox's answer");
  });

  await t.step(
    "WhatsApp statuses move the reply forward, never back; forged ones change nothing",
    async () => {
      const forged = statusBody(wamid, "read");
      assert.equal((await postWhatsapp(forged, metaSignature("not-the-secret", forged))).status, 401);
      assert.equal(await stateOf(waMessage, "Coming up after the news!"), "sent");
      assert.equal((await postWhatsapp(statusBody(wamid, "delivered"))).status, 200);
      assert.equal(await stateOf(waMessage, "Coming up after the news!"), "delivered");
      assert.equal((await postWhatsapp(statusBody(wamid, "read"))).status, 200);
      assert.equal(
        (await postWhatsapp(statusBody(wamid, "delivered"))).status,
        200,
        "a late status is acknowledged",
      );
      assert.equal((await postWhatsapp(statusBody(wamid, "failed"))).status, 200);
      assert.equal(await stateOf(waMessage, "Coming up after the news!"), "read", "read stays read");
      assert.equal(
        (await postWhatsapp(statusBody("wamid.not-ours", "read"))).status,
        200,
        "unknown ids ignored",
      );
    },
  );

  await t.step(
    "outside WhatsApp's 24-hour window the reply is refused in the staff member's language",
    async () => {
      await ctx.sql`update line_inbound set created_at = now() - interval '24 hours 1 minute'
      where provider_id = 'wamid.reply-window-1'`;
      const closed = await detail(waMessage);
      assert.equal(closed.reply_window?.open, false);
      const count = stub.sent.length;
      await ctx.sql`update users set language = 'en' where id = ${staff.ids.manager}`;
      const res = await reply(waMessage, "Too late?");
      assert.equal(res.status, 422);
      assert.match(res.headers.get("content-type") ?? "", /json/);
      const error = await res.json();
      assert.equal(error.code, "reply_window_closed");
      assert.equal(error.message, en.errors.reply_window_closed);
      await ctx.sql`update users set language = 'pl' where id = ${staff.ids.manager}`;
      const polish = await (await reply(waMessage, "Za późno?", await staff.token("manager"))).json();
      await ctx.sql`update users set language = 'fr' where id = ${staff.ids.manager}`;
      assert.equal(polish.message, pl.errors.reply_window_closed);
      assert.equal((await detail(waMessage)).replies.length, 1, "nothing stored");
      assert.equal(stub.sent.length, count, "nothing sent");
      // the listener writes again: the window opens again
      const again = whatsappBody(PHONE_NUMBER_ID, "33612345678", "Amélie", {
        id: "wamid.reply-window-2",
        type: "text",
        text: { body: "Still there?" },
      });
      assert.equal((await postWhatsapp(again)).status, 200);
      assert.equal((await detail(waMessage)).reply_window?.open, true);
    },
  );

  const smsSid = `SM${"c3".repeat(16)}`;
  assert.equal(
    (await postTwilio("sms", {
      MessageSid: smsSid,
      From: "+33698765432",
      To: SMS_NUMBER,
      Body: "Hello!",
      FromCity: "SPRINGFIELD",
    }))
      .status,
    200,
  );
  const smsMessage = await messageFrom(smsSid);
  let smsId = "";

  await t.step("a text reply to an SMS goes to Twilio's Messages.json with its status callback", async () => {
    assert.deepEqual((await detail(smsMessage)).reply_window, { medium: "sms", open: true, closes_at: null });
    const author = ((await detail(smsMessage)) as unknown as { author: Record<string, unknown> }).author;
    assert.deepEqual(author, { name: null, city: "SPRINGFIELD" }, "the provider's city, never the number");
    assert.equal((await reply(smsMessage, "Thanks for texting!")).status, 201);
    const sent = await until(
      () => Promise.resolve(stub.sent.find((s) => s.provider === "twilio")),
      "the SMS reaches the stub",
    );
    assert.equal(sent.path, `/2010-04-01/Accounts/${ACCOUNT.sid}/Messages.json`);
    assert.deepEqual(sent.body, {
      From: SMS_NUMBER,
      To: "+33698765432",
      Body: "Thanks for texting!",
      StatusCallback: `${PUBLIC}/lines/${sms}/status`,
    });
    smsId = sent.id;
    await until(async () => (await stateOf(smsMessage, "Thanks for texting!")) === "sent", "sent");
  });

  await t.step("Twilio's signed status callbacks move the SMS reply; unsigned ones are refused", async () => {
    const params = { MessageSid: smsId, MessageStatus: "delivered", AccountSid: ACCOUNT.sid };
    assert.equal((await postTwilio("status", params, "forged-token")).status, 401);
    assert.equal(await stateOf(smsMessage, "Thanks for texting!"), "sent");
    const res = await postTwilio("status", params);
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { changed: true });
    assert.equal(await stateOf(smsMessage, "Thanks for texting!"), "delivered");
    await postTwilio("status", { ...params, MessageStatus: "undelivered" });
    assert.equal(await stateOf(smsMessage, "Thanks for texting!"), "delivered", "delivered stays delivered");
  });

  await t.step("a provider outage delays a reply, a final refusal marks it failed", async () => {
    stub.failures.push(503, 503);
    assert.equal((await reply(smsMessage, "After the outage")).status, 201);
    await until(async () => (await stateOf(smsMessage, "After the outage")) === "sent", "sent after retries");
    assert.equal(stub.sent.filter((s) => s.body.Body === "After the outage").length, 1, "sent once");
    stub.failures.push(400);
    assert.equal((await reply(smsMessage, "Refused for good")).status, 201);
    await until(async () => (await stateOf(smsMessage, "Refused for good")) === "failed", "failed");
    assert.equal(stub.sent.filter((s) => s.body.Body === "Refused for good").length, 0);
  });

  await t.step("a reply to a widget participation stays in the inbox, with no delivery state", async () => {
    const [widget] = await ctx.sql<{ id: number }[]>`
      insert into messages (channel_id, segment_id, type, text) values (${staff.radio}, ${segment.id}, 'message', 'hi')
      returning id::int as id`;
    const count = stub.sent.length;
    const body: Detail = await (await reply(widget.id, "Thanks!")).json();
    assert.equal(body.reply_window, undefined);
    assert.equal(body.replies[0].delivery_status, null);
    assert.equal(stub.sent.length, count);
  });
}
