import assert from "node:assert/strict";
import {
  isPubliclyReadable,
  isShareToken,
  publicAuthorLine,
  publicMessage,
} from "../../lib/rules/public_message.ts";
import type { SharedMessageRow } from "../../db/shared_messages.ts";

const row = (over: Partial<SharedMessageRow> = {}): SharedMessageRow => ({
  share_token: "0b6f1f4e-8a52-4d43-9d55-2c3f5b0b9a11",
  channel_id: 2,
  segment_id: 7,
  type: "recording_question",
  created_at: new Date("2026-11-24T10:00:00Z"),
  content: {
    text: "Hello",
    choice_text: null,
    recording_url: "/media/x.mp3",
    duration: 4,
    transcription: { data: [{ transcript: "secret" }] },
    email: "a@b.c",
  },
  duration_ms: 3600,
  nickname: "Lou",
  author_city: "Lyon",
  playable_path: "processed/x.mp3",
  poster_path: null,
  media_kind: "audio",
  status: "received",
  moderation: "none",
  shared_at: null,
  broadcast_status: "none",
  ...over,
});

Deno.test("isShareToken - a uuid only, never a sequential id", () => {
  assert.equal(isShareToken("0b6f1f4e-8a52-4d43-9d55-2c3f5b0b9a11"), true);
  for (const v of ["12", "", "abc", null, undefined, "0b6f1f4e-8a52-4d43-9d55-2c3f5b0b9a1"]) {
    assert.equal(isShareToken(v), false, String(v));
  }
});

Deno.test("isPubliclyReadable - shared by its author or broadcast, and visible", async (t) => {
  await t.step("neither shared nor broadcast: private", () => assert.equal(isPubliclyReadable(row()), false));
  await t.step("shared", () => assert.equal(isPubliclyReadable(row({ shared_at: new Date() })), true));
  await t.step("broadcast", () => {
    assert.equal(isPubliclyReadable(row({ broadcast_status: "broadcast_2" })), true);
  });
  await t.step("waiting for or refused by moderation, archived or trashed: private", () => {
    const shared = { shared_at: new Date() };
    assert.equal(isPubliclyReadable(row({ ...shared, moderation: "pending" })), false);
    assert.equal(isPubliclyReadable(row({ ...shared, moderation: "rejected" })), false);
    assert.equal(isPubliclyReadable(row({ ...shared, moderation: "approved" })), true);
    assert.equal(isPubliclyReadable(row({ ...shared, status: "trash" })), false);
    assert.equal(isPubliclyReadable(row({ ...shared, status: "archived" })), false);
  });
});

Deno.test("publicMessage - the nickname and city at most, whitelisted content, no ids", () => {
  const m = publicMessage(row());
  assert.deepEqual(m, {
    token: "0b6f1f4e-8a52-4d43-9d55-2c3f5b0b9a11",
    channel_id: 2,
    segment_id: 7,
    type: "recording_question",
    created_at: "2026-11-24T10:00:00.000Z",
    content: { text: "Hello", choice_text: null, duration: 4 },
    author_name: "Lou",
    author_city: "Lyon",
    medium: "widget",
    media_url: "/media/processed/x.mp3",
    poster_url: null,
    media_kind: "audio",
  });
  assert.equal(publicMessage(row({ nickname: null })).author_name, null);
  assert.equal(publicMessage(row({ playable_path: null })).media_kind, null, "no file, no kind");
  assert.equal(publicMessage(row({ poster_path: "p.jpg" })).poster_url, "/media/p.jpg");
});

Deno.test("publicAuthorLine - a phone line's listener is Listener with their city, a widget author unchanged", () => {
  const line = (medium: string, author_name: string | null, author_city: string | null) =>
    publicAuthorLine({ medium, author_name, author_city }, "Anonymous", "Listener");
  assert.equal(line("sms", null, "Lyon"), "Listener · Lyon");
  assert.equal(line("voice", null, null), "Listener");
  assert.equal(line("whatsapp", "Noé", "Lyon"), "Noé · Lyon");
  assert.equal(line("whatsapp", "", null), "Listener");
  assert.equal(line("widget", null, "Lyon"), "Anonymous");
  assert.equal(line("widget", "Lou", "Lyon"), "Lou");
  assert.equal(publicMessage(row({ medium: "sms", nickname: null })).medium, "sms");
  assert.equal(publicMessage(row({ medium: undefined })).medium, "widget");
});
