// Two app instances on two ports against one database (and one shared media folder, as a volume or a
// bucket would be): a visitor's token, an upload started on one and finished on the other, and task
// polling work across them, because nothing lives in process memory.
import assert from "node:assert/strict";
import { PG_BIN } from "../_postgres.ts";
import { startTwoInstances } from "./_instances.ts";
import { makeMedia, testDevice } from "../api/_participation.ts";
import { newVote, SERVER_SECRET } from "./_votes.ts";

Deno.test({
  name: "two instances - token, resumable upload and task polling work across instances",
  ignore: !PG_BIN,
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const { sql, a, b, close } = await startTwoInstances({ maxConnections: 200 });
    try {
      const [first, second] = [a, b];
      const v = await newVote(sql);
      const json = { "content-type": "application/json" };

      await t.step("a visitor registered on A is known on B", async () => {
        const reg = await fetch(`${first.baseUrl}/api/v1/app_users`, {
          method: "POST",
          headers: json,
          body: JSON.stringify({ email: "two@example.org", password: "listener-8", nickname: "TwoInst" }),
        });
        assert.equal(reg.status, 201);
        const { access_token } = await reg.json();
        const me = await fetch(`${second.baseUrl}/api/v1/app_users/me`, {
          headers: { authorization: `Bearer ${access_token}` },
        });
        assert.equal(me.status, 200);
        assert.equal((await me.json()).nickname, "TwoInst");
      });

      await t.step("a vote sent to A is polled to SUCCESS on B", async () => {
        const sent = await fetch(`${first.baseUrl}/api/v1/interactions`, {
          method: "POST",
          headers: json,
          body: JSON.stringify({
            channel_id: v.channel,
            segment: v.segment,
            device_id: testDevice("two-instances", SERVER_SECRET),
            content: { choice_ids: [v.choices[1]] },
          }),
        });
        assert.equal(sent.status, 200);
        const { task_id } = await sent.json();
        let status = "";
        for (let i = 0; i < 60 && status !== "SUCCESS"; i++) {
          const res = await fetch(`${second.baseUrl}/api/v1/tasks/${task_id}`);
          status = (await res.json()).status;
          if (status !== "SUCCESS") await new Promise((r) => setTimeout(r, 500));
        }
        assert.equal(status, "SUCCESS");
      });

      await t.step("an upload started on A resumes and finishes on B", async () => {
        const slot = await fetch(`${first.baseUrl}/api/v1/upload`, {
          method: "POST",
          headers: json,
          body: JSON.stringify({ extension: "mp3", kind: "audio" }),
        });
        assert.equal(slot.status, 201);
        const { data_id } = await slot.json();
        const bytes = await makeMedia("mp3", 2);
        const half = Math.floor(bytes.length / 2);
        const tus = { "Tus-Resumable": "1.0.0" };
        const created = await fetch(`${first.baseUrl}/api/v1/files/`, {
          method: "POST",
          headers: {
            ...tus,
            "Upload-Length": String(bytes.length),
            "Upload-Metadata": `data_id ${btoa(data_id)},filename ${btoa("recording")}`,
          },
        });
        assert.equal(created.status, 201);
        const path = new URL(created.headers.get("location")!, first.baseUrl).pathname;
        const patch = (base: string, offset: number, chunk: Uint8Array) =>
          fetch(base + path, {
            method: "PATCH",
            headers: {
              ...tus,
              "Upload-Offset": String(offset),
              "Content-Type": "application/offset+octet-stream",
            },
            body: chunk as BodyInit,
          });
        assert.equal((await patch(first.baseUrl, 0, bytes.slice(0, half))).status, 204);
        const head = await fetch(second.baseUrl + path, { method: "HEAD", headers: tus });
        assert.equal(head.headers.get("upload-offset"), String(half));
        assert.equal((await patch(second.baseUrl, half, bytes.slice(half))).status, 204);
        const [media] = await sql<{ status: string }[]>`select status from media where id = ${data_id}`;
        assert.equal(media.status, "uploaded");
      });
    } finally {
      await close();
    }
  },
});
