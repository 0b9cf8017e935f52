// The player key of an answer sent by SMS or WhatsApp: the number's keyed hash, in a namespace of its own.
import assert from "node:assert/strict";
import { linePlayer, quizPlayer, quizPseudonym } from "../../lib/rules/quiz.ts";

Deno.test("linePlayer - a number's hash is a player that no device or account can pass for", () => {
  const hash = "9f86d081884c7d650a2feb8f5e4f0a3c";
  assert.equal(linePlayer(hash), `p${hash}`);
  assert.notEqual(linePlayer(hash), quizPlayer(null, hash), "not the device of the same id");
  assert.notEqual(linePlayer("42"), quizPlayer(42, null), "not the account of the same id");
});

Deno.test("linePlayer - its made-up name on air holds nothing of the hash it is made from", () => {
  const name = quizPseudonym(null, linePlayer("9f86d081884c7d65"), "Player");
  assert.match(name, /^Player [0-9A-F]{4}$/);
  assert.ok(!name.toLowerCase().includes("9f86"));
});
