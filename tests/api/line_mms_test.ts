// An MMS or a WhatsApp picture against the local provider stub (tests/_providers.ts): the listener's text
// lands with their picture, every picture of an MMS lands (the text on the first), and a webhook the
// provider sends again stores none of them twice.
import assert from "node:assert/strict";
import { until } from "../_helpers.ts";
import { randomSegment } from "./_participation.ts";
import { lineApp, LINES_PUBLIC_URL, metaSignature, twilioSigned, whatsappBody } from "../_providers.ts";

const ACCESS_TOKEN = "EAAG-access-token";
const ACCOUNT = { sid: `AC${"a1".repeat(16)}`, token: "twilio-auth-token" };
const APP_SECRET = "meta-app-secret";
const PUBLIC = LINES_PUBLIC_URL;
const { stub, ctx, staff } = await lineApp({ accessToken: ACCESS_TOKEN, account: ACCOUNT }, { jobs: true });

/** A small JPEG picture of a colour, as a phone's camera would send (smaller). */
async function picture(colour: string): Promise<Uint8Array> {
  const dir = await Deno.makeTempDir();
  const out = `${dir}/p.jpg`;
  const args = [
    "-loglevel",
    "error",
    "-y",
    "-f",
    "lavfi",
    "-i",
    `color=c=${colour}:s=96x64`,
    "-frames:v",
    "1",
    out,
  ];
  const res = await new Deno.Command("ffmpeg", { args }).output();
  assert.ok(res.success, new TextDecoder().decode(res.stderr));
  const bytes = await Deno.readFile(out);
  await Deno.remove(dir, { recursive: true });
  return bytes;
}

const messagesOf = (segmentId: number) =>
  ctx.sql<{ id: number; medium: string; text: string | null; processing_status: string; media_id: string }[]>`
    select id::int as id, medium, text, processing_status, media_id from messages
    where segment_id = ${segmentId} order by id`;

