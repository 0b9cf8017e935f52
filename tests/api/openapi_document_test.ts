// The API description as validators nobody here wrote read it: swagger-parser and Redocly's recommended
// rules accept the served document, every operation has a unique operationId and says which credentials it
// takes.
import assert from "node:assert/strict";
import SwaggerParser from "@apidevtools/swagger-parser";
import { testApp } from "../_helpers.ts";
import { completeDocument, operationIdOf, SECURITY } from "../../app/openapi.ts";

/** The version CI pins: a newer Redocly may add rules. */
export const REDOCLY = "npm:@redocly/cli@2.77.0";

type Operation = { operationId?: string; security?: Record<string, string[]>[]; responses: object };
type Doc = {
  servers?: { url: string }[];
  components: { securitySchemes?: Record<string, { type: string; in?: string; name?: string }> };
  paths: Record<string, Record<string, Operation>>;
};

async function servedDocument(): Promise<Doc> {
  const ctx = await testApp();
  try {
    const res = await ctx.request("/api/openapi.json");
    assert.equal(res.status, 200);
    assert.match(res.headers.get("content-type") ?? "", /application\/json/);
    return await res.json();
  } finally {
    await ctx.close();
  }
}

Deno.test("openapi - the served document validates with swagger-parser and Redocly's recommended rules", async (t) => {
  const doc = await servedDocument();
  await t.step("swagger-parser", async () => {
    // validate() dereferences its argument in place: a copy keeps `doc` for the next steps (typed by
    // swagger-parser's own OpenAPI types, which the generated document's type does not name)
    await SwaggerParser.validate(structuredClone(doc) as never);
  });
  await t.step("redocly lint: no error", async () => {
    const dir = await Deno.makeTempDir({ prefix: "im-openapi-" });
    try {
      await Deno.writeTextFile(`${dir}/openapi.json`, JSON.stringify(doc));
      const out = await new Deno.Command(Deno.execPath(), {
        args: ["run", "-A", REDOCLY, "lint", "--format=json", "--max-problems=5000", `${dir}/openapi.json`],
        cwd: dir,
        stdout: "piped",
        stderr: "piped",
      }).output();
      const text = new TextDecoder().decode(out.stdout);
      const report = JSON.parse(text.slice(text.indexOf("{"))) as {
        problems: { ruleId: string; severity: string; message: string }[];
      };
      const errors = report.problems.filter((p) => p.severity === "error");
      assert.deepEqual(errors.map((p) => `${p.ruleId}: ${p.message}`), []);
      assert.ok(out.success, new TextDecoder().decode(out.stderr).slice(0, 2000));
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  });
  await t.step("servers, security schemes, one unique operationId and a security per operation", () => {
    assert.ok((doc.servers ?? []).length > 0);
    assert.deepEqual(Object.keys(doc.components.securitySchemes ?? {}).sort(), [
      "aiApiKey",
      "listenerBearer",
      "staffBearer",
      "staffCookie",
    ]);
    assert.deepEqual(doc.components.securitySchemes?.aiApiKey, {
      ...doc.components.securitySchemes?.aiApiKey,
      type: "apiKey",
      in: "header",
      name: "api-key",
    });
    const ids = new Set<string>();
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        assert.ok(op.operationId, `${method} ${path}`);
        assert.ok(!ids.has(op.operationId), `${op.operationId} twice`);
        ids.add(op.operationId);
        assert.ok(Array.isArray(op.security), `${method} ${path} declares its security`);
      }
    }
    assert.ok(ids.size > 100);
  });
  await t.step("each kind of caller is declared where the routes check it", () => {
    const op = (path: string, method: string) => doc.paths[path][method];
    assert.deepEqual(op("/api/v1/show_segments", "get").security, SECURITY.staff);
    assert.deepEqual(op("/api/v1/channels", "get").security, SECURITY.staff);
    assert.deepEqual(op("/api/v1/app_users/me", "get").security, SECURITY.listener);
    assert.deepEqual(op("/api/v1/interactions", "post").security, SECURITY.listenerOptional);
    assert.deepEqual(op("/api/v2/ai/prompt", "post").security, SECURITY.staffWithApiKey);
    assert.deepEqual(op("/api/v1/devices", "post").security, SECURITY.public);
    // a staff route answers 401 and 403, and both are documented
    assert.ok("401" in op("/api/v1/show_segments", "get").responses);
    assert.ok("403" in op("/api/v1/show_segments", "get").responses);
    // every body is bounded: the device route, without a body of its own, still documents 413
    assert.ok("413" in op("/api/v1/devices", "post").responses);
  });
});

Deno.test("openapi - operationIdOf names an operation by its method and URL", () => {
  assert.equal(operationIdOf("get", "/api/v1/app_users/{id}/messages"), "getApiV1AppUsersByIdMessages");
  assert.equal(operationIdOf("POST", "/api/v1/channel-interactions"), "postApiV1ChannelInteractions");
  assert.equal(operationIdOf("delete", "/api/v1/help_item/{id}"), "deleteApiV1HelpItemById");
});

Deno.test("openapi - completeDocument keeps a route's own id and numbers URLs that differ by - and _", () => {
  const op = () => ({ responses: { 200: { description: "ok" } } });
  const doc = completeDocument({
    info: { title: "t", version: "1" },
    paths: {
      "/a/vote_results": { get: op() },
      "/a/vote-results": { get: op() },
      "/b": { get: { ...op(), operationId: "mine" } },
    },
  }) as unknown as Doc;
  assert.equal(doc.paths["/a/vote-results"].get.operationId, "getAVoteResults");
  assert.equal(doc.paths["/a/vote_results"].get.operationId, "getAVoteResults2");
  assert.equal(doc.paths["/b"].get.operationId, "mine");
  assert.deepEqual(doc.paths["/b"].get.security, []);
  assert.deepEqual(doc.servers, [{ url: "/", description: "This installation" }]);
});
