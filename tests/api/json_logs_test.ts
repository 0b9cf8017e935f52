// The server's log as a log collector reads it: every line it writes, on stdout and stderr, is one JSON
// object with its time, level and message; a request's entry has its request id and, when traces are
// exported, the trace id of its span. The server runs as a process of its own (on PostgreSQL) with
// Deno's OpenTelemetry exporting to a receiver on 127.0.0.1 that only says yes.
import assert from "node:assert/strict";
import { errorField, log, logEntry, withRequestId } from "../../lib/platform/log.ts";
import { PG_BIN, startPostgres } from "../_postgres.ts";

function freePort(): number {
  const listener = Deno.listen({ port: 0, hostname: "127.0.0.1" });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
}

/** Every line a stream gives, as it comes, into `lines`. */
async function collect(stream: ReadableStream<Uint8Array<ArrayBuffer>>, lines: string[]) {
  let rest = "";
  for await (const chunk of stream.pipeThrough(new TextDecoderStream())) {
    const parts = (rest + chunk).split("\n");
    rest = parts.pop()!;
    lines.push(...parts);
  }
  if (rest) lines.push(rest);
}

Deno.test({
  name: "server log - every line is a JSON entry; a request's has its request id and trace id",
  ignore: !PG_BIN,
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const receiver = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, async (req) => {
      await req.body?.cancel();
      return Response.json({});
    });
    const pg = await startPostgres();
    const port = freePort();
    const dir = await Deno.makeTempDir({ prefix: "im-logs-" });
    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", new URL("../../scripts/start.ts", import.meta.url).pathname],
      env: {
        PORT: String(port),
        HOSTNAME: "127.0.0.1",
        DATA_DIR: dir,
        DATABASE_URL: pg.url,
        LOG_REQUESTS: "on",
        SEED: "0",
        JWT_SECRET: "json-logs-secret-json-logs-secret-0123456789",
        OTEL_DENO: "true",
        OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${receiver.addr.port}`,
        OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
        OTEL_DENO_CONSOLE: "ignore",
      },
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const lines: string[] = [];
    const reading = Promise.all([collect(child.stdout, lines), collect(child.stderr, lines)]);
    try {
      const base = `http://127.0.0.1:${port}`;
      const until = Date.now() + 120_000;
      while (!lines.some((l) => l.includes('"listening"'))) {
        assert.ok(Date.now() < until, `the server did not start: ${lines.join("\n")}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      const missing = await fetch(`${base}/api/v1/no-such-thing`);
      assert.equal(missing.status, 404);
      await missing.body?.cancel();
      const locales = await fetch(`${base}/robots.txt`);
      assert.equal(locales.status, 200);
      await locales.body?.cancel();
    } finally {
      child.kill("SIGTERM");
      await child.status;
      await reading;
      await receiver.shutdown();
      await pg.destroy();
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    }
    const entries = lines.filter((l) => l.trim() !== "").map((line) => {
      try {
        return JSON.parse(line);
      } catch {
        assert.fail(`not a JSON line: ${line}`);
      }
    });
    for (const entry of entries) {
      assert.equal(typeof entry.msg, "string");
      assert.match(entry.level, /^(debug|info|warn|error)$/);
      assert.equal(new Date(entry.time).toISOString(), entry.time);
    }
    const listening = entries.find((e) => e.msg === "listening");
    assert.equal(listening.url, `http://localhost:${port}`);
    const requests = entries.filter((e) => e.msg === "request");
    const missing = requests.find((e) => e.path === "/api/v1/no-such-thing");
    assert.ok(missing, JSON.stringify(requests));
    assert.equal(missing.status, 404);
    assert.equal(missing.method, "GET");
    assert.match(missing.request_id, /^[0-9a-f]{8}$/);
    assert.match(missing.trace_id, /^[0-9a-f]{32}$/);
    const ok = requests.find((e) => e.path === "/robots.txt");
    assert.equal(ok.status, 200);
    assert.notEqual(ok.request_id, missing.request_id);
    assert.notEqual(ok.trace_id, missing.trace_id);
    assert.ok(entries.some((e) => /^\[shutdown\] stopped/.test(e.msg)), "the shutdown is logged too");
  },
});

Deno.test("log entry - fixed fields first, the request id inside its scope, errors as name and message", () => {
  const outside = logEntry("info", "hello", { n: 1 });
  assert.deepEqual(Object.keys(outside), ["time", "level", "msg", "n"]);
  assert.equal(outside.request_id, undefined);
  assert.equal(outside.trace_id, undefined, "no trace id when traces are not exported");
  const inside = withRequestId("abcd1234", () => logEntry("error", "failed", { error: new TypeError("x") }));
  assert.equal(inside.request_id, "abcd1234");
  assert.deepEqual({ ...(inside.error as object), stack: undefined }, {
    name: "TypeError",
    message: "x",
    stack: undefined,
  });
  assert.deepEqual(errorField("plain"), { name: "thrown", message: "plain" });
});

Deno.test("log - warnings and errors on stderr, the rest on stdout, one JSON line each", () => {
  const out: unknown[] = [], err: unknown[] = [];
  const { log: stdout, warn, error: stderr } = console;
  console.log = (line: unknown) => out.push(line);
  console.warn = (line: unknown) => err.push(line); // Deno writes console.warn to stderr
  console.error = (line: unknown) => err.push(line);
  try {
    log.info("started", { port: 1 });
    log.warn("careful");
    log.error("broken", { error: new Error("boom") });
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    log.info("cyclic", { cyclic });
  } finally {
    console.log = stdout;
    console.warn = warn;
    console.error = stderr;
  }
  assert.deepEqual(out.map((l) => JSON.parse(String(l)).msg), ["started", "cyclic"]);
  assert.deepEqual(err.map((l) => JSON.parse(String(l)).level), ["warn", "error"]);
  assert.equal(JSON.parse(String(err[1])).error.message, "boom");
});
