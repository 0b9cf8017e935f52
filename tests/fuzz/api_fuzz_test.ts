// Hostile input against every route of the OpenAPI document: generated path ids, queries, bodies and
// tokens. Whatever arrives: no 5xx, the JSON error shape, no stack, no other channel's rows, and the
// database unchanged by every rejected request.
import assert from "node:assert/strict";
import fc from "fast-check";
import { testApp } from "../_helpers.ts";
import { openSession } from "../../lib/platform/sessions.ts";

const RUNS = Number(Deno.env.get("FUZZ_RUNS") ?? 25);
const MARK = "ZZTVONLY"; // written into the other channel's rows; never in an answer to channel A's staff

interface Operation {
  method: string;
  path: string;
  params: { name: string; in: string }[];
  json: boolean;
  staffOnly: boolean;
}

const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme", maxLength: 50 }),
  fc.constantFrom(
    "<script>alert(1)</script>",
    "'; drop table users; --",
    "1 or 1=1",
    "\u0000",
    "../../etc/passwd",
    "%00%ff",
    "🎙️🎧",
    "x".repeat(100_000),
    "null",
    "",
  ),
);
const hostileNumber = fc.oneof(
  fc.integer(),
  fc.constantFrom(-1, 0, 2 ** 31, 2 ** 53, Number.MAX_VALUE, 1e308, -0, 0.5),
);
const hostileValue = fc.oneof(
  hostileString,
  hostileNumber,
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(hostileString, hostileNumber), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 10 }), hostileString, { maxKeys: 4 }),
);

function operationsOf(doc: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const body = (op.requestBody as { content?: Record<string, unknown> } | undefined)?.content ?? {};
      ops.push({
        method: method.toUpperCase(),
        path,
        params: (op.parameters as { name: string; in: string }[] | undefined) ?? [],
        json: "application/json" in body,
        staffOnly: "401" in ((op.responses as Record<string, unknown>) ?? {}),
      });
    }
  }
  return ops;
}

