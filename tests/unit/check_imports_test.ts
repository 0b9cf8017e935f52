import assert from "node:assert/strict";
import { circles, runtimeImports } from "../../scripts/check_imports.ts";

Deno.test("check imports - finds import circles over run-time imports only", () => {
  assert.deepEqual(
    runtimeImports("app/boot.ts", 'import type { A } from "../worker.ts";\nimport { b } from "./b.ts";'),
    [
      "app/b.ts",
    ],
  );
  const graph = new Map([
    ["app/boot.ts", ["worker.ts", "db/client.ts"]],
    ["worker.ts", ["app/boot.ts"]],
    ["db/client.ts", []],
  ]);
  assert.deepEqual(circles(graph), ["app/boot.ts → worker.ts → app/boot.ts"]);
  assert.deepEqual(circles(new Map([["a.ts", ["b.ts"]], ["b.ts", []]])), []);
});
