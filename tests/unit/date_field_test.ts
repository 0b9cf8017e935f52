import assert from "node:assert/strict";
import {
  DATE_FIELD_TEXTS,
  formatDateField,
  parseDateField,
  zonedFields,
  zonedInstant,
} from "../../lib/rules/wall_clock.ts";
import { fieldMessage } from "../../lib/rules/field_errors.ts";
import { translator } from "../../app/i18n.ts";
import { LANGUAGES } from "../../lib/rules/languages.ts";

Deno.test("date field - a day reads DD/MM/YYYY and is sent YYYY-MM-DD, both ways", async (t) => {
  await t.step("shown in the app's order", () => {
    assert.equal(formatDateField("date", "2026-07-14"), "14/07/2026");
    assert.equal(formatDateField("date", ""), "");
    assert.equal(formatDateField("date", "14/07/2026"), "", "only a value a form sends is shown");
  });
  await t.step("typed in the app's order, with one-digit parts and dots or dashes too", () => {
    for (const typed of ["14/07/2026", " 14/7/2026 ", "14.07.2026", "14-7-2026"]) {
      assert.deepEqual(parseDateField("date", typed), { value: "2026-07-14" }, typed);
    }
    assert.deepEqual(
      parseDateField("date", "1/2/2026"),
      { value: "2026-02-01" },
      "day first, never month first",
    );
  });
  await t.step("what is shown reads back as the same value", () => {
    for (const value of ["2026-07-14", "1993-01-02", "2024-02-29"]) {
      assert.deepEqual(parseDateField("date", formatDateField("date", value)), { value });
    }
  });
  await t.step("an empty field sends nothing, not an error", () => {
    assert.deepEqual(parseDateField("date", ""), { value: "" });
    assert.deepEqual(parseDateField("date", "   "), { value: "" });
  });
  await t.step("a day that does not exist is said as such", () => {
    for (
      const typed of ["31/02/2026", "29/02/2026", "31/04/2026", "00/07/2026", "14/13/2026", "14/00/2026"]
    ) {
      assert.deepEqual(parseDateField("date", typed), { error: "date_not_real" }, typed);
    }
    assert.deepEqual(
      parseDateField("date", "29/02/2024"),
      { value: "2024-02-29" },
      "a leap year's 29 February",
    );
    assert.deepEqual(
      parseDateField("date", "29/02/1900"),
      { error: "date_not_real" },
      "1900 was not a leap year",
    );
  });
  await t.step("a two-digit year is refused, not guessed (1926 or 2026?)", () => {
    assert.deepEqual(parseDateField("date", "14/07/26"), { error: "date_format" });
  });
  await t.step("another order or writing is refused with the format", () => {
    for (const typed of ["2026-07-14", "July 14, 2026", "14/07", "14072026", "14/07/2026 14:05"]) {
      assert.deepEqual(parseDateField("date", typed), { error: "date_format" }, typed);
    }
  });
});

Deno.test("date field - a time reads on a 24-hour clock HH:mm", async (t) => {
  await t.step("typed with a colon, an h or a dot; the hour alone is on the hour", () => {
    for (
      const [typed, value] of [
        ["14:05", "14:05"],
        ["9:05", "09:05"],
        ["14h05", "14:05"],
        ["14h", "14:00"],
        [
          "14.05",
          "14:05",
        ],
        ["0:00", "00:00"],
        ["23:59", "23:59"],
        ["7", "07:00"],
      ]
    ) {
      assert.deepEqual(parseDateField("time", typed), { value }, typed);
    }
    assert.equal(formatDateField("time", "14:05"), "14:05");
    assert.deepEqual(parseDateField("time", ""), { value: "" });
  });
  await t.step("no AM/PM, no 24:00, no minute past 59", () => {
    for (const typed of ["2:05 PM", "24:00", "14:60", "14:5", "1405x", "noon"]) {
      assert.deepEqual(parseDateField("time", typed), { error: "time_format" }, typed);
    }
  });
});

Deno.test("date field - the day and time typed are on the channel's clock", async (t) => {
  await t.step("summer and winter in Paris", () => {
    assert.equal(zonedInstant("2026-07-14", "14:05", "Europe/Paris"), "2026-07-14T12:05:00.000Z");
    assert.equal(zonedInstant("2026-01-14", "14:05", "Europe/Paris"), "2026-01-14T13:05:00.000Z");
    assert.equal(zonedInstant("2026-07-14", "", "America/New_York"), "2026-07-14T04:00:00.000Z");
  });
  await t.step("the hour a spring clock skips reads an hour later", () => {
    assert.equal(zonedInstant("2026-03-29", "02:30", "Europe/Paris"), "2026-03-29T01:30:00.000Z");
  });
  await t.step("the fields show back what was typed", () => {
    assert.deepEqual(zonedFields("2026-07-14T12:05:00.000Z", "Europe/Paris"), {
      date: "2026-07-14",
      time: "14:05",
    });
    assert.deepEqual(zonedFields("2026-07-14T02:00:00.000Z", "America/New_York"), {
      date: "2026-07-13",
      time: "22:00",
    });
    assert.deepEqual(zonedFields(null, "Europe/Paris"), { date: "", time: "" });
  });
  await t.step("not a day: nothing", () => assert.equal(zonedInstant("", "14:05", "Europe/Paris"), null));
});

Deno.test("date field - its format and what it could not read, said in every language", async (t) => {
  const expected: Record<string, [string, string]> = {
    en: ["DD/MM/YYYY", "HH:MM (24-hour)"],
    fr: ["JJ/MM/AAAA", "HH:MM (24 h)"],
    es: ["DD/MM/AAAA", "HH:MM (24 horas)"],
    pt: ["DD/MM/AAAA", "HH:MM (24 horas)"],
    pl: ["DD/MM/RRRR", "GG:MM (24 h)"],
  };
  for (const lang of LANGUAGES) {
    await t.step(lang, () => {
      const tr = translator(lang);
      assert.deepEqual([tr("date_field.date_hint"), tr("date_field.time_hint")], expected[lang]);
      for (const code of ["date_format", "date_not_real", "time_format"]) {
        const text = fieldMessage(code, tr);
        assert.notEqual(text, tr("errors.invalid_field"), `${lang}: ${code} has its own text`);
        assert.ok(DATE_FIELD_TEXTS.includes(`errors.${code}`), `${code} travels with the field`);
      }
      // the example the format message gives reads back in the field
      const example = /\d{2}\/\d{2}\/\d{4}/.exec(fieldMessage("date_format", tr))![0];
      assert.deepEqual(parseDateField("date", example), { value: "2026-07-14" });
    });
  }
  await t.step("in English", () => {
    assert.equal(
      fieldMessage("date_not_real", translator("en")),
      "This date does not exist: check the day and the month.",
    );
  });
});
