import assert from "node:assert/strict";
import {
  authorSnapshot,
  decideParticipation,
  isAvailable,
  requestedFields,
  type SegmentRules,
  type Submission,
  textLimit,
  transcriptTooLong,
  uploadKind,
} from "../../lib/rules/participation.ts";
import { AppError } from "../../lib/rules/errors.ts";

const NOW = new Date("2026-06-01T12:00:00Z");
const hour = 3600_000;

function segment(over: Partial<SegmentRules> = {}): SegmentRules {
  return {
    id: 1,
    channel_id: 1,
    type: "single_choice_question",
    status: "published",
    start_date: new Date(NOW.getTime() - hour),
    end_date: null,
    limit_1_vote: true,
    gather_information: false,
    information_to_gather: {},
    is_gdpr_consent: false,
    is_image_right_consent: false,
    registration_required: false,
    enable_written_answer: false,
    enable_audio_answer: false,
    testimonial_demanded: false,
    game_type: "answer",
    media_type: null,
    ...over,
  };
}

const decide = (
  s: Partial<SegmentRules>,
  submission: Submission,
  extra: { anonymous?: boolean | null } = {},
) =>
  decideParticipation({
    segment: segment(s),
    choices: [10, 11, 12],
    author: extra.anonymous === undefined || extra.anonymous === null ? null : {
      id: 5,
      is_anonymous: extra.anonymous,
      nickname: "Lou",
      first_name: null,
      last_name: null,
      city: "Lyon",
    },
    submission,
    segmentCustomisation: { character_text_zone_length: 20 },
    now: NOW,
  });

function rejects(fn: () => unknown, code: string, status?: number) {
  assert.throws(fn, (e: unknown) => {
    assert.ok(e instanceof AppError, String(e));
    assert.equal(e.code, code);
    if (status) assert.equal(e.status, status);
    return true;
  });
}

Deno.test("participation - availability window and status", async (t) => {
  await t.step("published or ready between start and end accept", () => {
    assert.equal(isAvailable(segment(), NOW), true);
    assert.equal(isAvailable(segment({ status: "ready" }), NOW), true);
    assert.equal(isAvailable(segment({ start_date: NOW }), NOW), true);
    assert.equal(isAvailable(segment({ end_date: new Date(NOW.getTime() + 1) }), NOW), true);
  });
  await t.step("draft, archived, trash refuse", () => {
    for (const status of ["draft", "archived", "trash"] as const) {
      assert.equal(isAvailable(segment({ status }), NOW), false);
    }
  });
  await t.step("before start or at end refuse (end excluded)", () => {
    assert.equal(isAvailable(segment({ start_date: new Date(NOW.getTime() + 1) }), NOW), false);
    assert.equal(isAvailable(segment({ end_date: NOW }), NOW), false);
  });
  await t.step("an unavailable segment gives segment_unavailable (410)", () => {
    rejects(() => decide({ status: "draft" }, { choice_ids: [10] }), "segment_unavailable", 410);
  });
});

Deno.test("participation - choices", async (t) => {
  await t.step("a vote needs one choice of the segment", () => {
    rejects(() => decide({}, {}), "choice_required", 400);
    rejects(() => decide({}, { choice_ids: [] }), "choice_required");
    rejects(() => decide({}, { choice_ids: [99] }), "choice_unknown");
    rejects(() => decide({}, { choice_ids: [10, 11] }), "choice_single");
    const d = decide({}, { choice_ids: [10] });
    assert.deepEqual(d.choiceIds, [10]);
    assert.equal(d.limited, true);
  });
  await t.step("multiple choice keeps several distinct choices", () => {
    const d = decide({ type: "multiple_choice_question" }, { choice_ids: [10, 12, 10] });
    assert.deepEqual(d.choiceIds, [10, 12]);
  });
  await t.step("a game answer needs a choice, a registration game none", () => {
    rejects(() => decide({ type: "game" }, {}), "choice_required");
    const d = decide({ type: "game", game_type: "registration" }, { only_user_data: true });
    assert.equal(d.onlyUserData, true);
    assert.equal(d.choiceIds, null);
  });
  await t.step("limit_1_vote off is not limited", () => {
    assert.equal(decide({ limit_1_vote: false }, { choice_ids: [10] }).limited, false);
  });
});

