// What each public page makes a phone download before a participation starts (gzip bytes of the HTML,
// its style sheets and the JavaScript of its static import graph; the recorder, the tus client and the
// screens opened later are dynamic imports, counted apart as "later"), and the server time to render the
// single-interaction widget of each type.
// Run: npx -y deno@2 task build && npx -y deno@2 run -A bench/widget.ts
import { testApp } from "../tests/_helpers.ts";
import { randomChannel, randomSegment } from "../tests/api/_participation.ts";
import { gzipSize } from "../tests/_server.ts";
import { JS_BUDGET_GZIP_BYTES } from "../lib/rules/constants.ts";
import { rowLine } from "./_rows.ts";
import { QUICK } from "./_hello.ts";

const ROOT = new URL("../", import.meta.url);
const RUNS = Number(Deno.env.get("RUNS") ?? (QUICK ? 50 : 200));
/** The goals of gzip JavaScript before a participation starts: a phone on a slow network answers soon. */
const GOAL_KB = { channel: 15, single: 12 };

const staticFile = (url: string) => Deno.readFile(new URL(`.${url.replace(/\?.*$/, "")}`, ROOT));

/** A built file and every chunk it imports statically, once each. */
async function staticGraph(url: string, seen = new Set<string>()): Promise<Set<string>> {
  if (seen.has(url)) return seen;
  seen.add(url);
  const text = new TextDecoder().decode(await staticFile(url));
  for (const m of text.matchAll(/(?:import|from)\s*"(\.{1,2}\/[^"]+\.js)"/g)) {
    await staticGraph(new URL(m[1], `http://x${url}`).pathname, seen);
  }
  return seen;
}

async function gzipOf(files: Iterable<string>): Promise<number> {
  let total = 0;
  for (const file of files) total += await gzipSize(await staticFile(file));
  return total;
}

interface Weight {
  html: number;
  css: number;
  jsFiles: number;
  js: number;
  later: number;
}

/**
 * The weight of a page before a participation: HTML, style sheets, and the JavaScript its scripts import
 * statically plus the dynamic imports that run at startup (`startup`, e.g. the carousel library).
 */
async function pageWeight(ctx: Awaited<ReturnType<typeof testApp>>, path: string, startup?: RegExp) {
  const bytes = new Uint8Array(await (await ctx.request(path)).arrayBuffer());
  const html = new TextDecoder().decode(bytes);
  // the next screens a page asks for with it at low priority (framework/render.tsx) are loaded later
  const scripts = [
    ...html.matchAll(
      /<(?:script(?: type="module")? src|link rel="modulepreload" href)="([^"]+)"(?! fetchpriority="low")/g,
    ),
  ];
  const next = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)" fetchpriority="low">/g)];
  const sheets = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]);
  const files = new Set<string>();
  for (const m of scripts) await staticGraph(m[1], files);
  const lazy = new Set<string>();
  for (const m of next) await staticGraph(m[1], lazy);
  // the page's own module a widget page carries inline (its bytes are the page's too, counted as JavaScript
  // as well); it imports by absolute addresses
  const inline = [...html.matchAll(/<script type="module">(.*?)<\/script>/gs)].map((m) => m[1]);
  const dynamic = (text: string, base: string) =>
    [...text.matchAll(/import\("((?:\.{1,2})?\/[^"]+\.js)"\)/g)].map((
      m,
    ) => [m[1], new URL(m[1], base).pathname]);
  const imports = inline.flatMap((text) => dynamic(text, "http://x/"));
  for (const file of [...files]) {
    imports.push(...dynamic(new TextDecoder().decode(await staticFile(file)), `http://x${file}`));
  }
  for (const [spec, url] of imports) {
    if (startup?.test(spec.split("/").pop()!)) await staticGraph(url, files);
    else await staticGraph(url, lazy);
  }
  const later = [...lazy].filter((f) => !files.has(f));
  let inlineJs = 0;
  for (const text of inline) inlineJs += await gzipSize(new TextEncoder().encode(text));
  return {
    html: await gzipSize(bytes),
    css: await gzipOf(sheets),
    jsFiles: files.size + inline.length,
    js: await gzipOf(files) + inlineJs,
    later: await gzipOf(later),
  } satisfies Weight;
}

/**
 * What a phone's browser gets for each kind of text the server compresses (HTML, JSON, JS, CSS) when it accepts
 * brotli and gzip: the Content-Encoding of the channel home, a JSON read, its first script and a style sheet.
 */
async function compressedResponses(ctx: Awaited<ReturnType<typeof testApp>>, channel: number) {
  const headers = { "accept-encoding": "br, gzip" };
  const home = `/widgets/channel/${channel}/?lang=en`;
  const html = await (await ctx.request(home)).text();
  // its own module is inline: its first module file is the one it asks for with it
  const script = html.match(/<(?:script type="module" src|link rel="modulepreload" href)="([^"]+)"/)?.[1];
  // a widget page carries its styles in its head: the sheet of the login page (staff pages keep their
  // sheets as files, cached across the day) stands for CSS
  const sheetOf = (page: string) => page.match(/<link rel="stylesheet" href="([^"]+)"/)?.[1];
  const sheet = sheetOf(html) ?? sheetOf(await (await ctx.request("/login")).text());
  const cases: [string, string | undefined][] = [
    ["HTML, channel widget home", home],
    ["JSON, the API description", "/api/openapi.json"],
    [`JS, ${script}`, script],
    [`CSS, ${sheet}`, sheet],
  ];
  const answers: [string, string | null][] = [];
  for (const [what, path] of cases) {
    if (!path) {
      answers.push([what, null]);
      continue;
    }
    const res = await ctx.request(path, { headers });
    await res.body?.cancel();
    answers.push([what, res.status === 200 ? res.headers.get("content-encoding") : null]);
  }
  return answers;
}

