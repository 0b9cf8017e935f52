// How long a listener's WhatsApp voice note (a 10-second Opus in OGG, as WhatsApp sends them) takes from
// the webhook's POST to the inbox with its broadcast copy: the webhook answered (stored), then the fetch
// job through a local Graph API stub, then the media pipeline (waveform, loudness, broadcast copy). Each
// run is one voice note on an idle worker; the figures are the webhook's answer time and the time to the
// broadcast copy, median and worst. The goal: the broadcast copy within 5 s of the webhook.
//
//   deno run -A bench/phone_lines.ts [runs=5]
import { testApp } from "../tests/_helpers.ts";
import { randomChannel, randomSegment } from "../tests/api/_participation.ts";
import { metaSignature, providerStub, whatsappBody } from "../tests/_providers.ts";
import { loadAverage } from "./_hello.ts";
import { encryptSecret } from "../lib/platform/crypto.ts";

const runs = Number(Deno.args[0] ?? 5);
const stub = providerStub("bench-token", { sid: `AC${"0".repeat(32)}`, token: "t" });
const ctx = await testApp({
  jobs: true,
  env: { WHATSAPP_GRAPH_URL: stub.graphUrl, PUBLIC_URL: "https://im.example.org" },
});
const channelId = await randomChannel(ctx.sql);
const segment = await randomSegment(ctx.sql, channelId, { type: "recording_question", limit_1_vote: false });
const dir = await Deno.makeTempDir();
const args = ["-loglevel", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=300:duration=10"];
await new Deno.Command("ffmpeg", { args: [...args, "-c:a", "libopus", "-b:a", "24k", `${dir}/v.ogg`] })
  .output();
stub.media.set("bench-voice", { bytes: await Deno.readFile(`${dir}/v.ogg`), type: "audio/ogg" });
const credentials = JSON.stringify({ app_secret: "s", access_token: "bench-token", verify_token: "v" });
const [{ id: lineId }] = await ctx.sql<{ id: number }[]>`
  insert into phone_lines (channel_id, kind, segment_id, credentials_enc)
  values (${channelId}, 'whatsapp', ${segment.id}, ${await encryptSecret(ctx.deps.jwtSecret, credentials)})
  returning id::int as id`;

const acked: number[] = [], ready: number[] = [];
for (let n = 0; n < runs; n++) {
  const body = whatsappBody("1", `3361234${String(n).padStart(4, "0")}`, "Bench", {
    id: `wamid.bench-${n}-${crypto.randomUUID()}`,
    type: "audio",
    audio: { id: "bench-voice", mime_type: "audio/ogg; codecs=opus", voice: true },
  });
  const started = performance.now();
  const res = await ctx.request(`/lines/${lineId}/whatsapp`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-hub-signature-256": metaSignature("s", body) },
    body,
  });
  await res.body?.cancel();
  acked.push(performance.now() - started);
  for (;;) {
    const [row] = await ctx.sql<{ broadcast_path: string | null }[]>`
      select md.broadcast_path from messages m join media md on md.id = m.media_id
      where m.segment_id = ${segment.id} order by m.id desc limit 1`;
    if (row?.broadcast_path) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  ready.push(performance.now() - started);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
console.log(`phone lines: ${runs} WhatsApp voice notes (10 s Opus), load average ${loadAverage()}`);
console.log(
  `  webhook answered (stored):       median ${fmt(median(acked))}, worst ${fmt(Math.max(...acked))}`,
);
console.log(
  `  in the inbox with broadcast copy: median ${fmt(median(ready))}, worst ${fmt(Math.max(...ready))}`,
);
await ctx.close();
await stub.close();
await Deno.remove(dir, { recursive: true });
