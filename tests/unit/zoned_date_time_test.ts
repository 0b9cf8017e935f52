// The times staff read (the audit log): on the channel's clock, in their language, the zone named; a super
// administrator without a channel reads UTC, said as such.
import assert from "node:assert/strict";
import { zonedDateTime } from "../../lib/rules/wall_clock.ts";

const NOON_UTC_SUMMER = new Date("2026-07-14T12:05:09Z");
const NOON_UTC_WINTER = new Date("2026-01-14T12:05:09Z");

Deno.test("zonedDateTime - the channel's clock, summer and winter, the zone named", async (t) => {
  await t.step("Europe/Paris in summer is two hours ahead", () => {
    assert.equal(zonedDateTime(NOON_UTC_SUMMER, "fr", "Europe/Paris"), "14/07/2026 14:05:09 (Europe/Paris)");
  });
  await t.step("Europe/Paris in winter is one hour ahead", () => {
    assert.equal(zonedDateTime(NOON_UTC_WINTER, "fr", "Europe/Paris"), "14/01/2026 13:05:09 (Europe/Paris)");
  });
  await t.step("the day is the channel's: late evening UTC is already tomorrow in Paris", () => {
    assert.equal(
      zonedDateTime(new Date("2026-07-14T22:30:00Z"), "fr", "Europe/Paris"),
      "15/07/2026 00:30:00 (Europe/Paris)",
    );
  });
});

Deno.test("zonedDateTime - in the reader's language, on a 24-hour clock", async (t) => {
  const cases: [string, string][] = [
    ["en", "07/14/2026, 14:05:09 (Europe/Paris)"],
    ["es", "14/07/2026, 14:05:09 (Europe/Paris)"],
    ["pt", "14/07/2026, 14:05:09 (Europe/Paris)"],
    ["pl", "14.07.2026, 14:05:09 (Europe/Paris)"],
    ["technical", "07/14/2026, 14:05:09 (Europe/Paris)"],
  ];
  for (const [lang, expected] of cases) {
    await t.step(lang, () => assert.equal(zonedDateTime(NOON_UTC_SUMMER, lang, "Europe/Paris"), expected));
  }
});

Deno.test("zonedDateTime - without a channel, UTC said as such", async (t) => {
  await t.step("UTC", () => {
    assert.equal(zonedDateTime(NOON_UTC_SUMMER, "en", "UTC"), "07/14/2026, 12:05:09 (UTC)");
  });
  await t.step("a zone this runtime does not know reads as UTC, named UTC, not as the unknown zone", () => {
    assert.equal(zonedDateTime(NOON_UTC_WINTER, "fr", "Mars/Olympus"), "14/01/2026 12:05:09 (UTC)");
  });
});