const kB = (n: number) => `${(n / 1024).toFixed(1)} kB`;
const row = (cells: string[]) => `| ${cells.join(" | ")} |`;

const ctx = await testApp();
try {
  const channel = await randomChannel(ctx.sql);
  const cases: [string, Record<string, unknown>, string[]][] = [
    ["voice", { type: "recording_question", enable_written_answer: true }, []],
    ["video", { type: "video", media_type: "video" }, []],
    ["vote", {}, ["A", "B", "C"]],
    ["multiple choice", { type: "multiple_choice_question" }, ["A", "B", "C", "D", "E", "F", "G"]],
    ["text", { type: "message" }, []],
    ["sms", { type: "sms" }, []],
    ["registration", {
      type: "registration",
      gather_information: true,
      information_to_gather: ["first_name"],
    }, []],
    ["game", { type: "game", game_type: "registration", information_to_gather: ["first_name"] }, []],
  ];

  const weights: string[] = [];
  const renders: string[] = [];
  const singleJs: [string, number][] = [];
  for (const [name, over, choices] of cases) {
    const segment = await randomSegment(ctx.sql, channel, over, choices);
    const path = `/widgets/${channel}/${segment.id}/?lang=en`;
    const w = await pageWeight(ctx, path);
    singleJs.push([name, w.js]);
    weights.push(
      row([
        `single-interaction widget, ${name}`,
        kB(w.html),
        kB(w.css),
        `${w.jsFiles}`,
        kB(w.js),
        kB(w.later),
      ]),
    );
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      await (await ctx.request(path)).arrayBuffer();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const ms = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(2);
    renders.push(row([name, `${ms(0.5)} ms`, `${ms(0.95)} ms`]));
  }
  // the channel widget home starts the carousel library at once; the login panel, my space and the
  // participation flow (recorder, tus client) load on first use
  const home = await pageWeight(ctx, `/widgets/channel/${channel}/?lang=en`, /embla|ChannelWidget/);
  weights.unshift(
    row(["channel widget home", kB(home.html), kB(home.css), `${home.jsFiles}`, kB(home.js), kB(home.later)]),
  );
  // a message shared by its author (s=): the view of the channel widget with its player
  const [shared] = await ctx.sql<{ id: number }[]>`
    insert into messages (channel_id, segment_id, type, text, author_name)
    select ${channel}, id, 'message', 'Bonjour la radio !', 'Ana' from segments where channel_id = ${channel}
    order by id limit 1
    returning id::int as id`;
  const sharedView = await pageWeight(
    ctx,
    `/widgets/channel/${channel}/?lang=en&s=${shared.id}`,
    /embla|ChannelWidget/,
  );
  weights.splice(
    1,
    0,
    row([
      "shared message view (s=)",
      kB(sharedView.html),
      kB(sharedView.css),
      `${sharedView.jsFiles}`,
      kB(sharedView.js),
      kB(sharedView.later),
    ]),
  );
  const qr = await pageWeight(ctx, `/qr-code?qrData=${encodeURIComponent("https://example.org/s/abc")}`);
  weights.push(row(["QR code page", kB(qr.html), kB(qr.css), `${qr.jsFiles}`, kB(qr.js), kB(qr.later)]));

  const compression = await compressedResponses(ctx, channel);
  const heaviest = singleJs.reduce((a, b) => (b[1] > a[1] ? b : a));
  const rows = [
    rowLine(
      "Text compression of HTML, JSON, JS and CSS responses (share compressed)",
      compression.map(([what, encoding]) => `${what}: ${encoding ?? "none"}`).join(", "),
      compression.filter(([, encoding]) => encoding).length / compression.length,
      "= 1 (every compressible response)",
    ),
    rowLine(
      "Channel widget home, JavaScript before a participation (gzip kB)",
      `${kB(home.js)} (ceiling in tests/e2e/js_budget_test.ts ${kB(JS_BUDGET_GZIP_BYTES.channel)})`,
      Number((home.js / 1024).toFixed(1)),
      `≤ ${GOAL_KB.channel} kB`,
    ),
    rowLine(
      "Single-interaction widget, JavaScript before a participation (gzip kB, heaviest type)",
      `${kB(heaviest[1])} (${heaviest[0]}; ceiling in tests/e2e/js_budget_test.ts ${
        kB(JS_BUDGET_GZIP_BYTES.single)
      })`,
      Number((heaviest[1] / 1024).toFixed(1)),
      `≤ ${GOAL_KB.single} kB`,
    ),
  ];
  console.log(
    [
      "## Public pages before a participation starts (gzip)",
      "",
      `JavaScript budgets (gzip): channel widget home ${kB(JS_BUDGET_GZIP_BYTES.channel)} (now ${
        kB(home.js)
      }); ` +
      `single widget ${kB(JS_BUDGET_GZIP_BYTES.single)}, goal 12 kB (tests/e2e/js_budget_test.ts).`,
      "",
      row(["page", "HTML", "CSS", "JS files", "JS", "JS loaded later"]),
      row(["---", "---:", "---:", "---:", "---:", "---:"]),
      ...weights,
      "",
      `## Single-interaction widget render (in process, app.request, ${RUNS} renders per type)`,
      "",
      row(["type", "median", "p95"]),
      row(["---", "---:", "---:"]),
      ...renders,
      "",
      "## Compression (Accept-Encoding: br, gzip)",
      "",
      row(["response", "Content-Encoding"]),
      row(["---", "---"]),
      ...compression.map(([what, encoding]) => row([what, encoding ?? "**none**"])),
      "",
      ...rows,
    ].join("\n"),
  );
} finally {
  await ctx.close();
}
