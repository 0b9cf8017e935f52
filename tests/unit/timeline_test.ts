import assert from "node:assert/strict";
import { barPosition, parseTimelineQuery, shiftPeriod, timelinePeriod } from "../../lib/rules/timeline.ts";

const iso = (d: Date) => d.toISOString().slice(0, 10);

Deno.test("timeline - periods and bars of the calendar", async (t) => {
  await t.step("a week runs Monday to Sunday around the day", () => {
    const p = timelinePeriod("week", new Date("2026-11-22T15:00:00Z")); // a Sunday
    assert.equal(iso(p.from), "2026-11-16");
    assert.equal(iso(p.to), "2026-11-23");
    assert.equal(p.days.length, 7);
  });
  await t.step("a month holds its days", () => {
    const p = timelinePeriod("month", new Date("2026-02-10T00:00:00Z"));
    assert.equal(iso(p.from), "2026-02-01");
    assert.equal(p.days.length, 28);
  });
  await t.step("previous and next periods", () => {
    const from = new Date("2026-11-16T00:00:00Z");
    assert.equal(shiftPeriod("week", from, 1), "2026-11-23");
    assert.equal(shiftPeriod("month", new Date("2026-12-01T00:00:00Z"), 1), "2027-01-01");
    assert.equal(shiftPeriod("month", new Date("2026-01-01T00:00:00Z"), -1), "2025-12-01");
  });
  await t.step("bars are clipped to the period; permanent runs to its end; outside is null", () => {
    const from = new Date("2026-11-16T00:00:00Z"), to = new Date("2026-11-23T00:00:00Z");
    assert.deepEqual(barPosition(new Date("2026-11-10T00:00:00Z"), null, from, to), {
      left: 0,
      width: 100,
      startsBefore: true,
      open: true,
    });
    const day2 = barPosition(new Date("2026-11-17T00:00:00Z"), new Date("2026-11-18T00:00:00Z"), from, to)!;
    assert.equal(day2.left, 14.29);
    assert.equal(day2.width, 14.29);
    assert.equal(
      barPosition(new Date("2026-11-01T00:00:00Z"), new Date("2026-11-02T00:00:00Z"), from, to),
      null,
    );
  });
  await t.step("the query falls back to this week", () => {
    const now = new Date("2026-11-22T10:00:00Z");
    assert.deepEqual(parseTimelineQuery({ view: "nope", date: "garbage" }, now), { view: "week", day: now });
    assert.equal(parseTimelineQuery({ view: "month", date: "2026-03-05" }, now).view, "month");
  });
});
