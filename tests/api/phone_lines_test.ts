// Phone lines against local servers speaking the providers' APIs (tests/_providers.ts): administrators
// connect lines whose credentials are never read back; WhatsApp, SMS and voicemail webhooks signed as the
// providers sign them land as participations of the line's interaction (voices fetched by jobs and
// processed by the media pipeline); forged, unsigned, replayed and oversized webhooks store nothing.
import assert from "node:assert/strict";
import { until } from "../_helpers.ts";
import { randomSegment } from "./_participation.ts";
import { lineApp, LINES_PUBLIC_URL, metaSignature, twilioSigned, whatsappBody } from "../_providers.ts";

const ACCESS_TOKEN = "EAAG-access-token";
const ACCOUNT = { sid: `AC${"a1".repeat(16)}`, token: "twilio-auth-token" };
const APP_SECRET = "meta-app-secret";
const PUBLIC = LINES_PUBLIC_URL;
const { stub, ctx, staff } = await lineApp({ accessToken: ACCESS_TOKEN, account: ACCOUNT }, { jobs: true });

/** A file ffmpeg makes from a lavfi source, with the given output options. */
async function made(ext: string, source: string, options: string[]): Promise<Uint8Array> {
  const dir = await Deno.makeTempDir();
  const out = `${dir}/made.${ext}`;
  const args = ["-loglevel", "error", "-y", "-f", "lavfi", "-i", source, ...options, out];
  const res = await new Deno.Command("ffmpeg", { args }).output();
  assert.ok(res.success, new TextDecoder().decode(res.stderr));
  const bytes = await Deno.readFile(out);
  await Deno.remove(dir, { recursive: true });
  return bytes;
}

/** Two seconds of a tone, as a voice note or a voicemail. */
const audio = (ext: "ogg" | "wav", codec: string[]) => made(ext, "sine=frequency=330:duration=2", codec);

/** A small JPEG picture, as a phone's camera would send (smaller). */
const picture = () => made("jpg", "color=c=orange:s=96x64", ["-frames:v", "1"]);

async function addLine(token: string, body: Record<string, unknown>) {
  const res = await ctx.request(`/api/v1/channels/${staff.radio}/lines`, {
    method: "POST",
    token,
    json: body,
  });
  return { res, body: await res.json() };
}

/** Waits (generously: the machine is shared) until the query answers something truthy. */

const messagesOf = (segmentId: number) =>
  ctx.sql<
    {
      id: number;
      medium: string;
      text: string | null;
      author_name: string | null;
      processing_status: string;
      phone_number_id: number | null;
      media_id: string | null;
      type: string;
    }[]
  >`
    select id::int as id, medium, text, author_name, processing_status, phone_number_id::int as phone_number_id,
      media_id, type from messages where segment_id = ${segmentId} order by id`;

