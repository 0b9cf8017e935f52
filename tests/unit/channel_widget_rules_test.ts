import assert from "node:assert/strict";
import type { SegmentType } from "../../lib/rules/constants.ts";
import {
  birthForApi,
  birthForInput,
  birthProblem,
  composeSms,
  firstFlowStep,
  formatMessageDate,
  groupByDay,
  indicators,
  isRegistrationEntry,
  movesToResults,
  screenOfQuery,
  smsHref,
  stepAfterFailure,
} from "../../lib/rules/channel_widget.ts";
import {
  canContinueRegister,
  canFinishRegister,
  canLogin,
  canSendAnonymous,
  canSendForgot,
  LOGIN_BACK,
  loginTitle,
  needsLogin,
} from "../../lib/rules/visitor_login.ts";

Deno.test("channel widget rules - login panel", async (t) => {
  await t.step("the back arrow follows §2", () => {
    assert.deepEqual(LOGIN_BACK, {
      main: null,
      email: "main",
      register: "main",
      anonymous: "main",
      password: "email",
      forgot: "password",
      registerFinish: "register",
    });
  });
  await t.step("top bar titles", () => {
    assert.equal(loginTitle("main"), "log_in");
    assert.equal(loginTitle("email"), "log_in");
    assert.equal(loginTitle("anonymous"), "send_anonymous");
    assert.equal(loginTitle("register"), "to_register");
    assert.equal(loginTitle("registerFinish"), "to_register");
    assert.equal(loginTitle("password"), "reconnect");
  });
  await t.step("register needs a free valid email and 8 characters", () => {
    assert.equal(canContinueRegister("a@b.fr", "ok", "12345678"), true);
    assert.equal(canContinueRegister("a@b.fr", "ok", "1234567"), false);
    assert.equal(canContinueRegister("a@b.fr", "taken", "12345678"), false);
    assert.equal(canContinueRegister("a@b.fr", "checking", "12345678"), false);
    assert.equal(canContinueRegister("ab.fr", "ok", "12345678"), false);
  });
  await t.step("full registration needs all four", () => {
    const ok = {
      email: "a@b.fr",
      emailState: "ok",
      password: "12345678",
      nicknameState: "ok",
      phone: "+336 123 4567",
    } as const;
    assert.equal(canFinishRegister(ok), true);
    assert.equal(canFinishRegister({ ...ok, phone: "12" }), false);
    assert.equal(canFinishRegister({ ...ok, phone: "" }), false);
    assert.equal(canFinishRegister({ ...ok, nicknameState: "taken" }), false);
    assert.equal(canFinishRegister({ ...ok, password: "short" }), false);
  });
  await t.step("anonymous needs a free pseudonym; login both fields; forgot a well-formed email", () => {
    assert.equal(canSendAnonymous("ok"), true);
    assert.equal(canSendAnonymous("unknown"), false);
    assert.equal(canLogin("a@b.fr", "x"), true);
    assert.equal(canLogin("a@b.fr", ""), false);
    assert.equal(canLogin(" ", "x"), false);
    assert.equal(canSendForgot("a@b.fr"), true);
    assert.equal(canSendForgot("a@b"), false);
  });
  await t.step("registration required sends absent or anonymous users to login", () => {
    assert.equal(needsLogin({ registration_required: true }, null), true);
    assert.equal(needsLogin({ registration_required: true }, { is_anonymous: true }), true);
    assert.equal(needsLogin({ registration_required: true }, { is_anonymous: false }), false);
    assert.equal(needsLogin({ registration_required: false }, null), false);
  });
});

Deno.test("channel widget rules - my space", async (t) => {
  await t.step("groups by day, newest first, today first", () => {
    const now = new Date(2026, 10, 22, 15, 0);
    const groups = groupByDay([
      { id: 1, created_at: new Date(2026, 10, 20, 9, 0).toISOString() },
      { id: 2, created_at: new Date(2026, 10, 22, 8, 0).toISOString() },
      { id: 3, created_at: new Date(2026, 10, 22, 12, 0).toISOString() },
    ], now);
    assert.deepEqual(groups.map((g) => [g.label, g.today, g.items.map((i) => i.id)]), [
      ["22/11/2026", true, [3, 2]],
      ["20/11/2026", false, [1]],
    ]);
  });
  await t.step("message dates DD/MM/YYYY - HH:mm", () => {
    assert.equal(formatMessageDate(new Date(2026, 0, 5, 7, 3)), "05/01/2026 - 07:03");
  });
  await t.step("indicators with their points and broadcast statuses", () => {
    assert.deepEqual(
      indicators({ liked: false, broadcast_status: null }).map((i) => [i.key, i.points, i.active]),
      [
        ["liked", 10, false],
        ["quoted", 50, false],
        ["broadcasted", 100, false],
      ],
    );
    assert.deepEqual(indicators({ liked: true, broadcast_status: "broadcast_1" }).map((i) => i.active), [
      true,
      true,
      false,
    ]);
    assert.deepEqual(indicators({ liked: false, broadcast_status: "broadcast_2" }).map((i) => i.active), [
      false,
      false,
      true,
    ]);
  });
  await t.step("im_screen opens my space or the profile", () => {
    assert.equal(screenOfQuery("space"), "mySpace");
    assert.equal(screenOfQuery("profile"), "profileEdit");
    assert.equal(screenOfQuery("other"), null);
  });
});

