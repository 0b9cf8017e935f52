// An MMS's parts: each picture or video in order, stored once by its own id; the text sent with them.
import assert from "node:assert/strict";
import { mediaCaption, MMS_MAX_MEDIA, mmsParts } from "../../lib/rules/lines.ts";
import { mergedLanding } from "../../lib/lines/inbound.ts";

const SID = `MM${"ab".repeat(16)}`;
const mediaSid = (n: number) => `ME${n.toString(16).padStart(2, "0").repeat(16)}`;
const url = (n: number) =>
  `https://api.twilio.com/2010-04-01/Accounts/AC1/Messages/${SID}/Media/${mediaSid(n)}`;

function mms(types: string[], extra: Record<string, string> = {}) {
  const params: Record<string, string> = { MessageSid: SID, NumMedia: String(types.length), ...extra };
  types.forEach((type, i) => {
    params[`MediaContentType${i}`] = type;
    params[`MediaUrl${i}`] = url(i + 1);
  });
  return params;
}

Deno.test("mmsParts - every picture and video in order, the first by the message id, the others by theirs", () => {
  const parts = mmsParts(mms(["image/jpeg", "image/png", "video/mp4"]));
  assert.deepEqual(parts.map((p) => p.kind), ["image", "image", "video"]);
  assert.deepEqual(parts.map((p) => p.providerId), [SID, `${SID}/${mediaSid(2)}`, `${SID}/${mediaSid(3)}`]);
  assert.deepEqual(parts.map((p) => p.mediaSid), [mediaSid(1), mediaSid(2), mediaSid(3)]);
  // the same webhook sent again names the same ids
  assert.deepEqual(mmsParts(mms(["image/jpeg", "image/png", "video/mp4"])), parts);
});

Deno.test("mmsParts - a sound, an unknown type, a foreign address or a repeated media are skipped", () => {
  const params = mms(["audio/ogg", "application/x-executable", "image/jpeg", "image/jpeg", "image/gif"]);
  params.MediaUrl3 = params.MediaUrl2; // the same media twice
  params.MediaUrl4 = "https://elsewhere.example/picture.gif";
  const parts = mmsParts(params);
  assert.equal(parts.length, 1);
  assert.equal(parts[0].mediaSid, mediaSid(3));
  assert.equal(parts[0].providerId, SID, "the first part taken is named by the message id");
});

Deno.test("mmsParts - no media, a bad message id or more media than an MMS carries", () => {
  assert.deepEqual(mmsParts({ MessageSid: SID, NumMedia: "0", Body: "hello" }), []);
  assert.deepEqual(mmsParts({ ...mms(["image/jpeg"]), MessageSid: "SM123" }), []);
  const many = mms(Array.from({ length: MMS_MAX_MEDIA + 3 }, () => "image/jpeg"));
  assert.equal(MMS_MAX_MEDIA, 10);
  assert.equal(mmsParts(many).length, MMS_MAX_MEDIA);
  assert.equal(mmsParts({ ...mms(["image/jpeg", "image/jpeg"]), NumMedia: "1" }).length, 1);
});

Deno.test("mediaCaption - the text sent with a media, trimmed; nothing when it says nothing", () => {
  assert.equal(mediaCaption("  Sunset over the bay \n"), "Sunset over the bay");
  assert.equal(mediaCaption(""), null);
  assert.equal(mediaCaption("   "), null);
  assert.equal(mediaCaption(undefined), null);
  assert.equal(mediaCaption("x".repeat(5000))!.length, 4000);
});

Deno.test("mergedLanding - a message of several parts is stored when any part is", () => {
  assert.equal(mergedLanding(["refused", "stored"]), "stored");
  assert.equal(mergedLanding(["duplicate", "duplicate"]), "duplicate");
  assert.equal(mergedLanding(["refused", "duplicate"]), "refused");
  assert.equal(mergedLanding([]), "refused");
});
