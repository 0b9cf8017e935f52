import assert from "node:assert/strict";
import { pointsChanges, rewardEvents, type RewardState } from "../../lib/rules/points.ts";
import { POINTS } from "../../lib/rules/constants.ts";
import {
  applyAction,
  formatDuration,
  formatLoudness,
  type MessageState,
  searchQuery,
} from "../../lib/rules/inbox.ts";
import { searchByScope } from "../../db/inbox.ts";

const base: MessageState = {
  liked: false,
  winner: false,
  broadcast_status: "none",
  status: "received",
  moderation: "none",
  read: false,
};

/** The net points the inbox moves for a change: its credited events minus its reversed ones. */
const pointsDelta = (before: RewardState, after: RewardState) => {
  const { credit, reverse } = pointsChanges(before, after);
  return credit.reduce((s, e) => s + POINTS[e], 0) - reverse.reduce((s, e) => s + POINTS[e], 0);
};

Deno.test("points - staff actions credit liked 10, quoted 50, broadcast 100 and undoing reverses", async (t) => {
  await t.step("each event of a state", () => {
    assert.deepEqual(rewardEvents({ liked: true, broadcast_status: "broadcast_1" }), ["liked", "quoted"]);
    assert.deepEqual(rewardEvents({ liked: false, broadcast_status: "broadcast_2" }), ["broadcast"]);
    assert.deepEqual(rewardEvents({ liked: false, broadcast_status: "none" }), []);
  });
  await t.step("like, quote, broadcast and their undoing", () => {
    assert.equal(pointsDelta(base, applyAction(base, "like")), 10);
    assert.equal(pointsDelta(base, applyAction(base, "quote")), 50);
    assert.equal(pointsDelta(base, applyAction(base, "broadcast")), 100);
    const liked = applyAction(base, "like");
    assert.equal(pointsDelta(liked, applyAction(liked, "unlike")), -10);
    const quoted = applyAction(base, "quote");
    assert.equal(pointsDelta(quoted, applyAction(quoted, "unbroadcast")), -50);
  });
  await t.step(
    "quoted → broadcast reverses the quote and credits the broadcast (+50 net, 100 in all)",
    () => {
      const quoted = applyAction(base, "quote");
      const broadcast = applyAction(quoted, "broadcast");
      assert.deepEqual(pointsChanges(quoted, broadcast), { credit: ["broadcast"], reverse: ["quoted"] });
      assert.equal(pointsDelta(quoted, broadcast), 50);
      assert.equal(pointsDelta(broadcast, applyAction(broadcast, "quote")), -50);
    },
  );
  await t.step("the same action twice moves nothing the second time", () => {
    const liked = applyAction(base, "like");
    assert.equal(pointsDelta(liked, applyAction(liked, "like")), 0);
  });
  await t.step("archive, trash, restore, winner move no points", () => {
    const rich = { ...base, liked: true, broadcast_status: "broadcast_2" as const };
    for (const key of ["archive", "trash", "restore", "winner", "read"] as const) {
      assert.equal(pointsDelta(rich, applyAction(rich, key)), 0, key);
    }
  });
});

Deno.test("inbox - action keys, search terms and durations", async (t) => {
  await t.step("restore brings a rejected message back as approved", () => {
    const rejected = { ...base, status: "trash" as const, moderation: "rejected" as const };
    const restored = applyAction(rejected, "restore");
    assert.equal(restored.status, "received");
    assert.equal(restored.moderation, "approved");
  });
  await t.step("search words become a safe prefix tsquery", () => {
    assert.equal(searchQuery("Marie  lyon!"), "marie:* & lyon:*");
    assert.equal(searchQuery("'); drop table --"), "drop:* & table:*");
    assert.equal(searchQuery("  !! "), null);
    assert.equal(searchQuery("Zoé"), "zoé:*");
    // a search token never reaches the scope lexemes of the index ('~s12', '~c3')
    assert.equal(searchQuery("~s12 ~c3"), "s12:* & c3:*");
  });
  await t.step("a search counts by scope while the scope holds up to two thirds of the messages", () => {
    assert.equal(searchByScope(200_000, 1_000_000), true);
    assert.equal(searchByScope(2, 3), true);
    assert.equal(searchByScope(200_001, 300_000), false);
    assert.equal(searchByScope(1_000_000, 1_000_000), false);
    assert.equal(searchByScope(10, 0), false); // never analysed
    assert.equal(searchByScope(10, -1), false);
  });
  await t.step("durations as mm:ss", () => {
    assert.equal(formatDuration(75_400), "01:15");
    assert.equal(formatDuration(null), "00:00");
    // loudness with the language's decimal sign
    assert.equal(formatLoudness(-22.74, "en"), "-22.7");
    assert.equal(formatLoudness(-22.74, "pl"), "-22,7");
    assert.equal(formatLoudness(-16, "fr"), "-16,0");
    assert.equal(formatDuration(600_000), "10:00");
  });
});
