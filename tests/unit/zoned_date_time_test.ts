// The times staff read (the audit log): on the channel's clock, DD/MM/YYYY in every language, the zone named; a super
// administrator without a channel reads UTC, said as such.
import assert from "node:assert/strict";
import { zonedDateTime } from "../../lib/rules/wall_clock.ts";

const NOON_UTC_SUMMER = new Date("2026-07-14T12:05:09Z");
const NOON_UTC_WINTER = new Date("2026-01-14T12:05:09Z");

Deno.test("zonedDateTime - the channel's clock, summer and winter, the zone named", async (t) => {
  await t.step("Europe/Paris in summer is two hours ahead", () => {
    assert.equal(zonedDateTime(NOON_UTC_SUMMER, "Europe/Paris"), "14/07/2026 14:05:09 (Europe/Paris)");
  });
  await t.step("Europe/Paris in winter is one hour ahead", () => {
    assert.equal(zonedDateTime(NOON_UTC_WINTER, "Europe/Paris"), "14/01/2026 13:05:09 (Europe/Paris)");
  });
  await t.step("the day is the channel's: late evening UTC is already tomorrow in Paris", () => {
    assert.equal(
      zonedDateTime(new Date("2026-07-14T22:30:00Z"), "Europe/Paris"),
      "15/07/2026 00:30:00 (Europe/Paris)",
    );
  });
});

Deno.test("zonedDateTime - day first and a 24-hour clock, as the app's dates and date fields", () => {
  assert.equal(
    zonedDateTime(new Date("2026-12-03T21:07:00Z"), "Europe/Paris"),
    "03/12/2026 22:07:00 (Europe/Paris)",
  );
});

Deno.test("zonedDateTime - without a channel, UTC said as such", async (t) => {
  await t.step("UTC", () => {
    assert.equal(zonedDateTime(NOON_UTC_SUMMER, "UTC"), "14/07/2026 12:05:09 (UTC)");
  });
  await t.step("a zone this runtime does not know reads as UTC, named UTC, not as the unknown zone", () => {
    assert.equal(zonedDateTime(NOON_UTC_WINTER, "Mars/Olympus"), "14/01/2026 12:05:09 (UTC)");
  });
});
