// Factories of the participation tests: a channel, segments of any type, app users, media files.
import { createHash } from "node:crypto";
import type { Json } from "../../db/client.ts";
import type { Sql } from "postgres";
import { openSession } from "../../lib/platform/sessions.ts";
import { type Probe, probe } from "../../lib/media/processing.ts";
import type { TestApp } from "../_helpers.ts";
import { issueDeviceId } from "../../lib/rules/vote_integrity.ts";

export async function randomChannel(sql: Sql, over: Record<string, unknown> = {}): Promise<number> {
  const [row] = await sql<{ id: number }[]>`insert into channels ${
    sql({ label: `Channel ${crypto.randomUUID().slice(0, 6)}`, status: "active", ...over })
  } returning id::int as id`;
  return row.id;
}

export async function randomSegment(
  sql: Sql,
  channelId: number,
  over: Record<string, unknown> = {},
  choices: string[] = [],
): Promise<{ id: number; uuid: string; choiceIds: number[] }> {
  const values: Record<string, unknown> = {
    channel_id: channelId,
    type: "single_choice_question",
    title: "Question",
    text: "What do you think?",
    status: "published",
    start_date: new Date(Date.now() - 3600_000),
    gather_information: false,
    ...over,
  };
  for (const key of ["information_to_gather", "customisation"]) {
    if (values[key] !== undefined) values[key] = sql.json(values[key] as Json);
  }
  const [row] = await sql<{ id: number; uuid: string }[]>`insert into segments ${
    sql(values)
  } returning id::int as id, uuid`;
  const choiceIds: number[] = [];
  for (const [position, label] of choices.entries()) {
    const [c] = await sql<{ id: number }[]>`
      insert into segment_choices (segment_id, position, label) values (${row.id}, ${position}, ${label})
      returning id::int as id`;
    choiceIds.push(c.id);
  }
  return { ...row, choiceIds };
}

export async function randomAppUser(
  ctx: TestApp,
  over: Record<string, unknown> = {},
): Promise<{ id: number; token: string }> {
  const [row] = await ctx.sql<{ id: number }[]>`insert into app_users ${
    ctx.sql({ nickname: `lou${crypto.randomUUID().slice(0, 6)}`, city: "Lyon", ...over })
  } returning id::int as id`;
  return { id: row.id, token: await openSession(ctx.deps.sql, ctx.deps.jwtSecret, row.id, "visitor") };
}

/**
 * A received text message on a segment, by a fresh listener (or `over.author_app_user_id`), unread and
 * with no reply: what an operator finds in the inbox.
 */
export async function randomMessage(
  sql: Sql,
  segment: { id: number; channelId: number },
  over: Record<string, unknown> = {},
): Promise<{ id: number; author_app_user_id: number }> {
  const [author] = await sql<{ id: number }[]>`insert into app_users ${
    sql({ nickname: `lou${crypto.randomUUID().slice(0, 6)}`, city: "Lyon" })
  } returning id::int as id`;
  const text = `Bonjour ${crypto.randomUUID().slice(0, 8)}`;
  const [row] = await sql<{ id: number; author_app_user_id: number }[]>`insert into messages ${
    sql({
      channel_id: segment.channelId,
      segment_id: segment.id,
      type: "message",
      text,
      content: sql.json({ text }),
      author_app_user_id: author.id,
      author_name: "Lou",
      ...over,
    })
  } returning id::int as id, author_app_user_id::int as author_app_user_id`;
  return row;
}

/** Polls GET tasks/{id} until it leaves PENDING/STARTED. */
export async function waitTask(ctx: Pick<TestApp, "request">, taskId: string, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const res = await ctx.request(`/api/v1/tasks/${taskId}`);
    const body = await res.json();
    if (body.status === "SUCCESS" || body.status === "FAILURE") return body;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`task ${taskId} still pending`);
}

/** Probes a served media file (ffprobe reads it from a temporary copy). */
export async function probeResponse(res: Response, suffix = ".mp3"): Promise<Probe> {
  const file = await Deno.makeTempFile({ suffix });
  try {
    await Deno.writeFile(file, new Uint8Array(await res.arrayBuffer()));
    return await probe(file);
  } finally {
    await Deno.remove(file);
  }
}

/** Generates a small media file with ffmpeg (sine tone or test pattern video; "ogg": Opus, a voice note). */
export async function makeMedia(
  kind: "mp3" | "webm-audio" | "ogg" | "mp4" | "wav",
  seconds = 1,
): Promise<Uint8Array> {
  const dir = await Deno.makeTempDir();
  const ext = kind === "webm-audio" ? "webm" : kind;
  const out = `${dir}/f.${ext}`;
  const sine = ["-f", "lavfi", "-i", `sine=frequency=440:duration=${seconds}`];
  const args = kind === "mp4"
    ? [
      "-f",
      "lavfi",
      "-i",
      `testsrc=duration=${seconds}:size=320x240:rate=15`,
      ...sine,
      "-c:v",
      "libx264",
      "-pix_fmt",
      "yuv420p",
      "-c:a",
      "aac",
      "-shortest",
      out,
    ]
    : kind === "webm-audio" || kind === "ogg"
    ? [...sine, "-c:a", "libopus", out]
    : [...sine, out];
  const res = await new Deno.Command("ffmpeg", { args: ["-loglevel", "error", "-y", ...args] }).output();
  if (!res.success) throw new Error(new TextDecoder().decode(res.stderr));
  const bytes = await Deno.readFile(out);
  await Deno.remove(dir, { recursive: true });
  return bytes;
}

/** Uploads bytes through the tus endpoint for a slot (creation, then one PATCH); returns the PATCH response. */
export async function tusUpload(
  ctx: Pick<TestApp, "request">,
  dataId: string,
  bytes: Uint8Array,
  uploadLength = bytes.length,
) {
  const meta = `data_id ${btoa(dataId)},filename ${btoa("recording")}`;
  const created = await ctx.request("/api/v1/files/", {
    method: "POST",
    headers: { "Tus-Resumable": "1.0.0", "Upload-Length": String(uploadLength), "Upload-Metadata": meta },
  });
  if (created.status !== 201) return created;
  const location = created.headers.get("location")!;
  return await ctx.request(location, {
    method: "PATCH",
    headers: {
      "Tus-Resumable": "1.0.0",
      "Upload-Offset": "0",
      "Content-Type": "application/offset+octet-stream",
    },
    body: bytes as BodyInit,
  });
}

/**
 * Waits until pg-boss has no queued or running job, so closing the database interrupts none. `dueOnly`
 * leaves out the jobs waiting for a later start (a retry after a provider's error, a delayed job), which no
 * worker runs before the database closes.
 */
export async function drainJobs(ctx: TestApp, timeoutMs = 60_000, { dueOnly = false } = {}) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const [{ n }] = await ctx.sql<{ n: number }[]>`
      select count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active')
        and (not ${dueOnly} or state = 'active' or start_after <= now())`;
    if (n === 0) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * The device id the server would issue for `label` (POST devices signs it with the app secret): the
 * same label names the same device. The secret is that of testApp(), or the one given.
 */
export function testDevice(label: string, secret = "test-secret-test-secret-test-secret-0123"): string {
  const random = createHash("sha256").update(label).digest().subarray(0, 16);
  return issueDeviceId(new TextEncoder().encode(secret), random);
}