const postTwilio = (path: string, params: Record<string, string>) =>
  ctx.request(`/lines/${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-twilio-signature": twilioSigned(ACCOUNT.token, `${PUBLIC}/lines/${path}`, params),
    },
    body: new URLSearchParams(params).toString(),
  });

Deno.test({
  name: "MMS and WhatsApp pictures - the text lands with its picture, every picture of an MMS lands once",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    try {
      const manager = await staff.token("manager");
      // a photo contest open to several pictures per listener
      const photos = await randomSegment(ctx.sql, staff.radio, {
        type: "video",
        media_type: "image",
        limit_1_vote: false,
      });
      const twilio = { account_sid: ACCOUNT.sid, auth_token: ACCOUNT.token };
      const add = async (body: Record<string, unknown>) => {
        const res = await ctx.request(`/api/v1/channels/${staff.radio}/lines`, {
          method: "POST",
          token: manager,
          json: { segment_id: photos.id, ...body },
        });
        assert.equal(res.status, 201);
        return (await res.json()).id as number;
      };
      const sms = await add({ kind: "sms", credentials: twilio });
      const whatsapp = await add({
        kind: "whatsapp",
        address: "106540352242922",
        credentials: { app_secret: APP_SECRET, access_token: ACCESS_TOKEN, verify_token: "v" },
      });
      const messageSid = `MM${"d4".repeat(16)}`;
      const sids = [`ME${"c1".repeat(16)}`, `ME${"c2".repeat(16)}`, `ME${"c3".repeat(16)}`];
      for (const [i, sid] of sids.entries()) {
        stub.media.set(sid, { bytes: await picture(["orange", "blue", "green"][i]), type: "image/jpeg" });
      }
      const mms: Record<string, string> = {
        AccountSid: ACCOUNT.sid,
        MessageSid: messageSid,
        From: "+33666666666",
        FromCity: "Lyon",
        To: "+33700000000",
        Body: "  Sunset over the bay, from the beach ",
        NumMedia: String(sids.length),
      };
      sids.forEach((sid, i) => {
        mms[`MediaContentType${i}`] = "image/jpeg";
        mms[`MediaUrl${i}`] =
          `${stub.twilioUrl}/2010-04-01/Accounts/${ACCOUNT.sid}/Messages/${messageSid}/Media/${sid}`;
      });

      await t.step(
        "an MMS of three pictures lands as three participations, its text on the first",
        async () => {
          assert.equal((await postTwilio(`${sms}/sms`, mms)).status, 200);
          const landed = await until(async () => {
            const found = await messagesOf(photos.id);
            return found.length === 3 && found.every((m) => m.processing_status === "done") ? found : null;
          }, "three pictures processed");
          assert.deepEqual(landed.map((m) => m.text), ["Sunset over the bay, from the beach", null, null]);
          assert.deepEqual(landed.map((m) => m.medium), ["sms", "sms", "sms"]);
          for (const sid of sids) assert.ok(stub.served.includes(sid), `${sid} fetched`);
          const media = await ctx.sql<{ kind: string; status: string }[]>`
          select kind, status from media where id in ${ctx.sql(landed.map((m) => m.media_id))}`;
          assert.deepEqual(media.map((k) => `${k.kind} ${k.status}`), [
            "image ready",
            "image ready",
            "image ready",
          ]);
          assert.equal(
            new Set(landed.map((m) => m.media_id)).size,
            3,
            "each participation holds its own picture",
          );
        },
      );

      await t.step("the same MMS sent again by the provider stores none of its pictures twice", async () => {
        const again = await postTwilio(`${sms}/sms`, mms);
        assert.equal(again.status, 200);
        assert.equal((await messagesOf(photos.id)).length, 3);
        const claims = await ctx.sql<{ provider_id: string; message_id: number | null }[]>`
          select provider_id, message_id::int as message_id from line_inbound where line_id = ${sms}
          order by provider_id`;
        assert.deepEqual(claims.map((c) => c.provider_id), [
          messageSid,
          `${messageSid}/${sids[1]}`,
          `${messageSid}/${sids[2]}`,
        ]);
        assert.ok(claims.every((c) => c.message_id !== null), "each part is tied to its participation");
      });

      await t.step("a contest of one picture per listener takes an MMS's first picture only", async () => {
        const single = await randomSegment(ctx.sql, staff.radio, { type: "video", media_type: "image" });
        const put = await ctx.request(`/api/v1/lines/${sms}`, {
          method: "PUT",
          token: manager,
          json: { kind: "sms", segment_id: single.id },
        });
        assert.equal(put.status, 200);
        const sid = `MM${"e7".repeat(16)}`;
        const two: Record<string, string> = { ...mms, MessageSid: sid, From: "+33655555555", NumMedia: "2" };
        for (let i = 0; i < 2; i++) {
          two[`MediaUrl${i}`] = `${stub.twilioUrl}/2010-04-01/Accounts/${ACCOUNT.sid}/Messages/${sid}/Media/${
            sids[i]
          }`;
        }
        delete two.MediaUrl2;
        delete two.MediaContentType2;
        assert.equal((await postTwilio(`${sms}/sms`, two)).status, 200);
        const landed = await messagesOf(single.id);
        assert.equal(
          landed.length,
          1,
          "the second picture is refused by the interaction's rule, as in the widget",
        );
        assert.equal(landed[0].text, "Sunset over the bay, from the beach");
        const back = await ctx.request(`/api/v1/lines/${sms}`, {
          method: "PUT",
          token: manager,
          json: { kind: "sms", segment_id: photos.id },
        });
        assert.equal(back.status, 200);
      });

      await t.step(
        "the inbox shows the text with its picture, and the listener as Listener · city",
        async () => {
          const res = await ctx.request(`/api/v1/channel-interactions?segment_id=${photos.id}`, {
            token: manager,
          });
          assert.equal(res.status, 200);
          const data = (await res.json()).data as {
            content: { text: string | null };
            media: { kind: string } | null;
            author: { name: string | null; city: string | null };
          }[];
          const captioned = data.filter((m) => m.content.text);
          assert.equal(captioned.length, 1);
          assert.equal(captioned[0].content.text, "Sunset over the bay, from the beach");
          assert.equal(captioned[0].media?.kind, "image");
          assert.ok(data.every((m) => m.author.city === "Lyon" && !m.author.name));
          assert.ok(!JSON.stringify(data).includes("666666666"), "the number is never read back");
        },
      );

      await t.step(
        "shared publicly, an MMS reads as Listener · city with its text, never the number",
        async () => {
          const [first] = await messagesOf(photos.id);
          const [{ share_token }] = await ctx.sql<{ share_token: string }[]>`
          update messages set shared_at = now() where id = ${first.id} returning share_token::text`;
          const res = await ctx.request(`/api/v1/interactions/${share_token}`);
          assert.equal(res.status, 200);
          const text = await res.text();
          const shared = JSON.parse(text);
          assert.equal(shared.medium, "sms");
          assert.equal(shared.author_name, null, "no name: the share page says Listener");
          assert.equal(shared.author_city, "Lyon");
          assert.equal(shared.content.text, "Sunset over the bay, from the beach");
          assert.ok(!text.includes("666666666") && !text.includes("phone:"), "the number is never public");
        },
      );

      await t.step("a WhatsApp picture's caption lands with it", async () => {
        stub.media.set("2048000009", { bytes: await picture("purple"), type: "image/jpeg" });
        const body = whatsappBody("106540352242922", "33677777777", "Noé", {
          id: "wamid.captioned1",
          type: "image",
          image: { mime_type: "image/jpeg", id: "2048000009", caption: "Our dog on air!" },
        });
        const res = await ctx.request(`/lines/${whatsapp}/whatsapp`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "x-hub-signature-256": metaSignature(APP_SECRET, body),
          },
          body,
        });
        assert.equal(res.status, 200);
        const landed = await until(async () => {
          const found = (await messagesOf(photos.id)).filter((m) => m.medium === "whatsapp");
          return found.length === 1 && found[0].processing_status === "done" ? found[0] : null;
        }, "WhatsApp picture processed");
        assert.equal(landed.text, "Our dog on air!");
        assert.ok(landed.media_id);
        // shared, it reads under the WhatsApp profile name, never the number
        const [{ share_token }] = await ctx.sql<{ share_token: string }[]>`
          update messages set shared_at = now() where id = ${landed.id} returning share_token::text`;
        const text = await (await ctx.request(`/api/v1/interactions/${share_token}`)).text();
        const shared = JSON.parse(text);
        assert.equal(shared.medium, "whatsapp");
        assert.equal(shared.author_name, "Noé");
        assert.ok(!text.includes("677777777"));
      });
    } finally {
      await ctx.close();
      await stub.close();
    }
  },
});
