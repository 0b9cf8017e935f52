import assert from "node:assert/strict";
import { csvSeparatorFor, otherCsvSeparator } from "../../lib/rules/csv.ts";

Deno.test("csv separator - ';' unless the language is English, the asked one first", () => {
  assert.equal(csvSeparatorFor("en"), "comma");
  assert.equal(csvSeparatorFor("en-GB"), "comma");
  for (const language of ["fr", "pt", "es", "pl"]) assert.equal(csvSeparatorFor(language), "semicolon");
  assert.equal(csvSeparatorFor("fr", "comma"), "comma");
  assert.equal(csvSeparatorFor("en", "semicolon"), "semicolon");
  assert.equal(otherCsvSeparator("comma"), "semicolon");
  assert.equal(otherCsvSeparator("semicolon"), "comma");
});
