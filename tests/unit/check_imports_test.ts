import assert from "node:assert/strict";
import {
  circles,
  runtimeImports,
  runtimePackages,
  serverCodeInBrowser,
  violations,
} from "../../scripts/check_imports.ts";

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

Deno.test("check imports - app/ never imports a route, nor the database but where it opens it", () => {
  const of = (source: string) => violations("app/vote_front.ts", source);
  assert.equal(of('import { listenerParticipation } from "../routes/api/v1/interactions.ts";').length, 1);
  assert.equal(of('import { insertMessage } from "../db/messages.ts";').length, 1);
  assert.equal(of('import Recorder from "../islands/Recorder.tsx";').length, 1);
  assert.deepEqual(of('import type { ResultsRead } from "../db/votes.ts";'), []);
  assert.deepEqual(of('import { listenerParticipation } from "../lib/participations/vote.ts";'), []);
  assert.deepEqual(of('import { routeMatcher } from "../framework/manifest.ts";'), []);
  assert.deepEqual(violations("app/boot.ts", 'import { migrate } from "../db/migrate.ts";'), []);
});

Deno.test("check imports - an island that reaches the schemas' library through lib/rules is named with its path", () => {
  const graph = new Map([
    ["islands/Inbox.tsx", ["components/List.tsx"]],
    ["components/List.tsx", ["lib/rules/kinds.ts", "lib/rules/webhook.ts"]],
    ["lib/rules/kinds.ts", []],
    ["lib/rules/webhook.ts", []],
    ["routes/api.ts", ["lib/rules/webhook.ts"]],
  ]);
  const packages = new Map([
    ["lib/rules/webhook.ts", runtimePackages('import { z } from "zod";\nimport type { X } from "hono";\n')],
    ["lib/rules/kinds.ts", runtimePackages('import type { Sql } from "postgres";\n')],
  ]);
  assert.deepEqual(packages.get("lib/rules/kinds.ts"), [], "a type import ships nothing");
  assert.deepEqual(serverCodeInBrowser(graph, packages), [
    "browser code reaches a server package: components/List.tsx → lib/rules/webhook.ts → zod",
    "browser code reaches a server package: islands/Inbox.tsx → components/List.tsx → lib/rules/webhook.ts → zod",
  ]);
  packages.delete("lib/rules/webhook.ts");
  assert.deepEqual(serverCodeInBrowser(graph, packages), []);
});
