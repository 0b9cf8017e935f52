// Studio latency (a voice should reach the studio's playout within 10 s): from a listener's last upload byte to the normalised broadcast file complete
// on the studio's FTP server, with automatic delivery on. The product runs as in production: the web server
// and the worker in processes of their own against a real PostgreSQL, a real FTP server (ftp-srv, as the
// delivery tests use). Voices recorded with espeak-ng (quiet, normal and clipped phones, webm/opus as the
// widget sends) are sent as the widget does, at RATE per second for SECONDS: an upload slot, the tus upload,
// then PUT interactions. The clock starts before the tus PATCH that carries the file's bytes (so it includes
// that request) and stops at the delivery's `finished_at` (the FTP server acknowledged the whole file).
// Prints p50/p95 and the goal ratio p95 / 10 s (iHeartRadio's Talk Back airs a clip about 10 s after the send),
// and the worker's throughput: voice minutes processed per CPU minute of the worker process and its ffmpeg
// children (bench/_cpu.ts), the figure a machine busy with other work disturbs least, and its CPU seconds per
// voice; the load average at the start and the end says how busy the machine was.
// Usage: deno run -A bench/studio_latency.ts [seconds, default 120] [voices per second, default 1]
// (MEDIA_JOB_CONCURRENCY, when set, reaches the worker: its media jobs at once; unset, one per CPU)
import postgres from "postgres";
import { PG_BIN, startPostgres } from "../tests/_postgres.ts";
import { remote, startServer, startWorker, table } from "../tests/_server.ts";
import { startFtp } from "../tests/_ftp.ts";
import { ebur128, spokenWav } from "../tests/_audio.ts";
import { randomSegment, testDevice } from "../tests/api/_participation.ts";
import { SERVER_SECRET } from "../tests/reliability/_votes.ts";
import { encryptSecret } from "../lib/platform/crypto.ts";
import { treeCpuMs } from "./_cpu.ts";
import { mediaJobConcurrency } from "../lib/rules/media_jobs.ts";
import { loadConfig } from "../lib/platform/config.ts";

const SECONDS = Number(Deno.args[0] ?? 120);
const RATE = Number(Deno.args[1] ?? 1);
const GOAL_MS = 10_000;
/** How long after the last send the bench waits for the last deliveries. */
const DRAIN_MS = 120_000;
/** The 1-minute load average (/proc/loadavg). */
const loadAverage = () => Deno.readTextFileSync("/proc/loadavg").split(" ")[0];
const concurrency = mediaJobConcurrency(
  loadConfig(Deno.env.toObject()).MEDIA_JOB_CONCURRENCY,
  navigator.hardwareConcurrency,
);
if (!PG_BIN) {
  console.log("## Studio latency\n\nnot measured: no PostgreSQL server installed");
  Deno.exit(0);
}

// the voices: espeak-ng sentences between 1.5 s silences, at phone levels 25 LU apart, as the widget's webm
const work = await Deno.makeTempDir({ prefix: "im-bench-air-" });
const sentences = [
  "Bonjour, ici Marie de Lyon, je voudrais faire un coucou à ma mère qui écoute tous les matins.",
  "Salut la radio, c'est Paul, je suis coincé dans les bouchons et vous me faites rire.",
  "Bonjour, je m'appelle Ana, je dédicace la prochaine chanson à mon équipe de nuit à l'hôpital.",
];
const voices: { bytes: Uint8Array; seconds: number }[] = [];
for (const [i, gain] of [-20, 0, 12].entries()) {
  const wav = await spokenWav(work, `v${i}`, gain, sentences[i]);
  const webm = `${work}/v${i}.webm`;
  const out = await new Deno.Command("ffmpeg", {
    args: ["-hide_banner", "-loglevel", "error", "-y", "-i", wav, "-c:a", "libopus", "-b:a", "32k", webm],
  }).output();
  if (!out.success) throw new Error("ffmpeg could not encode the voice");
  const probe = await new Deno.Command("ffprobe", {
    args: ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", webm],
    stdout: "piped",
  }).output();
  voices.push({ bytes: await Deno.readFile(webm), seconds: Number(new TextDecoder().decode(probe.stdout)) });
}

const pg = await startPostgres();
const env = { DATABASE_URL: pg.url, WORKER: "off", TRUST_PROXY: "on" };
const server = await startServer(env, undefined, async () => await pg.destroy());
const worker = await startWorker(env, server.dataDir);
const ftp = await startFtp();
const sql = postgres(pg.url, { max: 2, onnotice: () => {} });
const api = remote(server.baseUrl);

// the first channel delivers to the FTP server; a voice interaction with automatic delivery (ftpclassic)
const [channel] = await sql<{ id: number }[]>`select id::int from channels order by id limit 1`;
await sql`update channels set ftp_host = '127.0.0.1', ftp_port = ${ftp.port}, ftp_user = ${ftp.user},
  ftp_password_enc = ${await encryptSecret(new TextEncoder().encode(SERVER_SECRET), ftp.password)},
  ftp_folder = 'air', ftp_naming = '{id}', delivery_protocol = 'ftp', audio_target_lufs = -23,
  audio_format = 'mp3_192' where id = ${channel.id}`;
const segment = await randomSegment(sql, channel.id, { type: "recording_question", limit_1_vote: false });
await sql`update segments set delivery_option = 'ftpclassic' where id = ${segment.id}`;