Deno.test("participation - texts", async (t) => {
  await t.step("text must not be empty", () => {
    rejects(() => decide({ type: "message" }, { text: "   " }), "text_empty", 400);
    rejects(() => decide({ type: "message" }, {}), "text_empty");
  });
  await t.step("text longer than the channel length is refused", () => {
    assert.equal(decide({ type: "message" }, { text: "a".repeat(20) }).text, "a".repeat(20));
    rejects(() => decide({ type: "message" }, { text: "a".repeat(21) }), "text_too_long");
  });
  await t.step("sms is capped at 160 characters", () => {
    const s = { type: "sms" as const };
    assert.throws(
      () =>
        decideParticipation({
          segment: segment(s),
          choices: [],
          author: null,
          submission: { text: "a".repeat(161) },
          segmentCustomisation: { character_text_zone_length: 500 },
          now: NOW,
        }),
      (e: AppError) => e.code === "text_too_long" && e.values.max === 160,
    );
  });
  await t.step("written answers on a voice segment only when enabled", () => {
    rejects(() => decide({ type: "recording_question" }, { text: "hi" }), "participation_wrong_type", 422);
    assert.equal(
      decide({ type: "recording_question", enable_written_answer: true }, { text: "hi" }).text,
      "hi",
    );
  });
  await t.step("a testimonial after a vote is a text without choices, never limited", () => {
    const d = decide({ testimonial_demanded: true }, { text: "because" });
    assert.equal(d.isTestimonial, true);
    assert.equal(d.limited, false);
  });
  await t.step("default text limit is 250; transcripts over it are flagged", () => {
    assert.equal(textLimit({}), 250);
    assert.equal(textLimit(null), 250);
    assert.equal(textLimit({ character_text_zone_length: 40 }), 40);
    assert.equal(transcriptTooLong("a".repeat(251), {}), true);
    assert.equal(transcriptTooLong("a".repeat(250), {}), false);
  });
});

Deno.test("participation - media kinds", async (t) => {
  await t.step("voice takes audio, video takes video or image, audio only when enabled", () => {
    assert.equal(
      decide({ type: "recording_question", limit_1_vote: false }, { media: "audio" }).limited,
      false,
    );
    rejects(() => decide({ type: "recording_question" }, { media: "video" }), "participation_wrong_type");
    decide({ type: "video" }, { media: "video" });
    decide({ type: "video" }, { media: "image" });
    rejects(() => decide({ type: "video" }, { media: "audio" }), "participation_wrong_type");
    decide({ type: "video", enable_audio_answer: true }, { media: "audio" });
  });
  await t.step("upload extensions: spec lists plus recorder audio", () => {
    assert.equal(uploadKind("mp3"), "audio");
    assert.equal(uploadKind("webm", "audio"), "audio");
    assert.equal(uploadKind("webm"), "video");
    assert.equal(uploadKind("MOV"), "video");
    assert.equal(uploadKind("heic"), "image");
    assert.equal(uploadKind("exe"), null);
    assert.equal(uploadKind("flac"), null);
  });
});

Deno.test("participation - gathered information and consents", async (t) => {
  const info = {
    first_name: { active: true, mandatory: true },
    city: { active: true, mandatory: false },
    phone: { active: false, mandatory: true },
  };
  await t.step("requested fields from a map or a list", () => {
    assert.deepEqual(requestedFields(info), [
      { field: "first_name", mandatory: true },
      { field: "city", mandatory: false },
    ]);
    assert.deepEqual(requestedFields(["email"]), [{ field: "email", mandatory: true }]);
    assert.deepEqual(requestedFields(null), []);
  });
  await t.step("an empty mandatory field: Missing required {field} field", () => {
    const s = { type: "message" as const, gather_information: true, information_to_gather: info };
    assert.throws(
      () => decide(s, { text: "hi", extra_user_information: { first_name: " " } }),
      (e: AppError) => e.code === "missing_field" && e.values.field === "first_name" && e.status === 400,
    );
    decide(s, { text: "hi", extra_user_information: { first_name: "Ana" } });
    decide({ ...s, gather_information: false }, { text: "hi" });
  });
  await t.step("consents the segment requires", () => {
    rejects(() => decide({ is_gdpr_consent: true }, { choice_ids: [10] }), "missing_consent_gdpr");
    rejects(
      () => decide({ is_image_right_consent: true }, { choice_ids: [10], consent_gdpr: true }),
      "missing_consent_image",
    );
    decide({ is_gdpr_consent: true, is_image_right_consent: true }, {
      choice_ids: [10],
      consent_gdpr: true,
      consent_image_right: true,
    });
  });
  await t.step("registration_required needs a registered, non-anonymous user", () => {
    rejects(
      () => decide({ registration_required: true }, { choice_ids: [10] }),
      "registration_required",
      403,
    );
    rejects(
      () => decide({ registration_required: true }, { choice_ids: [10] }, { anonymous: true }),
      "registration_required",
    );
    decide({ registration_required: true }, { choice_ids: [10] }, { anonymous: false });
  });
});

Deno.test("participation - author snapshot", async (t) => {
  await t.step("nickname and city of the app user first", () => {
    const author = {
      id: 1,
      is_anonymous: false,
      nickname: "Lou",
      first_name: "A",
      last_name: "B",
      city: "Nice",
    };
    assert.deepEqual(authorSnapshot(author, { first_name: "X", city: "Y" }), { name: "Lou", city: "Nice" });
  });
  await t.step("then the gathered information", () => {
    assert.deepEqual(authorSnapshot(null, { first_name: "Ana", name: "Silva", city: "Porto" }), {
      name: "Ana Silva",
      city: "Porto",
    });
    assert.deepEqual(authorSnapshot(null, {}), { name: null, city: null });
  });
});
