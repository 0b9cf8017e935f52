// A voicemail's caller reads "Listener · city" like an SMS's: the city the provider sends with the call
// travels sealed with the number to the recording's callback. A voicemail left while the line feeds no
// interaction is held for staff, with its city, and nothing is sent back to the caller.
import assert from "node:assert/strict";
import { encryptSecret } from "../../lib/platform/crypto.ts";
import { randomSegment } from "./_participation.ts";
import { lineApp, LINES_PUBLIC_URL, twilioSigned } from "../_providers.ts";

const ACCOUNT = { sid: `AC${"d5".repeat(16)}`, token: "twilio-auth-token" };
const PUBLIC = LINES_PUBLIC_URL;
const { stub, ctx, staff } = await lineApp({ accessToken: "unused", account: ACCOUNT }, { jobs: true });

const postTwilio = (path: string, params: Record<string, string>, query = "") =>
  ctx.request(`/lines/${path}${query}`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-twilio-signature": twilioSigned(ACCOUNT.token, `${PUBLIC}/lines/${path}${query}`, params),
    },
    body: new URLSearchParams(params).toString(),
  });

let n = 0;
/** A call answered, then its recording's callback; returns the callback's query and the recording id. */
async function voicemail(line: number, from: string, city?: string) {
  const call: Record<string, string> = {
    AccountSid: ACCOUNT.sid,
    CallSid: `CA${String(++n).padStart(32, "0")}`,
    From: from,
    To: "+33700000001",
    ...(city ? { FromCity: city } : {}),
  };
  const answered = await postTwilio(`${line}/voice`, call);
  assert.equal(answered.status, 200);
  const xml = await answered.text();
  const callback = xml.match(/recordingStatusCallback="([^"]+)"/)![1].replaceAll("&amp;", "&");
  return { query: callback.slice(callback.indexOf("?")), xml, callSid: call.CallSid };
}

async function recorded(line: number, callSid: string, query: string) {
  const recordingSid = `RE${String(++n).padStart(32, "0")}`;
  const res = await postTwilio(`${line}/recording`, {
    AccountSid: ACCOUNT.sid,
    CallSid: callSid,
    RecordingSid: recordingSid,
    RecordingStatus: "completed",
    RecordingDuration: "2",
  }, query);
  assert.equal(res.status, 200);
  return (await res.json()).outcome as string;
}

Deno.test({
  name: "voicemail city - a caller's city is kept sealed to the recording and shown as Listener · city",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    try {
      const manager = await staff.token("manager");
      const voices = await randomSegment(ctx.sql, staff.radio, { type: "recording_question" });
      const res = await ctx.request(`/api/v1/channels/${staff.radio}/lines`, {
        method: "POST",
        token: manager,
        json: {
          kind: "voice",
          segment_id: voices.id,
          credentials: { account_sid: ACCOUNT.sid, auth_token: ACCOUNT.token },
        },
      });
      assert.equal(res.status, 201);
      const line = (await res.json()).id as number;
      const cities = () =>
        ctx.sql<{ author_city: string | null }[]>`
          select author_city from messages where segment_id = ${voices.id} order by id`;

      await t.step("the city sent with the call lands with the voicemail, sealed on the way", async () => {
        const call = await voicemail(line, "+33612340000", "Nantes");
        assert.ok(
          !call.query.includes("Nantes") && !call.xml.includes("Nantes"),
          "sealed, not in the address",
        );
        assert.equal(await recorded(line, call.callSid, call.query), "stored");
        assert.deepEqual((await cities()).map((c) => c.author_city), ["Nantes"]);
        const inbox = await ctx.request(`/api/v1/channel-interactions?segment_id=${voices.id}`, {
          token: manager,
        });
        const [message] = (await inbox.json()).data as {
          author: { name: string | null; city: string | null };
        }[];
        assert.deepEqual([message.author.name, message.author.city], [null, "Nantes"], "Listener · Nantes");
      });

      await t.step(
        "a call without a city, and one answered before cities were sealed, land as before",
        async () => {
          const call = await voicemail(line, "+33612340001");
          assert.equal(await recorded(line, call.callSid, call.query), "stored");
          // the callback address of a call answered by the previous version: the bare number, sealed
          const bare = `?caller=${
            encodeURIComponent(await encryptSecret(ctx.deps.jwtSecret, "+33612340002"))
          }`;
          assert.equal(await recorded(line, `CA${"9".repeat(32)}`, bare), "stored");
          assert.deepEqual((await cities()).map((c) => c.author_city), ["Nantes", null, null]);
        },
      );

      await t.step("a voicemail left while the line feeds nothing is held with its city", async () => {
        await ctx.sql`update phone_lines set segment_id = null where id = ${line}`;
        const call = await voicemail(line, "+33612340003", "Brest");
        assert.equal(await recorded(line, call.callSid, call.query), "held");
        const [held] = await ctx.sql<
          { reason: string; author_city: string; media_kind: string; notified: boolean }[]
        >`
          select reason, author_city, media_kind, notified from line_held_messages where line_id = ${line}`;
        assert.deepEqual(held, {
          reason: "no_interaction",
          author_city: "Brest",
          media_kind: "audio",
          notified: false,
        });
        assert.equal(stub.sent.length, 0, "nothing is sent back to a caller");
      });
    } finally {
      await ctx.close();
      await stub.close();
    }
  },
});
