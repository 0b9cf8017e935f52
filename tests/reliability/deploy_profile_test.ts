// The deployment of the design card, proved here: two app instances with no writable disk
// (`--deny-write`, as Deno Deploy's isolates), WORKER=off, media in a real S3-compatible server
// (s3rver), one separate worker, one PostgreSQL. A listener's voice message is uploaded through A in
// two resumable parts, the worker processes it from the bucket, staff play it and deliver it through B.
import assert from "node:assert/strict";
import postgres from "postgres";
import { PG_BIN, startPostgres } from "../_postgres.ts";
import { type ChildServer, remote, startServer, startWorker } from "../_server.ts";
import { startS3 } from "../_s3.ts";
import { makeMedia, probeResponse, randomSegment, testDevice, waitTask } from "../api/_participation.ts";
import { SERVER_SECRET } from "./_votes.ts";
import { seedDemo } from "../../lib/demo/seed.ts";
import { openSession } from "../../lib/platform/sessions.ts";

Deno.test({
  name:
    "deploy profile - two disk-less instances on S3 and a separate worker take a voice message to delivery",
  ignore: !PG_BIN,
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const pg = await startPostgres();
    const sql = postgres(pg.url, { max: 2, onnotice: () => {} });
    const media = await startS3("media");
    const studio = await startS3("studio-drop");
    const env = {
      DATABASE_URL: pg.url,
      SEED: "0",
      WORKER: "off",
      S3_ENDPOINT: `http://127.0.0.1:${media.port}`,
      S3_BUCKET: media.bucket,
      S3_ACCESS_KEY_ID: media.accessKeyId,
      S3_SECRET_ACCESS_KEY: media.secretAccessKey,
    };
    const workDir = await Deno.makeTempDir({ prefix: "im-worker-" });
    let a: ChildServer | null = null, b: ChildServer | null = null;
    let worker: Awaited<ReturnType<typeof startWorker>> | null = null;
    try {
      // the first instance applies the migrations; the second starts on the migrated database
      a = await startServer(env, undefined, undefined, ["--deny-write"]);
      b = await startServer(env, undefined, undefined, ["--deny-write"]);
      // the worker's temporary files (its copy of each original from the bucket) go in a folder we watch
      worker = await startWorker({ ...env, TMPDIR: workDir }, workDir);
      const [A, B] = [remote(a.baseUrl), remote(b.baseUrl)];

      await seedDemo(sql, { password: "Demo-Password-1!" });
      const idOf = async (login: string) =>
        (await sql<{ id: number }[]>`select id::int as id from users where login = ${login}`)[0].id;
      const secret = new TextEncoder().encode(SERVER_SECRET);
      const admin = await openSession(sql, secret, await idOf("admin"), "staff");
      const operator = await openSession(sql, secret, await idOf("operator"), "staff");
      const [{ id: radio }] = await sql<
        { id: number }[]
      >`select id::int as id from channels order by id limit 1`;
      const voice = await randomSegment(sql, radio, { type: "recording_question", limit_1_vote: false });
      const bytes = await makeMedia("mp3", 3);
      let message = 0, taskId = "", dataId = "";

      await t.step(
        "a listener uploads through A in two resumable parts; nothing is written to A's disk",
        async () => {
          const slot = await A.request("/api/v1/upload", { method: "POST", json: { extension: "mp3" } });
          assert.equal(slot.status, 201);
          dataId = (await slot.json()).data_id;
          const tus = { "Tus-Resumable": "1.0.0" };
          const created = await A.request("/api/v1/files/", {
            method: "POST",
            headers: {
              ...tus,
              "Upload-Length": String(bytes.length),
              "Upload-Metadata": `data_id ${btoa(dataId)},filename ${btoa("recording")}`,
            },
          });
          assert.equal(created.status, 201, await created.clone().text());
          const location = created.headers.get("location")!;
          const half = Math.floor(bytes.length / 2);
          const patch = (offset: number, chunk: Uint8Array) =>
            A.request(location, {
              method: "PATCH",
              headers: {
                ...tus,
                "Upload-Offset": String(offset),
                "Content-Type": "application/offset+octet-stream",
              },
              body: chunk as BodyInit,
            });
          assert.equal((await patch(0, bytes.slice(0, half))).status, 204);
          // the part waits in the bucket, so another instance knows where to resume
          const head = await B.request(location, { method: "HEAD", headers: tus });
          assert.equal(head.headers.get("upload-offset"), String(half));
          assert.equal((await patch(half, bytes.slice(half))).status, 204);
          const keys = await media.keys();
          assert.ok(keys.some((k) => k.startsWith(`participations/${dataId}.`)), keys.join(", "));
          assert.ok(!keys.some((k) => k.startsWith(`tus/${dataId}`)), "the parts are gone once joined");
          assert.deepEqual([...Deno.readDirSync(a!.dataDir)], [], "A wrote nothing in its data folder");

          const params = new URLSearchParams({
            channel_id: String(radio),
            segment: String(voice.id),
            device_id: testDevice("deploy-profile", SERVER_SECRET),
            data_id: dataId,
            extension: "mp3",
          });
          const sent = await A.request(`/api/v1/interactions?lang=en&${params}`, {
            method: "PUT",
            headers: {
              "content-disposition": 'attachment; filename="recording.mp3"',
              "content-type": "audio/mpeg",
            },
          });
          assert.equal(sent.status, 200, await sent.clone().text());
          ({ id: message, task_id: taskId } = await sent.json());
        },
      );

      await t.step("the separate worker processes it from the bucket (polled on B)", async () => {
        const task = await waitTask(B, taskId, 60_000);
        assert.equal(task.status, "SUCCESS", JSON.stringify(task));
        const [row] = await sql<{ status: string; playable_path: string }[]>`
          select status, playable_path from media where id = ${dataId}`;
        assert.equal(row.status, "ready");
        assert.ok((await media.keys()).includes(row.playable_path), "the playable copy is in the bucket");
        assert.deepEqual([...Deno.readDirSync(workDir)], [], "the worker kept no copy of the original");
      });

      await t.step("staff play it through B, whole and by range", async () => {
        const [row] = await sql<{ content: { recording_url: string } }[]>`
          select content from messages where id = ${message}`;
        const url = row.content.recording_url;
        const played = await B.request(url, { token: operator });
        assert.equal(played.status, 200);
        assert.equal(played.headers.get("content-type"), "audio/mpeg");
        const info = await probeResponse(played);
        assert.equal(info.hasAudio, true);
        assert.ok(Math.abs(info.durationMs! - 3000) < 500, String(info.durationMs));
        const part = await B.request(url, { token: operator, headers: { range: "bytes=0-99" } });
        assert.equal(part.status, 206);
        assert.equal((await part.arrayBuffer()).byteLength, 100);
      });

      await t.step("staff deliver it through B to the studio's bucket", async () => {
        const settings = await B.request(`/api/v1/channels/${radio}?lang=en`, {
          method: "PUT",
          token: admin,
          json: {
            delivery_protocol: "s3",
            ftp_host: "127.0.0.1",
            ftp_port: studio.port,
            ftp_secure: false,
            ftp_user: studio.accessKeyId,
            ftp_password: studio.secretAccessKey,
            s3_bucket: studio.bucket,
            ftp_folder: "air",
          },
        });
        assert.equal(settings.status, 200, await settings.clone().text());
        const sent = await B.request(`/api/v1/interaction/${message}/ftp?lang=en`, {
          method: "POST",
          token: operator,
        });
        assert.equal(sent.status, 200, await sent.clone().text());
        const { remote_path } = await sent.json();
        const key = remote_path.replace(`s3://${studio.bucket}/`, "");
        const delivered = await studio.get(key);
        assert.ok(delivered && delivered.length > 1000, `delivered ${remote_path}`);
        assert.deepEqual([...Deno.readDirSync(b!.dataDir)], [], "B wrote nothing in its data folder");
      });
    } finally {
      await worker?.stop().catch(() => {});
      await b?.stop().catch(() => {});
      await a?.stop().catch(() => {});
      await sql.end();
      await pg.destroy();
      await media.close().catch(() => {});
      await studio.close().catch(() => {});
      await Deno.remove(workDir, { recursive: true }).catch(() => {});
    }
  },
});
