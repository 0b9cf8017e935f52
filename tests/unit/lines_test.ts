import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import {
  credentialsFit,
  graphMediaUrlAllowed,
  isStopRequest,
  keywordChoice,
  LINE_WEBHOOK_MAX_BYTES,
  lineInputSchema,
  lineMediaOf,
  lineWebhookUrl,
  messageTwiml,
  mmsMediaSid,
  normalizeNumber,
  twilioSignature,
  twilioSignatureValid,
  VOICEMAIL_MAX_SECONDS,
  voicemailTwiml,
  whatsappSignatureValid,
} from "../../lib/rules/lines.ts";
import { loadConfig } from "../../lib/platform/config.ts";

const choices = [{ id: 7, label: "Jazz" }, { id: 8, label: "Rock" }, { id: 9, label: "Électro" }];

Deno.test("keywordChoice - a letter, VOTE and its translations, a number or a label name the choice", () => {
  for (
    const [text, id] of [
      ["A", 7],
      ["b", 8],
      ["VOTE B", 8],
      ["voter c", 9],
      ["Votar A", 7],
      ["voto b.", 8],
      ["głos C", 9],
      ["glosuje a", 7],
      ["2", 8],
      ["rock", 8],
      ["electro", 9],
      ["  ÉLECTRO! ", 9],
    ] as const
  ) {
    assert.equal(keywordChoice(text, choices), id, text);
  }
  for (const text of ["D", "vote", "I love rock", "4", ""]) {
    assert.equal(keywordChoice(text, choices), null, text);
  }
});

Deno.test("isStopRequest - STOP and its equivalents in the five languages, alone", () => {
  for (
    const text of ["STOP", "stop", "Arrêt", "ARRETER", "parar", "Baja", "koniec", "UNSUBSCRIBE", "Stop."]
  ) {
    assert.ok(isStopRequest(text), text);
  }
  for (const text of ["stop the music please", "A", "arrêt de bus"]) assert.ok(!isStopRequest(text), text);
});

Deno.test("whatsappSignatureValid - sha256= and the hex HMAC of the raw body with the app secret", () => {
  const body = new TextEncoder().encode('{"entry":[]}');
  const good = `sha256=${createHmac("sha256", "s3cret").update(body).digest("hex")}`;
  assert.ok(whatsappSignatureValid("s3cret", body, good));
  assert.ok(!whatsappSignatureValid("other", body, good));
  assert.ok(!whatsappSignatureValid("s3cret", new TextEncoder().encode('{"entry":[1]}'), good));
  assert.ok(!whatsappSignatureValid("s3cret", body, good.slice(7)), "without its sha256= prefix");
  assert.ok(!whatsappSignatureValid("s3cret", body, null));
});

Deno.test("twilioSignature - HMAC-SHA1 of the URL and the sorted name+value pairs, base64", () => {
  const url = "https://mycompany.com/myapp.php?foo=1&bar=2";
  const params = { To: "+18005551212", CallSid: "CA1234567890ABCDE", Digits: "1234", From: "+14158675310" };
  const data = url + "CallSid" + params.CallSid + "Digits1234From+14158675310To+18005551212";
  const expected = createHmac("sha1", "12345").update(data).digest("base64");
  assert.equal(twilioSignature("12345", url, params), expected);
  assert.ok(twilioSignatureValid("12345", url, params, expected));
  assert.ok(!twilioSignatureValid("12345", url.replace("foo=1", "foo=2"), params, expected));
  assert.ok(!twilioSignatureValid("12345", url, { ...params, Digits: "9" }, expected));
  assert.ok(!twilioSignatureValid("12345", url, params, null));
});

Deno.test("voicemailTwiml - the greeting in the channel's language, a beep and a bounded recording", () => {
  const xml = voicemailTwiml("Merci <3 & à bientôt", "fr", 90, "https://x/lines/1/recording?caller=a%2Bb");
  assert.match(xml, /^<\?xml version="1.0" encoding="UTF-8"\?><Response>/);
  assert.match(xml, /<Say language="fr-FR">Merci &lt;3 &amp; à bientôt<\/Say>/);
  assert.match(
    xml,
    /<Record maxLength="90" playBeep="true" recordingStatusCallback="https:\/\/x\/lines\/1\/recording\?caller=a%2Bb"/,
  );
  assert.match(voicemailTwiml("Hi", "xx", 10, "u"), /language="en-GB"/);
  assert.equal(VOICEMAIL_MAX_SECONDS, 120);
});

