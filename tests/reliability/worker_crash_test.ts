// Worker crash: the worker runs apart from the web server (WORKER=off, `deno task worker`), as in
// production. It is killed with kill -9 in the middle of a media job; once the job is past
// MEDIA_JOB_EXPIRE_SECONDS it is retried by a new worker and the participation ends processed. A
// poisoned file (not a real audio) sent with two good ones fails alone, at once, with its reason.
import assert from "node:assert/strict";
import postgres from "postgres";
import { PG_BIN, startPostgres } from "../_postgres.ts";
import { type ChildServer, remote, startServer, startWorker } from "../_server.ts";
import {
  makeMedia,
  probeResponse,
  randomChannel,
  randomSegment,
  testDevice,
  tusUpload,
  waitTask,
} from "../api/_participation.ts";
import { SERVER_SECRET } from "./_votes.ts";

// the retried job expires after as long: enough for the 2-minute recording on a loaded 2-core machine
const EXPIRE_SECONDS = 20;

Deno.test({
  name: "worker crash - a media job cut by kill -9 is retried and processed; a poisoned file fails alone",
  ignore: !PG_BIN,
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const pg = await startPostgres();
    const sql = postgres(pg.url, { max: 2, onnotice: () => {} });
    const env = {
      DATABASE_URL: pg.url,
      SEED: "0",
      WORKER: "off",
      MEDIA_JOB_EXPIRE_SECONDS: String(EXPIRE_SECONDS),
    };
    let server: ChildServer | null = null;
    let worker: Awaited<ReturnType<typeof startWorker>> | null = null;
    try {
      const [started, longAudio, shortAudio] = await Promise.all([
        startServer(env, undefined, () => pg.destroy()),
        makeMedia("mp3", 120), // long enough for the job to be caught in progress
        makeMedia("mp3", 2),
      ]);
      server = started;
      const dataDir = server.dataDir;
      worker = await startWorker(env, dataDir);
      const api = remote(server.baseUrl);
      const channel = await randomChannel(sql);
      const voice = await randomSegment(sql, channel, { type: "recording_question", limit_1_vote: false });

      /** The widget's steps: an upload slot, the tus upload, then PUT interactions; returns the ids. */
      const send = async (bytes: Uint8Array, device: string) => {
        const slot = await api.request("/api/v1/upload", { method: "POST", json: { extension: "mp3" } });
        assert.equal(slot.status, 201);
        const { data_id } = await slot.json();
        assert.equal((await tusUpload(api, data_id, bytes)).status, 204);
        const params = new URLSearchParams({
          channel_id: String(channel),
          segment: String(voice.id),
          device_id: testDevice(device, SERVER_SECRET),
          data_id,
          extension: "mp3",
        });
        const res = await api.request(`/api/v1/interactions?lang=en&${params}`, {
          method: "PUT",
          headers: {
            "content-disposition": 'attachment; filename="recording.mp3"',
            "content-type": "audio/mpeg",
          },
        });
        assert.equal(res.status, 200);
        const { id, task_id } = await res.json();
        return { id: id as number, taskId: task_id as string, dataId: data_id as string };
      };
      const job = async (id: string) => {
        const [row] = await sql<{ state: string; retry_count: number; retry_limit: number }[]>`
          select state, retry_count, retry_limit from pgboss.job where id = ${id}`;
        return row;
      };

      await t.step(
        "a job in progress when its worker is killed is retried and the participation processed",
        async () => {
          const long = await send(longAudio, "long");
          // in progress: the job is taken (active) and the handler has begun (media processing)
          const inProgress = async () => {
            const [media] = await sql`select status from media where id = ${long.dataId}`;
            return (await job(long.taskId))?.state === "active" && media.status === "processing";
          };
          const until = Date.now() + 30_000;
          while (!(await inProgress())) {
            assert.ok(Date.now() < until, "the job never started");
            await new Promise((r) => setTimeout(r, 20));
          }
          const crashedAt = Date.now();
          await worker!.crash();
          // provably cut in the middle: still active, nothing produced
          assert.equal((await job(long.taskId)).state, "active");
          const [cut] = await sql`select x.status, x.playable_path, m.processing_status from media x
          join messages m on m.media_id = x.id where x.id = ${long.dataId}`;
          assert.deepEqual({ ...cut }, {
            status: "processing",
            playable_path: null,
            processing_status: "processing",
          });
          const polled = await (await api.request(`/api/v1/tasks/${long.taskId}`)).json();
          assert.equal(polled.status, "STARTED");

          worker = await startWorker(env, dataDir);
          // expiry, then a 2-minute recording measured, normalised, limited, re-measured and encoded again
          const task = await waitTask(api, long.taskId, 120_000);
          assert.equal(task.status, "SUCCESS", JSON.stringify(task));
          assert.ok(Date.now() - crashedAt >= EXPIRE_SECONDS * 1000, "retried only once expired");
          const done = await job(long.taskId);
          assert.equal(done.state, "completed");
          assert.ok(done.retry_count >= 1, `the job was retried (${done.retry_count})`);

          const [row] = await sql`select m.processing_status, m.processing_error, m.duration_ms, m.content,
            x.status, x.playable_path
          from messages m join media x on x.id = m.media_id where m.id = ${long.id}`;
          assert.equal(row.processing_status, "done");
          assert.equal(row.processing_error, null);
          assert.equal(row.status, "ready");
          assert.ok(Math.abs(row.duration_ms - 120_000) < 1000, String(row.duration_ms));
          assert.equal(row.content.duration, 120);
          assert.equal(row.content.recording_url, `/media/${row.playable_path}`);
          const played = await api.request(row.content.recording_url);
          assert.equal(played.status, 200);
          assert.equal(played.headers.get("content-type"), "audio/mpeg");
          const info = await probeResponse(played);
          assert.equal(info.hasAudio, true);
          assert.ok(Math.abs(info.durationMs! - 120_000) < 1000, String(info.durationMs));
        },
      );

      await t.step(
        "a poisoned file ends FAILURE with its reason, and two good uploads still process",
        async () => {
          const poison = new Uint8Array(4096);
          poison.set(new TextEncoder().encode("ID3")); // passes the upload's type check, decodes to nothing
          const sent = await Promise.all([
            send(shortAudio, "good-1"),
            send(poison, "poisoned"),
            send(shortAudio, "good-2"),
          ]);
          const tasks = await Promise.all(sent.map((s) => waitTask(api, s.taskId, 30_000)));
          assert.deepEqual(tasks.map((t) => t.status), ["SUCCESS", "FAILURE", "SUCCESS"]);
          assert.equal(tasks[1].code, "media_unreadable");
          assert.doesNotMatch(
            tasks[1].reason,
            /ffmpeg|\//,
            "the listener reads what went wrong, not the log",
          );
          const failed = await job(sent[1].taskId);
          assert.equal(failed.state, "failed");
          assert.equal(failed.retry_count, 0, "a file that cannot be decoded is not tried again");

          const rows = await sql<
            { id: number; processing_status: string; processing_error: string | null }[]
          >`
          select id::int as id, processing_status, processing_error from messages
          where id in ${sql(sent.map((s) => s.id))} order by id`;
          const byId = new Map(rows.map((r) => [r.id, r]));
          assert.equal(byId.get(sent[0].id)!.processing_status, "done");
          assert.equal(byId.get(sent[2].id)!.processing_status, "done");
          assert.equal(byId.get(sent[1].id)!.processing_status, "failed");
          assert.equal(byId.get(sent[1].id)!.processing_error, "media_unreadable");
        },
      );
    } finally {
      await worker?.stop().catch(() => {});
      await server?.stop().catch(() => {});
      await sql.end();
      await pg.destroy();
    }
  },
});