Deno.test("channel widget rules - flow", async (t) => {
  await t.step("sms template and link", () => {
    assert.equal(
      composeSms("VOTE {first_name} {city}", { first_name: "Ana", city: "Lyon" }),
      "VOTE Ana Lyon",
    );
    assert.equal(composeSms("X{missing}", {}), "X");
    assert.equal(composeSms("a".repeat(200), {}).length, 160);
    assert.equal(smsHref("+33 6 12", "a b"), "sms:+33612?body=a%20b");
  });
  await t.step("thanks moves to results unless a testimonial is pending", () => {
    const vote = { type: "single_choice_question", show_results: true, testimonial_demanded: false };
    assert.equal(movesToResults(vote, false), true);
    assert.equal(movesToResults({ ...vote, testimonial_demanded: true }, false), false);
    assert.equal(movesToResults({ ...vote, testimonial_demanded: true }, true), true);
    assert.equal(movesToResults({ ...vote, show_results: false }, false), false);
    assert.equal(movesToResults({ ...vote, type: "recording_question" }, false), false);
  });
});

Deno.test("channel widget rules - flow steps and birthday", async (t) => {
  const seg = (type: SegmentType, fields = 0, game_type: "answer" | "registration" = "answer") => ({
    type,
    game_type,
    fields: Array.from({ length: fields }, () => ({ field: "first_name", mandatory: true })),
  });
  await t.step("the first step by type", () => {
    assert.equal(firstFlowStep(seg("single_choice_question"), false), "voting");
    assert.equal(firstFlowStep(seg("multiple_choice_question"), false), "voting");
    assert.equal(firstFlowStep(seg("game"), false), "voting");
    assert.equal(firstFlowStep(seg("message"), false), "write");
    assert.equal(firstFlowStep(seg("recording_question"), true), "recorder");
    assert.equal(firstFlowStep(seg("video"), false), "recorder");
    assert.equal(firstFlowStep(seg("video"), true), "gallery");
    assert.equal(firstFlowStep(seg("sms", 2), false), "gatherInformation");
    assert.equal(firstFlowStep(seg("registration"), false), "confirm");
    assert.equal(firstFlowStep(seg("game", 1, "registration"), false), "gatherInformation");
  });
  await t.step("a failed send returns to the record screen for a file", () => {
    assert.equal(stepAfterFailure(true, "gallery"), "gallery");
    assert.equal(stepAfterFailure(true, "recorder"), "recorder");
    assert.equal(stepAfterFailure(true, "voting"), "recorder", "a testimonial recording");
    assert.equal(stepAfterFailure(false, "voting"), "voting");
  });
});

Deno.test("channel widget rules - a date input's birthday: what is impossible, and the API's DD/MM/YYYY", () => {
  const now = new Date("2026-06-15T12:00:00Z");
  assert.equal(birthProblem("1993-07-12", false, now), null);
  assert.equal(birthProblem("", false, now), null, "empty clears it");
  assert.equal(birthProblem("", true, now), "invalid", "a date the browser could not complete");
  assert.equal(birthProblem("2023-02-29", false, now), "invalid");
  assert.equal(birthProblem("2026-06-16", false, now), "future");
  assert.equal(birthProblem("1899-12-31", false, now), "before_1900");
  assert.equal(birthProblem("1900-01-01", false, now), null);
  assert.equal(birthForInput("12/07/1993"), "1993-07-12");
  assert.equal(birthForInput(""), "");
  assert.equal(birthForApi("1993-07-12"), "12/07/1993");
  assert.equal(birthForApi(""), "", "an emptied field clears the birthday");
});

Deno.test("channel widget rules - my space tells a registration from a message with content", () => {
  const empty = { text: null, choice_text: null, recording_url: null };
  assert.equal(isRegistrationEntry("registration", empty), true);
  assert.equal(isRegistrationEntry("game", empty), true, "a game that gathers details only");
  assert.equal(isRegistrationEntry("game", { ...empty, choice_text: "B" }), false, "a game answered");
  assert.equal(isRegistrationEntry("message", { ...empty, text: "Hello" }), false);
  assert.equal(isRegistrationEntry("recording_question", { ...empty, recording_url: "/media/a.ogg" }), false);
});