Deno.test("messageTwiml - a text answered, or an empty response", () => {
  assert.equal(messageTwiml(null), '<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
  assert.match(messageTwiml("Bye & thanks"), /<Message>Bye &amp; thanks<\/Message>/);
});

Deno.test("graphMediaUrlAllowed - the token goes to the Graph API's origin or Meta's https media hosts only", () => {
  const graph = "https://graph.facebook.com/v21.0";
  assert.ok(graphMediaUrlAllowed("https://lookaside.fbsbx.com/whatsapp_business/attachments/?mid=1", graph));
  assert.ok(graphMediaUrlAllowed("https://graph.facebook.com/v21.0/123", graph));
  assert.ok(graphMediaUrlAllowed("http://127.0.0.1:9/download/1", "http://127.0.0.1:9/v21.0"));
  assert.ok(!graphMediaUrlAllowed("http://lookaside.fbsbx.com/x", graph), "plain http");
  assert.ok(!graphMediaUrlAllowed("https://fbsbx.com.evil.example/x", graph));
  assert.ok(!graphMediaUrlAllowed("https://169.254.169.254/latest", graph));
  assert.ok(!graphMediaUrlAllowed("not a url", graph));
});

Deno.test("normalizeNumber - E.164 from a provider's sender", () => {
  assert.equal(normalizeNumber("whatsapp:+33612345678"), "+33612345678");
  assert.equal(normalizeNumber("33612345678"), "+33612345678");
  assert.equal(normalizeNumber("+1 (415) 867-5310"), "+14158675310");
  assert.equal(normalizeNumber("anonymous"), null);
  assert.equal(normalizeNumber("+0123"), null);
});

Deno.test("lineInputSchema - credentials of a provider, never unknown fields; credentialsFit per kind", () => {
  const whatsapp = { app_secret: "a", access_token: "b", verify_token: "c" };
  const twilio = { account_sid: `AC${"0".repeat(32)}`, auth_token: "t" };
  assert.ok(lineInputSchema.safeParse({ kind: "whatsapp", credentials: whatsapp }).success);
  assert.ok(lineInputSchema.safeParse({ kind: "sms", credentials: twilio }).success);
  assert.ok(
    !lineInputSchema.safeParse({ kind: "sms", credentials: { ...twilio, account_sid: "AC1" } }).success,
  );
  assert.ok(!lineInputSchema.safeParse({ kind: "fax", credentials: twilio }).success);
  assert.ok(credentialsFit("whatsapp", whatsapp) && !credentialsFit("whatsapp", twilio));
  assert.ok(credentialsFit("voice", twilio) && !credentialsFit("sms", whatsapp));
  assert.equal(LINE_WEBHOOK_MAX_BYTES, 65_536);
});

Deno.test("lineWebhookUrl - the address pasted at the provider, by line and kind", () => {
  assert.equal(
    lineWebhookUrl("https://im.example.org/", { id: 4, kind: "sms" }),
    "https://im.example.org/lines/4/sms",
  );
  assert.equal(lineWebhookUrl("https://x", { id: 9, kind: "whatsapp" }), "https://x/lines/9/whatsapp");
});

Deno.test("config - the providers' APIs default to Meta's Graph API and Twilio's, and can point elsewhere", () => {
  const config = loadConfig({});
  assert.equal(config.WHATSAPP_GRAPH_URL, "https://graph.facebook.com/v21.0");
  assert.equal(config.TWILIO_API_URL, "https://api.twilio.com");
  assert.equal(loadConfig({ TWILIO_API_URL: "http://127.0.0.1:9" }).TWILIO_API_URL, "http://127.0.0.1:9");
  assert.throws(() => loadConfig({ WHATSAPP_GRAPH_URL: "not a url" }), /WHATSAPP_GRAPH_URL/);
});

Deno.test("mmsMediaSid - the media id at the end of an MMS's address, or nothing", () => {
  const id = `ME${"0a".repeat(16)}`;
  assert.equal(mmsMediaSid(`https://api.twilio.com/2010-04-01/Accounts/AC1/Messages/MM1/Media/${id}`), id);
  assert.equal(mmsMediaSid(`https://x.example/Media/${id}?download=1`), id, "a query is not part of it");
  assert.equal(mmsMediaSid(`https://x.example/Media/${id}/../RE${"0a".repeat(16)}`), null);
  assert.equal(mmsMediaSid("https://x.example/Media/ME123"), null, "too short");
  assert.equal(mmsMediaSid(""), null);
});

Deno.test("lineMediaOf - a provider's content type as the participation's kind and extension", () => {
  assert.deepEqual(lineMediaOf("image/jpeg"), { kind: "image", extension: "jpg", contentType: "image/jpeg" });
  assert.deepEqual(lineMediaOf("Video/MP4; codecs=avc1"), {
    kind: "video",
    extension: "mp4",
    contentType: "video/mp4",
  });
  assert.equal(lineMediaOf("audio/ogg; codecs=opus")?.kind, "audio");
  assert.equal(lineMediaOf("application/x-executable"), null);
  assert.equal(lineMediaOf("image/svg+xml"), null, "no drawing that runs scripts");
  assert.equal(lineMediaOf(undefined), null);
});
