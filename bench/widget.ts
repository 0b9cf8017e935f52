// Figures of the single-interaction widget: the JavaScript its init screen loads (gzip bytes, static
// imports only: the recorder and the tus client are dynamic imports loaded on demand) and the server
// time to render the page, for each interaction type.
// Run: npx -y deno@2 task build && npx -y deno@2 run -A bench/widget.ts
import { testApp } from "../tests/_helpers.ts";
import { randomChannel, randomSegment } from "../tests/api/_participation.ts";

const ROOT = new URL("../", import.meta.url);
const RUNS = Number(Deno.env.get("RUNS") ?? 200);

async function gzipSize(bytes: Uint8Array): Promise<number> {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new CompressionStream("gzip"));
  return (await new Response(stream).arrayBuffer()).byteLength;
}

/** A built file and every chunk it imports statically, once each. */
async function staticGraph(url: string, seen = new Set<string>()): Promise<Set<string>> {
  if (seen.has(url)) return seen;
  seen.add(url);
  const text = await Deno.readTextFile(new URL(`.${url}`, ROOT));
  for (const m of text.matchAll(/(?:import|from)\s*"(\.{1,2}\/[^"]+\.js)"/g)) {
    await staticGraph(new URL(m[1], `http://x${url}`).pathname, seen);
  }
  return seen;
}

const ctx = await testApp();
const channel = await randomChannel(ctx.sql);
const cases: [string, Record<string, unknown>, string[]][] = [
  ["voice", { type: "recording_question", enable_written_answer: true }, []],
  ["video", { type: "video", media_type: "video" }, []],
  ["vote", {}, ["A", "B", "C"]],
  ["multiple choice", { type: "multiple_choice_question" }, ["A", "B", "C", "D", "E", "F", "G"]],
  ["text", { type: "message" }, []],
  ["sms", { type: "sms" }, []],
  [
    "registration",
    { type: "registration", gather_information: true, information_to_gather: ["first_name"] },
    [],
  ],
  ["game", { type: "game", game_type: "registration", information_to_gather: ["first_name"] }, []],
];

console.log(`single-interaction widget, ${RUNS} renders per type (in process, app.request)\n`);
console.log(
  "type              | init JS files | init JS gzip | lazy (recorder+tus) gzip | render median | p95",
);
console.log(
  "------------------|---------------|--------------|--------------------------|---------------|------",
);
for (const [name, over, choices] of cases) {
  const segment = await randomSegment(ctx.sql, channel, over, choices);
  const path = `/widgets/${channel}/${segment.id}/?lang=en`;
  const html = await (await ctx.request(path)).text();
  const entries = [...html.matchAll(/<(?:script type="module" src|link rel="modulepreload" href)="([^"]+)"/g)]
    .map((m) => m[1]);
  const files = new Set<string>();
  for (const entry of entries) await staticGraph(entry, files);
  let initGzip = 0;
  let lazyGzip = 0;
  const lazy = new Set<string>();
  for (const file of files) {
    const bytes = await Deno.readFile(new URL(`.${file}`, ROOT));
    initGzip += await gzipSize(bytes);
    for (const m of new TextDecoder().decode(bytes).matchAll(/import\("(\.{1,2}\/[^"]+\.js)"\)/g)) {
      await staticGraph(new URL(m[1], `http://x${file}`).pathname, lazy);
    }
  }
  for (const file of lazy) {
    if (!files.has(file)) lazyGzip += await gzipSize(await Deno.readFile(new URL(`.${file}`, ROOT)));
  }
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await (await ctx.request(path)).arrayBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const ms = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(2);
  console.log(
    `${name.padEnd(17)} | ${String(files.size).padStart(13)} | ${
      (initGzip / 1024).toFixed(1).padStart(9)
    } kB | ${(lazyGzip / 1024).toFixed(1).padStart(21)} kB | ${ms(0.5).padStart(10)} ms | ${ms(0.95)} ms`,
  );
}

// The channel widget's home (visitor-widget §2 Record/home) before a participation starts: the page's
// static graph plus the carousel library it imports at startup; the login panel, my space and the
// participation flow (recorder, tus client) are dynamic imports loaded on first use.
{
  const path = `/widgets/channel/${channel}/?lang=en`;
  const html = await (await ctx.request(path)).text();
  const entries = [...html.matchAll(/<(?:script type="module" src|link rel="modulepreload" href)="([^"]+)"/g)]
    .map((m) => m[1]);
  const files = new Set<string>();
  for (const entry of entries) await staticGraph(entry, files);
  const startup = new Set<string>();
  for (const file of [...files]) {
    const text = await Deno.readTextFile(new URL(`.${file}`, ROOT));
    for (const m of text.matchAll(/import\("(\.{1,2}\/(?:embla|[A-Za-z]*ChannelWidget)[^"]*\.js)"\)/g)) {
      await staticGraph(new URL(m[1], `http://x${file}`).pathname, startup);
    }
  }
  for (const file of startup) files.add(file);
  let gzip = 0;
  for (const file of files) gzip += await gzipSize(await Deno.readFile(new URL(`.${file}`, ROOT)));
  console.log(
    `\nchannel widget home before participation: ${files.size} JS files, ${
      (gzip / 1024).toFixed(1)
    } kB gzip (budget 40 kB)`,
  );
}
await ctx.close();
