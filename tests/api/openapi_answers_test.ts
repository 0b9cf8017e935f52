// Every status an operation answers is in its description: each operation of /api/openapi.json is called
// without credentials, as a listener and as staff, with an unknown id, an id that is no number and an empty
// JSON body; whatever it answers must be documented, and an operation that answers 401 to a caller
// without credentials must declare the credentials it takes.
import assert from "node:assert/strict";
import { testApp } from "../_helpers.ts";
import { openSession } from "../../lib/platform/sessions.ts";

type Operation = {
  operationId: string;
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, unknown> };
  security: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, unknown> }>;
};

Deno.test("openapi answers - every status an operation answers is documented", async (t) => {
  const ctx = await testApp({ demoPassword: "Demo-Password-1!" });
  try {
    const doc = await (await ctx.request("/api/openapi.json")).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const secret = ctx.deps.jwtSecret;
    const [visitor] = await ctx.sql<{ id: number }[]>`select id from app_users order by id limit 1`;
    const [operator] = await ctx.sql<{ id: number }[]>`select id from users where login = 'operator'`;
    const sessions = async () => ({
      none: undefined,
      listener: await openSession(ctx.sql, secret, visitor.id, "visitor"),
      staff: await openSession(ctx.sql, secret, operator.id, "staff"),
    });
    let tokens = await sessions();
    const undocumented: string[] = [];
    let calls = 0;
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        await t.step(`${method.toUpperCase()} ${path}`, async () => {
          const hasBody = method !== "get" && method !== "head";
          const json = op.requestBody ? "application/json" in op.requestBody.content : hasBody;
          // an unknown id, and one that is no number; never an existing row (nothing is changed, no live
          // stream is opened)
          for (const id of ["987654321", "not-a-number"]) {
            const url = path.replace(/\{[^}]+\}/g, id);
            for (const [who, token] of Object.entries(tokens)) {
              const res = await ctx.request(url, {
                method: method.toUpperCase(),
                headers: hasBody && json ? { "content-type": "application/json" } : {},
                body: hasBody && json ? "{}" : undefined,
                token,
              });
              await res.body?.cancel();
              calls++;
              if (!(String(res.status) in op.responses)) {
                undocumented.push(`${method.toUpperCase()} ${url} as ${who}: ${res.status}`);
              }
              if (who === "none" && res.status === 401) {
                const open = op.security.length === 0 || op.security.some((r) => Object.keys(r).length === 0);
                assert.ok(!open, `${op.operationId} answers 401 without credentials: it declares them`);
              }
            }
            if (!path.includes("{")) break;
          }
          // logging out ends the sessions above: the next operations get fresh ones
          if (path.includes("logout")) tokens = await sessions();
        });
      }
    }
    assert.ok(calls > 300, `${calls} calls`);
    assert.deepEqual(undocumented, []);
  } finally {
    await ctx.close();
  }
});
