// The constants module rides, in part, in every widget's first screen: its values are written as literals,
// never as products, or the bundler keeps every such constant, used or not (the file's header says why).
import assert from "node:assert/strict";

Deno.test("constants - sizes and durations are literals, never products the bundler must keep", async () => {
  const text = await Deno.readTextFile(new URL("../../lib/rules/constants.ts", import.meta.url));
  const products = text.split("\n")
    .map((line, i) => ({ line: line.replace(/\/\/.*$/, ""), at: i + 1 }))
    .filter(({ line }) => !/^\s*(\*|\/\*)/.test(line) && /[\d_]\s*[*\/]\s*[\d(]/.test(line));
  assert.deepEqual(products.map(({ line, at }) => `${at}: ${line.trim()}`), []);
});