Deno.test("fuzz - every API route survives hostile input", async (t) => {
  const ctx = await testApp({ demoPassword: "Demo-Password-1!" });
  try {
    const [radio, tv] = (await ctx.sql<{ id: number }[]>`select id from channels order by id`).map((r) =>
      r.id
    );
    await ctx.sql`update channels set label = label || ${" " + MARK} where id = ${tv}`;
    await ctx.sql`update segments set title = left(title, 80) || ${" " + MARK} where channel_id = ${tv}`;
    await ctx.sql`update messages set text = coalesce(text, '') || ${" " + MARK} where channel_id = ${tv}`;
    const user = async (login: string) =>
      (await ctx.sql<{ id: number }[]>`select id from users where login = ${login}`)[0].id;
    const [visitor] = await ctx.sql<{ id: number }[]>`select id from app_users order by id limit 1`;
    const secret = ctx.deps.jwtSecret;
    const sessions = async () => ({
      none: null,
      garbage: "not.a.token",
      visitor: await openSession(ctx.sql, secret, visitor.id, "visitor"),
      operator: await openSession(ctx.sql, secret, await user("operator"), "staff"),
      manager: await openSession(ctx.sql, secret, await user("manager"), "staff"),
      admin: await openSession(ctx.sql, secret, await user("admin"), "staff"),
    });
    const tokens = await sessions();
    const channelA = new Set(["operator", "manager"]);
    const tvIds = (await ctx.sql<{ id: number }[]>`
      select id from segments where channel_id = ${tv} union select id from messages where channel_id = ${tv}
      limit 20`).map((r) => r.id);
    const idValue = fc.oneof(
      { arbitrary: fc.constantFrom(radio, tv).map(String), weight: 3 },
      { arbitrary: fc.constantFrom(...tvIds).map(String), weight: 2 },
      fc.constantFrom(
        "0",
        "-1",
        "9007199254740993",
        "99999999999999999999",
        "abc",
        "1;drop",
        "%00",
        "1.5",
        "fr",
      ),
      hostileString.map((s) => encodeURIComponent(s.slice(0, 200))),
    );

    const checksum = async () => {
      const tables = await ctx.sql<{ name: string }[]>`
        select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE'
          -- bookkeeping a refused request may write: rate-limit hits, login failures, sessions seen
          and table_name not in ('rate_limits', 'login_failures', 'sessions')
        order by table_name`;
      const parts: string[] = [];
      for (const { name } of tables) {
        const [row] = await ctx.sql.unsafe(
          `select count(*)::text || ':' || coalesce(sum(hashtext(t::text)::bigint), 0)::text as h from "${name}" t`,
        );
        parts.push(`${name}=${row.h}`);
      }
      return parts.join(",");
    };
    const writesSoFar = async () =>
      Number((await ctx.sql`select txid_snapshot_xmax(txid_current_snapshot())::text as x`)[0].x);

    const doc = await (await ctx.request("/api/openapi.json")).json();
    const ops = operationsOf(doc);
    assert.ok(ops.length >= 20, "the OpenAPI document lists the routes");
    let baseline = await checksum();

    for (const op of ops) {
      await t.step(`${op.method} ${op.path}`, async () => {
        const request = fc.record({
          token: fc.constantFrom(...Object.keys(tokens) as (keyof typeof tokens)[]),
          path: fc.tuple(...op.params.filter((p) => p.in === "path").map(() => idValue), fc.constant(0)),
          query: fc.dictionary(
            fc.constantFrom(...op.params.filter((p) => p.in === "query").map((p) => p.name), "page", "x"),
            fc.oneof(
              { arbitrary: fc.constantFrom("true", "false", "1", "2", "50", "all", "fr", "en"), weight: 3 },
              hostileString.map((s) => s.slice(0, 500)),
            ),
            { maxKeys: 4 },
          ),
          body: fc.oneof(
            fc.jsonValue().map((v) => JSON.stringify(v)),
            fc.dictionary(fc.string({ maxLength: 20 }), hostileValue, { maxKeys: 6 }).map((v) =>
              JSON.stringify(v)
            ),
            fc.constantFrom("{", "[1,", "null", "\u0000", "<xml/>", ""),
          ),
          language: fc.constantFrom("fr", "en", "pt", "es", "pl", "xx", "*"),
        });
        await fc.assert(
          fc.asyncProperty(request, async (req) => {
            let i = 0;
            const path = op.path.replace(/\{[^}]+\}/g, () => String(req.path[i++]));
            const url = `${path}?${new URLSearchParams(req.query)}`;
            const token = tokens[req.token];
            const before = await writesSoFar();
            const hasBody = op.method !== "GET" && op.method !== "HEAD";
            const res = await ctx.request(url, {
              method: op.method,
              headers: {
                "accept-language": req.language,
                ...(hasBody
                  ? { "content-type": op.json ? "application/json" : "multipart/form-data; boundary=x" }
                  : {}),
              },
              body: hasBody ? req.body : undefined,
              token: token ?? undefined,
            });
            const text = await res.text();
            const where = `${op.method} ${url.slice(0, 200)} as ${req.token}: ${res.status} ${
              text.slice(0, 300)
            }`;
            assert.ok(res.status < 500, where);
            assert.doesNotMatch(text, /\n\s+at |Error: |node_modules/, `no stack: ${where}`);
            if (res.status >= 400) {
              assert.match(res.headers.get("content-type") ?? "", /application\/json/, where);
              const body = JSON.parse(text);
              assert.equal(typeof body.message, "string", where);
              assert.equal(typeof body.code, "string", where);
            }
            if (op.staffOnly && channelA.has(req.token)) {
              assert.ok(!text.includes(MARK), `other channel: ${where}`);
            }
            if (res.status >= 400 && (await writesSoFar()) !== before) {
              assert.equal(await checksum(), baseline, `a rejected request changed the database: ${where}`);
            } else if (res.status < 400) {
              baseline = await checksum();
            }
          }),
          { numRuns: RUNS },
        );
        // logout and "log out everywhere" end the sessions above: the next routes get fresh ones
        if (op.path.includes("logout")) Object.assign(tokens, await sessions());
      });
    }
  } finally {
    await ctx.close();
  }
});

