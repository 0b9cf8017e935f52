import assert from "node:assert/strict";
import { csvDateTime, csvLink, csvSeparatorFor, otherCsvSeparator } from "../../lib/rules/csv.ts";

Deno.test("csv separator - ';' unless the language is English, the asked one first", () => {
  assert.equal(csvSeparatorFor("en"), "comma");
  assert.equal(csvSeparatorFor("en-GB"), "comma");
  for (const language of ["fr", "pt", "es", "pl"]) assert.equal(csvSeparatorFor(language), "semicolon");
  assert.equal(csvSeparatorFor("fr", "comma"), "comma");
  assert.equal(csvSeparatorFor("en", "semicolon"), "semicolon");
  assert.equal(otherCsvSeparator("comma"), "semicolon");
  assert.equal(otherCsvSeparator("semicolon"), "comma");
});

Deno.test("csv cells - dates in the channel's local time as DD/MM/YYYY HH:mm:ss, links with the public address", () => {
  const at = new Date("2026-03-01T23:30:05Z");
  assert.equal(csvDateTime(at, "Europe/Paris"), "02/03/2026 00:30:05");
  assert.equal(csvDateTime(at, "UTC"), "01/03/2026 23:30:05");
  assert.equal(csvDateTime(new Date("2026-07-01T10:00:00Z"), "Europe/Lisbon"), "01/07/2026 11:00:00");
  assert.equal(csvLink("/media/a.webm", "https://im.example.org/"), "https://im.example.org/media/a.webm");
  assert.equal(csvLink("https://cdn.example/a.webm", "https://im.example.org"), "https://cdn.example/a.webm");
  assert.equal(csvLink(null, "https://im.example.org"), "");
});
