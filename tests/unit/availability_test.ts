import assert from "node:assert/strict";
import {
  type Availability,
  AVAILABILITY_COLORS,
  availabilityOf,
  moveEnd,
  moveStart,
  normaliseAvailability,
  setFrom,
  setTo,
} from "../../lib/rules/availability.ts";

const H = 3600_000;
const now = new Date("2026-06-01T10:00:00Z");
const at = (hours: number) => new Date(now.getTime() + hours * H);
const base: Availability = { from: "programmed", to: "scheduled", start: at(0), end: at(48) };

Deno.test("availability - date rules of back-office §4", async (t) => {
  await t.step("moving the start before the end keeps both", () => {
    assert.deepEqual(moveStart(base, at(10)), { ...base, start: at(10), end: at(48) });
  });
  await t.step("moving the start at the end pushes the end to start + 1 h", () => {
    assert.deepEqual(moveStart(base, at(48)).end, at(49));
  });
  await t.step("moving the start after the end pushes the end to start + 1 h", () => {
    assert.deepEqual(moveStart(base, at(60)).end, at(61));
  });
  await t.step("moving the start to 30 min before the end keeps 1 h apart", () => {
    assert.deepEqual(moveStart(base, at(47.5)).end, at(48.5));
  });
  await t.step("moving the start of a permanent segment keeps no end", () => {
    assert.equal(moveStart({ ...base, to: "permanent", end: null }, at(99)).end, null);
  });
  await t.step("moving the end at the start pulls the start to end − 1 h", () => {
    assert.deepEqual(moveEnd(base, at(0)).start, at(-1));
  });
  await t.step("moving the end before the start pulls the start to end − 1 h", () => {
    assert.deepEqual(moveEnd(base, at(-5)).start, at(-6));
  });
  await t.step("moving the end after the start keeps the start", () => {
    assert.deepEqual(moveEnd(base, at(5)).start, at(0));
  });
  await t.step("'now' sets the start to now and the end follows when too close", () => {
    const later = { ...base, start: at(-30), end: at(-29.5) };
    const out = setFrom(later, "now", now);
    assert.equal(out.from, "now");
    assert.deepEqual(out.start, now);
    assert.deepEqual(out.end, at(1));
  });
  await t.step("'scheduled' from keeps the start, or takes now when empty", () => {
    assert.deepEqual(setFrom(base, "programmed", now).start, at(0));
    assert.deepEqual(setFrom({ ...base, start: null }, "programmed", now).start, now);
  });
  await t.step("permanent clears the end", () => {
    assert.deepEqual(setTo(base, "permanent", now), { ...base, to: "permanent", end: null });
  });
  await t.step("scheduled sets the end to 7 days from now", () => {
    const out = setTo({ ...base, to: "permanent", end: null }, "scheduled", now);
    assert.equal(out.to, "scheduled");
    assert.deepEqual(out.end, at(7 * 24));
  });
  await t.step("scheduled with a start beyond 7 days sets the end 1 h after the start", () => {
    assert.deepEqual(setTo({ ...base, start: at(200) }, "scheduled", now).end, at(201));
  });
  await t.step("normalising: permanent has no end, scheduled gets one, ≥ 1 h apart", () => {
    assert.equal(normaliseAvailability({ ...base, to: "permanent" }, now).end, null);
    assert.deepEqual(normaliseAvailability({ ...base, end: null }, now).end, at(168));
    assert.deepEqual(normaliseAvailability({ ...base, end: at(0.2) }, now).end, at(1));
  });
});

Deno.test("availability - label and colour of a segment", async (t) => {
  const seg = (status: string, start: Date | string | null, end: Date | null) => ({
    status,
    start_date: start,
    end_date: end,
  });
  await t.step("a draft is not completed", () => {
    assert.deepEqual(availabilityOf(seg("draft", at(-1), null), now), {
      label: "not_completed",
      color: AVAILABILITY_COLORS.not_completed,
    });
  });
  await t.step("no start date is not completed", () => {
    assert.equal(availabilityOf(seg("ready", null, null), now).label, "not_completed");
  });
  await t.step("a past end is finished, also exactly now", () => {
    assert.equal(availabilityOf(seg("published", at(-5), at(-1)), now).label, "finished");
    assert.equal(availabilityOf(seg("published", at(-5), now), now).label, "finished");
  });
  await t.step("an archived segment is finished", () => {
    assert.equal(availabilityOf(seg("archived", at(-5), null), now).label, "finished");
  });
  await t.step("a future start is programmed", () => {
    assert.equal(availabilityOf(seg("ready", at(2), at(5)), now).label, "programmed");
  });
  await t.step("a running or permanent segment is active", () => {
    assert.equal(availabilityOf(seg("published", at(-2), at(5)), now).label, "active");
    assert.equal(availabilityOf(seg("ready", at(-2).toISOString(), null), now).label, "active");
  });
  await t.step("a trashed segment is trashed, whatever its dates say", () => {
    assert.deepEqual(availabilityOf(seg("trash", at(-2), null), now), {
      label: "trashed",
      color: AVAILABILITY_COLORS.trashed,
    });
    assert.equal(availabilityOf(seg("trash", at(2), at(5)), now).label, "trashed");
    assert.equal(availabilityOf(seg("trash", null, null), now).label, "trashed");
  });
  await t.step("every label has its own colour", () => {
    assert.equal(new Set(Object.values(AVAILABILITY_COLORS)).size, 5);
  });
});