// Characters PostgreSQL cannot store as typed: NUL (22P05) and lone UTF-16 surrogates.
const UNSTORABLE = ["a\u0000b", "\ud800", "x\udc00y"];

Deno.test("fuzz - a NUL or a lone surrogate in any text field of any route is refused with 400", async (t) => {
  const ctx = await testApp({ demoPassword: "Demo-Password-1!" });
  try {
    const [admin] = await ctx.sql<{ id: number }[]>`select id from users where login = 'admin'`;
    const [visitor] = await ctx.sql<{ id: number }[]>`select id from app_users order by id limit 1`;
    const tokens = [
      await openSession(ctx.sql, ctx.deps.jwtSecret, admin.id, "staff"),
      await openSession(ctx.sql, ctx.deps.jwtSecret, visitor.id, "visitor"),
      undefined,
    ];
    type Schema = { type?: string; enum?: unknown[]; properties?: Record<string, Schema> };
    type Op = {
      requestBody?: { content?: Record<string, { schema?: Schema }> };
      parameters?: { name: string; in: string; schema?: Schema }[];
    };
    const doc = await (await ctx.request("/api/openapi.json")).json();
    let refusedByName = 0;
    for (const [template, methods] of Object.entries(doc.paths as Record<string, Record<string, Op>>)) {
      for (const [method, op] of Object.entries(methods)) {
        if (template.includes("logout")) continue; // would end the sessions this script uses
        const props: Record<string, Schema> =
          op.requestBody?.content?.["application/json"]?.schema?.properties ?? {};
        const textProps = Object.entries(props).filter(([, s]) => s.type === "string" && !s.enum).map(([k]) =>
          k
        );
        const textQueries = (op.parameters ?? [])
          .filter((p) => p.in === "query" && p.schema?.type === "string" && !p.schema.enum).map((p) =>
            p.name
          );
        if (textProps.length === 0 && textQueries.length === 0) continue;
        const path = template.replace(/\{[^}]+\}/g, "1");
        await t.step(`${method.toUpperCase()} ${template}`, async () => {
          for (const bad of UNSTORABLE) {
            const targets = [
              ...textProps.map((name) => ({ json: { [name]: bad }, query: "" })),
              // a URL cannot carry a lone surrogate (it is encoded as U+FFFD): queries get the NUL only
              ...(bad.includes("\u0000") ? textQueries : []).map((name) => ({
                json: undefined,
                query: `?${new URLSearchParams({ [name]: bad })}`,
              })),
            ];
            for (const target of targets) {
              for (const token of tokens) {
                const res = await ctx.request(path + target.query, {
                  method: method.toUpperCase(),
                  json: target.json ?? (["get", "head", "delete"].includes(method) ? undefined : {}),
                  token,
                });
                const text = await res.text();
                const where = `${method} ${path}${target.query} ${
                  JSON.stringify(target.json)
                }: ${res.status} ${text.slice(0, 300)}`;
                assert.ok(res.status < 500, where);
                if (res.status === 401 || res.status === 403) continue; // try the next caller
                assert.ok(res.status >= 400, `accepted an unstorable character: ${where}`);
                const body = JSON.parse(text);
                if (body.code === "invalid_character") {
                  refusedByName++;
                  assert.ok(Object.keys(body.fields ?? {}).length > 0, `the field is named: ${where}`);
                }
                break;
              }
            }
          }
        });
      }
    }
    assert.ok(refusedByName >= 10, `refused by name ${refusedByName} times`);
  } finally {
    await ctx.close();
  }
});
