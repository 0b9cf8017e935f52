// Graceful stop: SIGTERM (as Docker, systemd or Kubernetes send it) in the middle of a vote load with 200
// listeners' live streams open. The process ends every stream, finishes what is in flight and exits by itself
// with code 0 before an orchestrator's 10 s kill; every acknowledged vote is stored. On the embedded database,
// one anonymous stream no longer holds the process, and the database is left closed, readable again.
import assert from "node:assert/strict";
import postgres from "postgres";
import { PG_BIN, startPostgres } from "../_postgres.ts";
import { type ChildServer, startServer } from "../_server.ts";
import { readSse, type SseReader } from "../_sse.ts";
import { newVote, vote } from "./_votes.ts";
import { openDatabase } from "../../db/client.ts";

/** SIGTERM, then how the process exited: its status, or null when it was still running 10 s later. */
async function terminate(server: ChildServer): Promise<Deno.CommandStatus | null> {
  const exited = server.signal("SIGTERM");
  let timer: ReturnType<typeof setTimeout> | undefined;
  const status = await Promise.race([
    exited,
    new Promise<null>((r) => timer = setTimeout(r, 10_000, null)),
  ]);
  clearTimeout(timer);
  if (!status) await server.crash(); // the orchestrator's kill: the test has failed
  return status;
}

/** `n` live streams of the interaction's public results, each past its first event. */
async function openStreams(baseUrl: string, segment: number, n: number): Promise<SseReader[]> {
  const streams: SseReader[] = [];
  for (let i = 0; i < n; i += 20) {
    streams.push(
      ...await Promise.all(Array.from({ length: Math.min(20, n - i) }, async () => {
        const res = await fetch(`${baseUrl}/api/v1/show_segments/${segment}/vote-results/live`, {
          headers: { accept: "text/event-stream" },
        });
        assert.equal(res.status, 200);
        const sse = readSse(res);
        await sse.next((e) => e.event === "results", 30_000);
        return sse;
      })),
    );
  }
  return streams;
}

Deno.test({
  name: "shutdown - SIGTERM during a vote load with 200 open streams exits in time and loses no vote",
  ignore: !PG_BIN,
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const pg = await startPostgres({ maxConnections: 200 });
    const sql = postgres(pg.url, { max: 2, onnotice: () => {} });
    let server: ChildServer | null = null;
    try {
      server = await startServer({ DATABASE_URL: pg.url });
      const v = await newVote(sql);
      const streams = await openStreams(server.baseUrl, v.segment, 200);
      let stopped = false;
      const base = server.baseUrl;
      const load = vote(() => base, v, 30, () => stopped);
      await new Promise((r) => setTimeout(r, 2500));

      const status = await terminate(server);
      server = null;
      stopped = true;
      assert.ok(status, "the process exited by itself within 10 s of SIGTERM");
      assert.equal(status.code, 0, "a clean stop");
      const { acked } = await load;
      assert.ok(acked.size > 20, `votes were acknowledged (${acked.size})`);
      await Promise.all(streams.map((s) => s.ended)); // every stream was ended by the server

      const stored = new Set(
        (await sql<{ device_id: string }[]>`select device_id from messages where segment_id = ${v.segment}`)
          .map((r) => r.device_id),
      );
      assert.deepEqual([...acked].filter((d) => !stored.has(d)), [], "every acknowledged vote is stored");
    } finally {
      if (server) await server.stop().catch(() => {});
      await sql.end();
      await pg.destroy();
    }
  },
});

Deno.test({
  name: "shutdown - on the embedded database, an open anonymous stream does not hold SIGTERM",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const dataDir = await Deno.makeTempDir({ prefix: "im-shutdown-" });
    let server: ChildServer | null = null;
    try {
      // the embedded database even in a run against PostgreSQL (an empty DATABASE_URL counts as unset)
      server = await startServer({ DATABASE_URL: "" }, dataDir);
      const segment = await (async () => {
        for (let id = 1; id < 200; id++) {
          const res = await fetch(`${server!.baseUrl}/api/v1/show_segments/${id}/vote-results/live`);
          await res.body?.cancel();
          if (res.ok) return id;
        }
        throw new Error("no interaction in the demo data");
      })();
      const [stream] = await openStreams(server.baseUrl, segment, 1);

      const status = await terminate(server);
      server = null;
      assert.ok(status, "the process exited by itself within 10 s of SIGTERM");
      assert.equal(status.code, 0, "a clean stop");
      await stream.ended;

      // the database was closed, not killed: it opens again and holds the demo data
      const db = await openDatabase({ dataDir: `${dataDir}/pglite` });
      try {
        const [{ n }] = await db.sql<{ n: number }[]>`select count(*)::int as n from segments`;
        assert.ok(n > 0);
      } finally {
        await db.close();
      }
    } finally {
      if (server) await server.stop().catch(() => {});
      await Deno.remove(dataDir, { recursive: true }).catch(() => {});
    }
  },
});
