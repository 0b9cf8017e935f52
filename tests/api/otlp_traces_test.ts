// Traces as an operations team receives them: the server and the worker run as in production (two
// processes on PostgreSQL) with Deno's OpenTelemetry exporting OTLP/HTTP (JSON) to a receiver of our own on
// 127.0.0.1. A listener's vote gives a request span named by its route, with its status and channel, and a
// votes span inside it; a voice sent to the studio gives a media job span, in the worker, in the same trace as
// the request that sent it.
import assert from "node:assert/strict";
import postgres from "postgres";
import { PG_BIN, startPostgres } from "../_postgres.ts";
import { type ChildServer, remote, startServer, startWorker } from "../_server.ts";
import {
  makeMedia,
  randomChannel,
  randomSegment,
  testDevice,
  tusUpload,
  waitTask,
} from "./_participation.ts";
import { SERVER_SECRET } from "../reliability/_votes.ts";
import { CHANNEL_ATTRIBUTE } from "../../lib/platform/tracing.ts";

interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  attributes: Record<string, unknown>;
}

type OtlpValue = {
  stringValue?: string;
  intValue?: string | number;
  doubleValue?: number;
  boolValue?: boolean;
};

/** An attribute's value as OTLP/JSON writes it (64-bit integers as strings), in JavaScript's terms. */
const valueOf = (v: OtlpValue) =>
  v.stringValue ?? v.doubleValue ?? (v.intValue !== undefined ? Number(v.intValue) : v.boolValue);

/** A minimal OTLP/HTTP receiver: keeps every span posted to /v1/traces, answers the rest with 200. */
function otlpReceiver() {
  const spans: ReceivedSpan[] = [];
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, async (req) => {
    const body = await req.text();
    if (new URL(req.url).pathname === "/v1/traces") {
      assert.match(req.headers.get("content-type") ?? "", /json/);
      for (const resource of JSON.parse(body).resourceSpans ?? []) {
        for (const scope of resource.scopeSpans ?? []) {
          for (const span of scope.spans ?? []) {
            const attributes: Record<string, unknown> = {};
            for (const { key, value } of span.attributes as { key: string; value: OtlpValue }[]) {
              attributes[key] = valueOf(value);
            }
            spans.push({ ...span, attributes });
          }
        }
      }
    }
    return Response.json({});
  });
  return { spans, url: `http://127.0.0.1:${server.addr.port}`, close: () => server.shutdown() };
}

/** Waits until a received span satisfies `test` (the runtime exports in batches, every few seconds). */
async function spanWhere(spans: ReceivedSpan[], test: (s: ReceivedSpan) => boolean, what: string) {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    const found = spans.find(test);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no span ${what} among ${spans.map((s) => s.name).join(", ")}`);
}

Deno.test({
  name: "traces - a vote's request span, its votes span, and a voice's media job in the same trace",
  ignore: !PG_BIN,
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const receiver = otlpReceiver();
    const pg = await startPostgres();
    const sql = postgres(pg.url, { max: 2, onnotice: () => {} });
    const otel = {
      OTEL_DENO: "true",
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
      OTEL_DENO_CONSOLE: "ignore",
    };
    const env = { DATABASE_URL: pg.url, SEED: "0", WORKER: "off" };
    let server: ChildServer | null = null;
    let worker: Awaited<ReturnType<typeof startWorker>> | null = null;
    try {
      const [started, audio] = await Promise.all([
        startServer({ ...env, ...otel, OTEL_SERVICE_NAME: "im-web" }, undefined, () => pg.destroy()),
        makeMedia("mp3", 1),
      ]);
      server = started;
      worker = await startWorker({ ...env, ...otel, OTEL_SERVICE_NAME: "im-worker" }, server.dataDir);
      const api = remote(server.baseUrl);
      const channel = await randomChannel(sql);

      await t.step(
        "a vote: the request span has its route, status and channel; the votes span is its child",
        async () => {
          const vote = await randomSegment(sql, channel, { type: "single_choice_question" });
          const [choice] = await sql<{ id: number }[]>`
          insert into segment_choices (segment_id, position, label) values (${vote.id}, 0, 'Yes') returning id::int`;
          const res = await api.request("/api/v1/interactions", {
            method: "POST",
            json: {
              channel_id: channel,
              segment: vote.id,
              device_id: testDevice("otlp-vote", SERVER_SECRET),
              content: { choice_ids: [choice.id] },
            },
          });
          assert.equal(res.status, 200);
          await res.body?.cancel();
          const request = await spanWhere(
            receiver.spans,
            (s) => s.name === "POST /api/v1/interactions" && s.attributes[CHANNEL_ATTRIBUTE] === channel,
            "POST /api/v1/interactions of the channel",
          );
          assert.equal(request.attributes["http.route"], "/api/v1/interactions");
          assert.equal(String(request.attributes["http.response.status_code"]), "200");
          const votes = await spanWhere(
            receiver.spans,
            (s) => s.name === "votes.store" && s.traceId === request.traceId,
            "votes.store in the vote's trace",
          );
          assert.equal(votes.parentSpanId, request.spanId);
          assert.equal(votes.attributes["im.segment_id"], vote.id);
        },
      );

      await t.step("a voice: its media job, run by the worker, continues the request's trace", async () => {
        const voice = await randomSegment(sql, channel, { type: "recording_question", limit_1_vote: false });
        const slot = await api.request("/api/v1/upload", { method: "POST", json: { extension: "mp3" } });
        assert.equal(slot.status, 201);
        const { data_id } = await slot.json();
        assert.equal((await tusUpload(api, data_id, audio)).status, 204);
        const params = new URLSearchParams({
          channel_id: String(channel),
          segment: String(voice.id),
          device_id: testDevice("otlp-voice", SERVER_SECRET),
          data_id,
          extension: "mp3",
        });
        const res = await api.request(`/api/v1/interactions?${params}`, {
          method: "PUT",
          headers: { "content-disposition": 'attachment; filename="r.mp3"', "content-type": "audio/mpeg" },
        });
        assert.equal(res.status, 200);
        const { task_id } = await res.json();
        assert.equal((await waitTask(api, task_id, 60_000)).status, "SUCCESS");
        const request = await spanWhere(
          receiver.spans,
          (s) =>
            s.name === "PUT /api/v1/interactions" &&
            String(s.attributes["http.response.status_code"]) === "200",
          "PUT /api/v1/interactions",
        );
        const job = await spanWhere(receiver.spans, (s) => s.name === "job media", "job media");
        assert.equal(job.traceId, request.traceId);
        assert.equal(job.attributes["messaging.destination.name"], "media");
      });
    } finally {
      await worker?.stop();
      await server?.stop();
      await sql.end();
      await pg.destroy();
      await receiver.close();
    }
  },
});
