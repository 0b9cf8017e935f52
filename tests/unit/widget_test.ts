import assert from "node:assert/strict";
import {
  formatTimer,
  hasSavedMessage,
  isInAppBrowser,
  isRegistration,
  isVoting,
  needsLogin,
  nextScreen,
  pageOf,
  pickRecorderMime,
  recorderOptions,
  uploadPercent,
  visibleResults,
} from "../../lib/rules/widget.ts";
import * as visitorLogin from "../../lib/rules/visitor_login.ts";
import { SEND_RETRY_DELAYS_MS } from "../../lib/rules/constants.ts";

Deno.test("widget - screen flow of the single-interaction widget", async (t) => {
  await t.step("first screen by type", () => {
    // told by the predicates the widget's flow reads: fields for a registration, choices for a vote
    const firstScreen = (s: Parameters<typeof isVoting>[0]) =>
      isRegistration(s)
        ? "gatherInformation"
        : isVoting(s)
        ? "voting"
        : s.type === "message" || s.type === "sms"
        ? "write"
        : "recorder";
    assert.equal(firstScreen({ type: "recording_question", game_type: "answer" }), "recorder");
    assert.equal(firstScreen({ type: "single_choice_question", game_type: "answer" }), "voting");
    assert.equal(firstScreen({ type: "multiple_choice_question", game_type: "answer" }), "voting");
    assert.equal(firstScreen({ type: "game", game_type: "answer" }), "voting");
    assert.equal(firstScreen({ type: "game", game_type: "registration" }), "gatherInformation");
    assert.equal(firstScreen({ type: "registration", game_type: "answer" }), "gatherInformation");
    assert.equal(firstScreen({ type: "message", game_type: "answer" }), "write");
    assert.equal(firstScreen({ type: "sms", game_type: "answer" }), "write");
  });
  await t.step("gatherInformation, then rgpdConsent, then sending", () => {
    const all = { fields: [{ field: "city", mandatory: true }], gdpr: true, image_right: false };
    assert.equal(nextScreen(all, "voting"), "gatherInformation");
    assert.equal(nextScreen(all, "gatherInformation"), "rgpdConsent");
    assert.equal(nextScreen(all, "rgpdConsent"), "sending");
    assert.equal(nextScreen({ fields: [], gdpr: false, image_right: true }, "recorder"), "rgpdConsent");
    assert.equal(nextScreen({ fields: [], gdpr: false, image_right: false }, "write"), "sending");
  });
  await t.step("a testimonial skips the information and consents", () => {
    assert.equal(
      nextScreen(
        { fields: [{ field: "city", mandatory: true }], gdpr: true, image_right: true },
        "write",
        true,
      ),
      "sending",
    );
  });
});

Deno.test("widget - paging by 5, results without 0 %", () => {
  const items = Array.from({ length: 7 }, (_, i) => i);
  assert.deepEqual(pageOf(items, 0), {
    items: [0, 1, 2, 3, 4],
    page: 0,
    pages: 2,
    hasPrev: false,
    hasNext: true,
  });
  assert.deepEqual(pageOf(items, 1), { items: [5, 6], page: 1, pages: 2, hasPrev: true, hasNext: false });
  assert.equal(pageOf(items, 9).page, 1);
  assert.equal(pageOf([], 0).pages, 1);
  const row = (id: number, percentage: number) => ({
    id,
    index: id,
    label: `${id}`,
    count: percentage,
    percentage,
  });
  assert.deepEqual(visibleResults([row(1, 0), row(2, 100)]).map((r) => r.id), [2]);
});

Deno.test("widget - recorder timer, formats, in-app browsers, upload progress", async (t) => {
  await t.step("timer in hundredths", () => {
    assert.equal(formatTimer(0), "00:00.00");
    assert.equal(formatTimer(1234), "00:01.23");
    assert.equal(formatTimer(65_990), "01:05.99");
  });
  await t.step("opus in webm first, aac in mp4 on Safari", () => {
    assert.deepEqual(pickRecorderMime("audio", () => true), {
      mime: "audio/webm;codecs=opus",
      extension: "webm",
    });
    assert.deepEqual(pickRecorderMime("audio", (m) => m.startsWith("audio/mp4")), {
      mime: "audio/mp4;codecs=mp4a.40.2",
      extension: "mp4",
    });
    assert.equal(pickRecorderMime("video", (m) => m === "video/mp4").extension, "mp4");
  });
  await t.step("recording bitrates of a phone network: speech at 32 kbit/s, video at 600 kbit/s", () => {
    assert.deepEqual(recorderOptions("audio", "audio/webm;codecs=opus"), {
      mimeType: "audio/webm;codecs=opus",
      audioBitsPerSecond: 32_000,
    });
    // Safari's AAC in mp4 gets the same speech bitrate
    assert.equal(recorderOptions("audio", "audio/mp4;codecs=mp4a.40.2").audioBitsPerSecond, 32_000);
    assert.deepEqual(recorderOptions("video", ""), {
      audioBitsPerSecond: 32_000,
      videoBitsPerSecond: 600_000,
    });
  });
  await t.step("a saved message is found by its interaction; a broken index finds none", () => {
    assert.equal(hasSavedMessage("[12,40]", [40, 41]), true);
    assert.equal(hasSavedMessage("[12]", [40]), false);
    assert.equal(hasSavedMessage(null, [40]), false);
    assert.equal(hasSavedMessage("{", [40]), false);
    assert.equal(hasSavedMessage('{"40":1}', [40]), false);
  });
  await t.step("the waits before sending again reach minutes, from an immediate first retry", () => {
    assert.equal(SEND_RETRY_DELAYS_MS[0], 0);
    assert.ok(SEND_RETRY_DELAYS_MS.at(-1)! >= 120_000);
    assert.deepEqual([...SEND_RETRY_DELAYS_MS].sort((a, b) => a - b), SEND_RETRY_DELAYS_MS);
  });
  await t.step("Facebook and Instagram in-app browsers", () => {
    assert.equal(isInAppBrowser("Mozilla/5.0 (iPhone) [FBAN/FBIOS;FBAV/400.0]"), true);
    assert.equal(isInAppBrowser("Mozilla/5.0 (Linux; Android 13) Instagram 300.0"), true);
    assert.equal(isInAppBrowser("Mozilla/5.0 (X11; Linux x86_64) Chrome/120"), false);
  });
  await t.step("upload progress up to 80", () => {
    assert.equal(uploadPercent(50, 100), 40);
    assert.equal(uploadPercent(100, 100), 80);
    assert.equal(uploadPercent(0, 0), 0);
  });
});

Deno.test("widget - the account notice of a registration-required interaction", async (t) => {
  await t.step("said to a listener with no account or an anonymous one, never on an open interaction", () => {
    const required = { registration_required: true };
    assert.equal(needsLogin(required, null), true);
    assert.equal(needsLogin(required, { is_anonymous: true }), true);
    assert.equal(needsLogin(required, { is_anonymous: false }), false);
    assert.equal(needsLogin({ registration_required: false }, null), false);
    assert.equal(needsLogin({ registration_required: false }, { is_anonymous: true }), false);
  });
  await t.step("the first screen and the login panel apply one rule", () => {
    assert.equal(visitorLogin.needsLogin, needsLogin);
  });
});