/** One listener's voice, as the widget sends it; returns the message id and when the upload started. */
async function send(n: number): Promise<{ id: number; startedAt: number; seconds: number } | null> {
  const voice = voices[n % voices.length];
  const slot = await api.request("/api/v1/upload", {
    method: "POST",
    json: { extension: "webm", kind: "audio" },
    headers: { "x-forwarded-for": `10.9.${(n >> 8) & 255}.${n & 255}` },
  });
  if (slot.status !== 201) return null;
  const { data_id } = await slot.json();
  const created = await api.request("/api/v1/files/", {
    method: "POST",
    headers: {
      "Tus-Resumable": "1.0.0",
      "Upload-Length": String(voice.bytes.length),
      "Upload-Metadata": `data_id ${btoa(data_id)},filename ${btoa("recording")}`,
    },
  });
  if (created.status !== 201) return null;
  const startedAt = Date.now();
  const patch = await api.request(created.headers.get("location")!, {
    method: "PATCH",
    headers: {
      "Tus-Resumable": "1.0.0",
      "Upload-Offset": "0",
      "Content-Type": "application/offset+octet-stream",
    },
    body: voice.bytes as BodyInit,
  });
  await patch.body?.cancel();
  if (patch.status !== 204) return null;
  const params = new URLSearchParams({
    channel_id: String(channel.id),
    segment: String(segment.id),
    device_id: testDevice(`studio-${n}-${crypto.randomUUID()}`, SERVER_SECRET),
    data_id,
    extension: "webm",
  });
  const res = await api.request(`/api/v1/interactions?lang=en&${params}`, {
    method: "PUT",
    headers: {
      "content-disposition": 'attachment; filename="recording.webm"',
      "content-type": "audio/webm",
      "x-forwarded-for": `10.9.${(n >> 8) & 255}.${n & 255}`,
    },
  });
  if (res.status !== 200) {
    await res.body?.cancel();
    return null;
  }
  return { id: (await res.json()).id, startedAt, seconds: voice.seconds };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;

try {
  const loadBefore = loadAverage();
  const cpuBefore = treeCpuMs(worker.pid);
  const total = Math.round(SECONDS * RATE);
  const sends: Promise<Awaited<ReturnType<typeof send>>>[] = [];
  const start = Date.now();
  for (let n = 0; n < total; n++) {
    const at = start + (n * 1000) / RATE;
    await new Promise((r) => setTimeout(r, Math.max(0, at - Date.now())));
    sends.push(send(n).catch(() => null));
  }
  const sent = (await Promise.all(sends)).filter((s) => s !== null);
  const ids = sent.map((s) => s.id);
  // wait for every delivery (or give up after DRAIN_MS)
  const deadline = Date.now() + DRAIN_MS;
  let done: { message_id: number; finished: number; remote_path: string }[] = [];
  while (Date.now() < deadline) {
    done = await sql<{ message_id: number; finished: number; remote_path: string }[]>`
      select message_id::int, (extract(epoch from finished_at) * 1000)::float8 as finished, remote_path
      from deliveries where status = 'success' and message_id in ${sql(ids.length ? ids : [0])}`;
    if (done.length >= ids.length) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  // the worker is idle once every delivery is done: its CPU is that of the processing and the transfers
  const cpuMs = treeCpuMs(worker.pid) - cpuBefore;
  const loadAfter = loadAverage();
  const byId = new Map(done.map((d) => [d.message_id, d]));
  const latencies = sent.filter((s) => byId.has(s.id)).map((s) => byId.get(s.id)!.finished - s.startedAt)
    .sort((a, b) => a - b);
  const voiceMinutes = sent.filter((s) => byId.has(s.id)).reduce((sum, s) => sum + s.seconds, 0) / 60;
  // a few delivered files, read by ffmpeg's ebur128: they are the normalised copies
  const levels: string[] = [];
  for (const d of done.slice(0, 3)) {
    const level = await ebur128(`${ftp.root}${d.remote_path}`);
    levels.push(`${level.lufs?.toFixed(1)} LUFS / ${level.truePeak?.toFixed(1)} dBTP`);
  }
  const [failed] = await sql<{ n: number }[]>`
    select count(*)::int as n from media m join messages g on g.media_id = m.id
    where g.segment_id = ${segment.id} and m.status = 'failed'`;
  const p50 = percentile(latencies, 50), p95 = percentile(latencies, 95);
  console.log(`## Studio latency (${SECONDS} s at ${RATE} voice/s, target -23 LUFS, MP3 192 kbit/s)\n`);
  console.log(table(["What", "Figure"], [
    ["Voices sent / delivered / media failed", `${total} / ${latencies.length} / ${failed.n}`],
    ["Last upload byte → normalised file on FTP, p50", `${(p50 / 1000).toFixed(2)} s`],
    ["The same, p95", `${(p95 / 1000).toFixed(2)} s`],
    ["The same, max", `${(latencies.at(-1)! / 1000).toFixed(2)} s`],
    ["Goal ratio p95 / 10 s (≤ 1 meets the goal)", (p95 / GOAL_MS).toFixed(2)],
    [
      "Worker: voice minutes processed per CPU minute",
      `${(voiceMinutes / (cpuMs / 60_000)).toFixed(1)} (${voiceMinutes.toFixed(1)} min in ${
        (cpuMs / 1000).toFixed(1)
      } CPU s)`,
    ],
    [
      "Worker: CPU s per voice (its process and its ffmpeg runs)",
      latencies.length ? (cpuMs / 1000 / latencies.length).toFixed(3) : "-",
    ],
    ["Worker: media jobs at once", String(concurrency)],
    [
      "Load average (1 min), start → end",
      `${loadBefore} → ${loadAfter} on ${navigator.hardwareConcurrency} CPUs`,
    ],
    ["Delivered files read by ebur128", levels.join("; ")],
  ]));
  if (latencies.length < total) Deno.exitCode = 1;
} finally {
  await sql.end();
  await worker.stop();
  await server.stop();
  await ftp.close();
  await pg.destroy();
  await Deno.remove(work, { recursive: true }).catch(() => {});
}