Deno.test({
  name: "phone lines - WhatsApp, SMS and voicemail land in the inbox, credentials never read back",
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
  {
    const manager = await staff.token("manager");
    const operator = await staff.token("operator");
    const textSegment = await randomSegment(ctx.sql, staff.radio, { type: "message" });
    const voiceSegment = await randomSegment(ctx.sql, staff.radio, { type: "recording_question" });
    const voteSegment = await randomSegment(ctx.sql, staff.radio, {}, ["Jazz", "Rock", "Pop"]);
    const otherChannelSegment = await randomSegment(ctx.sql, staff.tv, { type: "message" });
    const whatsappCredentials = {
      app_secret: APP_SECRET,
      access_token: ACCESS_TOKEN,
      verify_token: "verify-me",
    };
    let whatsapp = 0, sms = 0, voice = 0;

    await t.step("an administrator connects lines; reads never hold a credential", async () => {
      const created = await addLine(manager, {
        kind: "whatsapp",
        label: "Morning WhatsApp",
        address: "106540352242922",
        segment_id: textSegment.id,
        credentials: whatsappCredentials,
      });
      assert.equal(created.res.status, 201);
      assert.equal(created.body.credentials_set, true);
      whatsapp = created.body.id;
      const twilio = { account_sid: ACCOUNT.sid, auth_token: ACCOUNT.token };
      sms =
        (await addLine(manager, { kind: "sms", segment_id: voteSegment.id, credentials: twilio })).body.id;
      voice =
        (await addLine(manager, { kind: "voice", segment_id: voiceSegment.id, credentials: twilio })).body.id;
      const list = await ctx.request(`/api/v1/channels/${staff.radio}/lines`, { token: manager });
      assert.equal(list.status, 200);
      assert.match(list.headers.get("content-type")!, /application\/json/);
      const text = await list.text();
      assert.equal(JSON.parse(text).length, 3);
      for (const secret of [APP_SECRET, ACCESS_TOKEN, "verify-me", ACCOUNT.token]) {
        assert.ok(!text.includes(secret), `${secret} read back`);
        assert.ok(!JSON.stringify(created.body).includes(secret));
      }
      const [row] = await ctx.sql<
        { credentials_enc: string }[]
      >`select credentials_enc from phone_lines where id = ${whatsapp}`;
      assert.ok(row.credentials_enc.startsWith("v1.") && !row.credentials_enc.includes(APP_SECRET), "sealed");
    });

    await t.step(
      "wrong provider credentials, another channel's interaction, an operator: refused",
      async () => {
        const wrong = await addLine(manager, { kind: "sms", credentials: whatsappCredentials });
        assert.equal(wrong.res.status, 422);
        const foreign = await addLine(manager, {
          kind: "whatsapp",
          segment_id: otherChannelSegment.id,
          credentials: whatsappCredentials,
        });
        assert.equal(foreign.res.status, 422);
        assert.equal(
          (await addLine(operator, { kind: "whatsapp", credentials: whatsappCredentials })).res.status,
          403,
        );
      },
    );

    await t.step("staff switch the interaction a line feeds; the sealed credentials stay", async () => {
      const res = await ctx.request(`/api/v1/lines/${whatsapp}`, {
        method: "PUT",
        token: manager,
        json: { kind: "whatsapp", segment_id: voiceSegment.id, label: "Show" },
      });
      assert.equal(res.status, 200);
      assert.equal((await res.json()).segment_id, voiceSegment.id);
      const back = await ctx.request(`/api/v1/lines/${whatsapp}`, {
        method: "PUT",
        token: manager,
        json: { kind: "whatsapp", segment_id: textSegment.id, label: "Morning WhatsApp" },
      });
      assert.equal((await back.json()).credentials_set, true);
    });

    const postWhatsapp = (body: string, headers: Record<string, string>) =>
      ctx.request(`/lines/${whatsapp}/whatsapp`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body,
      });

    await t.step(
      "WhatsApp webhook verification answers the challenge for the verify token only",
      async () => {
        const ok = await ctx.request(
          `/lines/${whatsapp}/whatsapp?hub.mode=subscribe&hub.verify_token=verify-me&hub.challenge=1158201444`,
        );
        assert.equal(ok.status, 200);
        assert.equal(await ok.text(), "1158201444");
        const bad = await ctx.request(
          `/lines/${whatsapp}/whatsapp?hub.mode=subscribe&hub.verify_token=no&hub.challenge=1`,
        );
        assert.equal(bad.status, 403);
      },
    );

    await t.step(
      "a signed WhatsApp text lands once, with the profile name, the number kept sealed",
      async () => {
        const body = whatsappBody("106540352242922", "33612345678", "Amélie", {
          id: "wamid.HBgLMzM2MTIzNDU2NzgVAgASGBQzQUQ",
          type: "text",
          text: { body: "Bonjour le studio !" },
        });
        const res = await postWhatsapp(body, { "x-hub-signature-256": metaSignature(APP_SECRET, body) });
        assert.equal(res.status, 200);
        const again = await postWhatsapp(body, { "x-hub-signature-256": metaSignature(APP_SECRET, body) });
        assert.equal(again.status, 200, "a provider's retry is acknowledged");
        const stored = await messagesOf(textSegment.id);
        assert.equal(stored.length, 1, "stored once");
        assert.equal(stored[0].medium, "whatsapp");
        assert.equal(stored[0].text, "Bonjour le studio !");
        assert.equal(stored[0].author_name, "Amélie");
        const numbers = await ctx.sql`select * from phone_numbers where id = ${stored[0].phone_number_id}`;
        assert.equal(numbers.length, 1);
        assert.ok(!JSON.stringify(numbers).includes("33612345678"), "the number is never stored in clear");
        const pub = await ctx.request(`/api/v1/interactions/${stored[0].id}`, { token: manager });
        assert.ok(!(await pub.text()).includes("612345678"));
      },
    );

    await t.step(
      "forged, unsigned and oversized WhatsApp webhooks are refused and store nothing",
      async () => {
        const body = whatsappBody("106540352242922", "33600000001", "Eve", {
          id: "wamid.forged",
          type: "text",
          text: { body: "forged" },
        });
        assert.equal(
          (await postWhatsapp(body, { "x-hub-signature-256": metaSignature("not-the-secret", body) })).status,
          401,
        );
        assert.equal((await postWhatsapp(body, {})).status, 401);
        const tampered = body.replace("forged", "altered");
        assert.equal(
          (await postWhatsapp(tampered, { "x-hub-signature-256": metaSignature(APP_SECRET, body) })).status,
          401,
        );
        const huge = whatsappBody("1", "33600000002", "Big", {
          id: "wamid.big",
          type: "text",
          text: { body: "x".repeat(70_000) },
        });
        assert.equal(
          (await postWhatsapp(huge, { "x-hub-signature-256": metaSignature(APP_SECRET, huge) })).status,
          413,
        );
        assert.equal((await messagesOf(textSegment.id)).length, 1);
      },
    );

    await t.step(
      "a signed text holding NUL and control characters never breaks the webhook: answered, stored once",
      async () => {
        const before = (await messagesOf(textSegment.id)).length;
        const body = whatsappBody("106540352242922", "33600000009", "Nul\u0000Name", {
          id: "wamid.nul",
          type: "text",
          text: { body: "before\u0000after\u0007" },
        });
        const sign = () => ({ "x-hub-signature-256": metaSignature(APP_SECRET, body) });
        const res = await postWhatsapp(body, sign());
        assert.ok(res.status < 500, `answered ${res.status}`);
        const again = await postWhatsapp(body, sign());
        assert.ok(again.status < 500, `a retry answered ${again.status}`);
        const stored = await messagesOf(textSegment.id);
        assert.ok(stored.length - before <= 1, "stored once at most");
        for (const m of stored) assert.ok(!String(m.text ?? "").includes("\u0000"), "no NUL is stored");
      },
    );

    await t.step("a webhook to another kind of line or an unknown line finds nothing (404)", async () => {
      const body = whatsappBody("1", "33600000003", "Mallory", {
        id: "wamid.x",
        type: "text",
        text: { body: "x" },
      });
      const signed = {
        "content-type": "application/json",
        "x-hub-signature-256": metaSignature(APP_SECRET, body),
      };
      for (const path of [`/lines/${sms}/whatsapp`, `/lines/999999/whatsapp`, `/lines/abc/whatsapp`]) {
        const res = await ctx.request(path, { method: "POST", headers: signed, body });
        assert.equal(res.status, 404, path);
      }
      const sms404 = await ctx.request(`/lines/${whatsapp}/sms`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "From=%2B33600000003&Body=A&MessageSid=SMx",
      });
      assert.equal(sms404.status, 404);
      assert.equal((await messagesOf(textSegment.id)).length, 1);
    });

    await t.step(
      "a WhatsApp voice note is fetched through the Graph API, retried, and processed",
      async () => {
        await ctx.request(`/api/v1/lines/${whatsapp}`, {
          method: "PUT",
          token: manager,
          json: { kind: "whatsapp", segment_id: voiceSegment.id },
        });
        stub.media.set("1037543291543636", {
          bytes: await audio("ogg", ["-c:a", "libopus"]),
          type: "audio/ogg; codecs=opus",
        });
        stub.failures.push(503); // the Graph API is down for the first attempt
        const body = whatsappBody("106540352242922", "33612345678", "Amélie", {
          id: "wamid.voice1",
          type: "audio",
          audio: { mime_type: "audio/ogg; codecs=opus", id: "1037543291543636", voice: true },
        });
        const res = await postWhatsapp(body, { "x-hub-signature-256": metaSignature(APP_SECRET, body) });
        assert.equal(res.status, 200);
        const [landed] = await messagesOf(voiceSegment.id);
        assert.equal(landed.medium, "whatsapp");
        assert.equal(landed.type, "recording_question");
        const done = await until(async () => {
          const [m] = await messagesOf(voiceSegment.id);
          return m.processing_status === "done" ? m : null;
        }, "voice note processed");
        const [media] = await ctx.sql<{ status: string; broadcast_path: string | null }[]>`
        select status, broadcast_path from media where id = ${done.media_id}`;
        assert.equal(media.status, "ready");
        assert.ok(stub.served.includes("1037543291543636"));
        assert.equal(stub.refused, 0, "the access token was sent");
      },
    );

    const postTwilio = (path: string, params: Record<string, string>, signature?: string, query = "") =>
      ctx.request(`/lines/${path}${query}`, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          ...(signature === undefined
            ? { "x-twilio-signature": twilioSigned(ACCOUNT.token, `${PUBLIC}/lines/${path}${query}`, params) }
            : signature
            ? { "x-twilio-signature": signature }
            : {}),
        },
        body: new URLSearchParams(params).toString(),
      });
    const smsFrom = (from: string, body: string, sid: string) => ({
      AccountSid: ACCOUNT.sid,
      MessageSid: sid,
      From: from,
      To: "+33700000000",
      Body: body,
      NumMedia: "0",
    });

    await t.step("SMS keyword votes count in the results, once per number", async () => {
      const a = await postTwilio(`${sms}/sms`, smsFrom("+33611111111", "VOTE B", `SM${"1".repeat(32)}`));
      assert.equal(a.status, 200);
      assert.match(a.headers.get("content-type")!, /text\/xml/);
      assert.match(await a.text(), /<Response><\/Response>/);
      await postTwilio(`${sms}/sms`, smsFrom("+33611111111", "a", `SM${"2".repeat(32)}`));
      await postTwilio(`${sms}/sms`, smsFrom("+33622222222", "rock", `SM${"3".repeat(32)}`));
      await postTwilio(`${sms}/sms`, smsFrom("+33633333333", "Głos C", `SM${"4".repeat(32)}`));
      const res = await ctx.request(`/api/v1/show_segments/${voteSegment.id}/vote-results`, {
        token: manager,
      });
      assert.equal(res.status, 200);
      const results = await res.json();
      const count = (label: string) => results.find((r: { label: string }) => r.label === label)?.count ?? 0;
      assert.equal(count("Rock"), 2, "B and the label 'rock'; the number's second vote not counted");
      assert.equal(count("Jazz"), 0);
      assert.equal(count("Pop"), 1);
      assert.ok((await messagesOf(voteSegment.id)).every((m) => m.medium === "sms"));
    });

    await t.step("forged and unsigned SMS webhooks are refused; a replayed one stored once", async () => {
      const params = smsFrom("+33644444444", "A", `SM${"5".repeat(32)}`);
      assert.equal((await postTwilio(`${sms}/sms`, params, "bm90IHRoZSBzaWduYXR1cmU=")).status, 401);
      assert.equal((await postTwilio(`${sms}/sms`, params, "")).status, 401);
      const before = (await messagesOf(voteSegment.id)).length;
      await postTwilio(`${sms}/sms`, params);
      await postTwilio(`${sms}/sms`, params);
      assert.equal((await messagesOf(voteSegment.id)).length, before + 1);
    });

    await t.step("STOP forgets the number and is answered in TwiML", async () => {
      const [{ n: before }] = await ctx.sql<{ n: number }[]>`select count(*)::int as n from phone_numbers`;
      const res = await postTwilio(`${sms}/sms`, smsFrom("+33611111111", "Stop", `SM${"6".repeat(32)}`));
      assert.equal(res.status, 200);
      assert.match(await res.text(), /<Message>[^<]+<\/Message>/);
      const [{ n: after }] = await ctx.sql<{ n: number }[]>`select count(*)::int as n from phone_numbers`;
      assert.equal(after, before - 1);
      const linked = await ctx
        .sql`select 1 from messages where segment_id = ${voteSegment.id} and phone_number_id is null`;
      assert.ok(linked.length >= 1, "its participations are no longer tied to it");
    });

    await t.step(
      "a call hears a greeting, a beep and a recording; the recording lands as a voice",
      async () => {
        const call = {
          AccountSid: ACCOUNT.sid,
          CallSid: `CA${"7".repeat(32)}`,
          From: "+33655555555",
          To: "+33700000001",
        };
        const answered = await postTwilio(`${voice}/voice`, call);
        assert.equal(answered.status, 200);
        const xml = await answered.text();
        assert.match(xml, /<Say language="fr-FR">[^<]+<\/Say>/);
        assert.match(xml, /<Record maxLength="\d+" playBeep="true" recordingStatusCallback="[^"]+"/);
        assert.ok(!xml.includes("33655555555"), "the caller's number is sealed in the callback address");
        const callback = xml.match(/recordingStatusCallback="([^"]+)"/)![1].replaceAll("&amp;", "&");
        const query = callback.slice(callback.indexOf("?"));
        assert.equal((await postTwilio(`${voice}/voice`, call, "Zm9yZ2Vk")).status, 401);
        const recordingSid = `RE${"8".repeat(32)}`;
        stub.media.set(recordingSid, { bytes: await audio("wav", []), type: "audio/x-wav" });
        const done = {
          AccountSid: ACCOUNT.sid,
          CallSid: call.CallSid,
          RecordingSid: recordingSid,
          RecordingUrl: `${stub.twilioUrl}/2010-04-01/Accounts/${ACCOUNT.sid}/Recordings/${recordingSid}`,
          RecordingStatus: "completed",
          RecordingDuration: "2",
        };
        const res = await postTwilio(`${voice}/recording`, done, undefined, query);
        assert.equal(res.status, 200);
        const landed = await until(async () => {
          const found = (await messagesOf(voiceSegment.id)).filter((m) => m.medium === "voice");
          return found.length === 1 && found[0].processing_status === "done" ? found[0] : null;
        }, "voicemail processed");
        assert.ok(landed.phone_number_id !== null);
        assert.ok(stub.served.includes(recordingSid), "fetched with the account's credentials");
      },
    );

    await t.step(
      "an MMS picture and a WhatsApp picture are fetched by their ids and land in a photo contest",
      async () => {
        const photos = await randomSegment(ctx.sql, staff.radio, { type: "video", media_type: "image" });
        for (const line of [sms, whatsapp]) {
          const res = await ctx.request(`/api/v1/lines/${line}`, {
            method: "PUT",
            token: manager,
            json: { kind: line === sms ? "sms" : "whatsapp", segment_id: photos.id },
          });
          assert.equal(res.status, 200);
        }
        const mediaSid = `ME${"c3".repeat(16)}`;
        const messageSid = `MM${"d4".repeat(16)}`;
        stub.media.set(mediaSid, { bytes: await picture(), type: "image/jpeg" });
        const mms = {
          ...smsFrom("+33666666666", "", messageSid),
          NumMedia: "1",
          MediaContentType0: "image/jpeg",
          // the address the request names is not fetched: the media id at its end is, from the account's API
          MediaUrl0:
            `https://elsewhere.example/2010-04-01/Accounts/${ACCOUNT.sid}/Messages/${messageSid}/Media/${mediaSid}`,
        };
        assert.equal((await postTwilio(`${sms}/sms`, mms)).status, 200);
        stub.media.set("2048000001", { bytes: await picture(), type: "image/jpeg" });
        const body = whatsappBody("106540352242922", "33677777777", "Noé", {
          id: "wamid.picture1",
          type: "image",
          image: { mime_type: "image/jpeg", id: "2048000001" },
        });
        assert.equal(
          (await postWhatsapp(body, { "x-hub-signature-256": metaSignature(APP_SECRET, body) })).status,
          200,
        );
        const landed = await until(async () => {
          const found = await messagesOf(photos.id);
          return found.length === 2 && found.every((m) => m.processing_status === "done") ? found : null;
        }, "both pictures processed");
        assert.deepEqual(landed.map((m) => m.medium).sort(), ["sms", "whatsapp"]);
        const kinds = await ctx.sql<{ kind: string; status: string }[]>`
          select kind, status from media where id in ${ctx.sql(landed.map((m) => m.media_id!))}`;
        assert.deepEqual(kinds.map((k) => `${k.kind} ${k.status}`), ["image ready", "image ready"]);
        assert.ok(stub.served.includes(mediaSid) && stub.served.includes("2048000001"));
        assert.equal(stub.leaked, 0, "the account's credentials never went to the file store");
        // an MMS whose media is not a picture or a video the interaction takes is refused, not stored
        const sound = {
          ...smsFrom("+33666666666", "", `MM${"e5".repeat(16)}`),
          NumMedia: "1",
          MediaContentType0: "application/x-executable",
          MediaUrl0: `${stub.twilioUrl}/2010-04-01/Accounts/${ACCOUNT.sid}/Messages/MM${
            "e5".repeat(16)
          }/Media/ME${"f6".repeat(16)}`,
        };
        assert.equal((await postTwilio(`${sms}/sms`, sound)).status, 200);
        assert.equal((await messagesOf(photos.id)).length, 2);
      },
    );

    await t.step("the inbox answers each message's medium and filters by it", async () => {
      const list = (medium?: string) =>
        ctx.request(
          `/api/v1/channel-interactions?segment_id=${voiceSegment.id}&with_counts=1${
            medium ? `&medium=${medium}` : ""
          }`,
          { token: manager },
        );
      const all = await list();
      assert.equal(all.status, 200);
      const body = await all.json();
      assert.deepEqual(body.data.map((m: { medium: string }) => m.medium).sort(), ["voice", "whatsapp"]);
      const voices = await (await list("voice")).json();
      assert.equal(voices.data.length, 1);
      assert.equal(voices.data[0].medium, "voice");
      assert.equal(voices.pagination.total, 1);
      assert.equal((await (await list("widget")).json()).data.length, 0);
      assert.equal((await list("fax")).status, 400);
    });
  }
}
