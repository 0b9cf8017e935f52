// Lighthouse in mobile mode (its default: a mid-range phone on a throttled network, simulated) with Debian's
// Chromium (never a downloaded browser). On the two public pages a listener opens: the four scores, and for a
// category under 100 the audits that cost it points. On the four staff pages kept open for hours in a studio
// (the interactions list, the edit page and the inbox of the demo's busiest interaction, the statistics),
// signed in as an administrator who has not seen the welcome help yet: the performance score, the total
// blocking time (goal ≤ 200 ms) and the layout shift (goal 0).
// Usage: deno run -A bench/lighthouse.ts
// LIGHTHOUSE_PAGES=inbox measures only the pages whose label contains one of its comma-separated words (one
// staff page takes a minute, the whole run several); LIGHTHOUSE_RUNS=3 measures each page that many times
// in a row (blocking time varies from run to run: a goal holds when every run meets it). LIGHTHOUSE_JSON=dir
// keeps each report there, for its main-thread breakdown and long tasks.
import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";
import { startServer, table } from "../tests/_server.ts";
import { PG_BIN, startPostgres } from "../tests/_postgres.ts";
import { rowLine } from "./_rows.ts";
import postgres from "postgres";

const CHROMIUM = Deno.env.get("CHROMIUM_PATH") ?? "/usr/bin/chromium";
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const ONLY = Deno.env.get("LIGHTHOUSE_PAGES")?.split(",").map((w) => w.trim()).filter(Boolean) ?? [];
const RUNS = Math.max(1, Number(Deno.env.get("LIGHTHOUSE_RUNS") ?? 1) || 1);
const JSON_DIR = Deno.env.get("LIGHTHOUSE_JSON");
/** Whether LIGHTHOUSE_PAGES asks for the page labelled `label` (all when it is unset). */
const wanted = (label: string) => ONLY.length === 0 || ONLY.some((w) => label.includes(w));
/** The labelled page's runs, each `RUNS` times (numbered when more than one). */
const runsOf = (pages: [string, string][]): [string, string][] =>
  pages.filter(([label]) => wanted(label)).flatMap(([label, path]) =>
    Array.from({ length: RUNS }, (_, i): [string, string] => [RUNS > 1 ? `${label} #${i + 1}` : label, path])
  );
/** The staff pages by label, their path from the demo's busiest interaction. */
const STAFF_PAGES: [string, (busiest: number) => string][] = [
  ["interactions list", () => "/interactions"],
  ["edit page", (id) => `/interactions/${id}`],
  ["inbox", (id) => `/participations/${id}`],
  ["statistics", () => "/statistics"],
];
/** Keeps a report and its trace (what each task of the main thread did) in LIGHTHOUSE_JSON, when set. */
async function keep(label: string, result: { lhr: unknown; artifacts: { Trace?: unknown } }): Promise<void> {
  if (!JSON_DIR) return;
  await Deno.mkdir(JSON_DIR, { recursive: true });
  const name = `${JSON_DIR}/${label.replace(/[^a-z0-9]+/gi, "-")}`;
  await Deno.writeTextFile(`${name}.json`, JSON.stringify(result.lhr));
  await Deno.writeTextFile(`${name}.trace.json`, JSON.stringify(result.artifacts.Trace ?? null));
}

if (!(await Deno.stat(CHROMIUM).then(() => true, () => false))) {
  console.log(`Lighthouse skipped: ${CHROMIUM} is missing`);
  Deno.exit(0);
}

const pg = PG_BIN ? await startPostgres() : null;
const server = await startServer(
  pg ? { DATABASE_URL: pg.url } : {},
  undefined,
  async () => await pg?.destroy(),
);
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic"],
});
try {
  const pages: [string, string][] = [
    ["channel widget home", "/widgets/channel/1/"],
    ["single-interaction widget", "/widgets/1/1/"],
  ];
  const rows: (string | number)[][] = [];
  const rowLines: string[] = [];
  const lost: string[] = [];
  for (const [label, path] of runsOf(pages)) {
    const result = await lighthouse(`${server.baseUrl}${path}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
    });
    const lhr = result!.lhr;
    await keep(label, result!);
    const scores = CATEGORIES.map((c) => Math.round((lhr.categories[c]?.score ?? 0) * 100));
    rows.push([label, ...scores]);
    rowLines.push(rowLine(
      `Lighthouse mobile, ${label} (lowest of the four scores)`,
      `performance / accessibility / best practices / SEO: ${scores.join(" / ")}`,
      Math.min(...scores),
      "= 100 (each of the four)",
    ));
    for (const category of CATEGORIES) {
      const refs = lhr.categories[category]?.auditRefs ?? [];
      for (const ref of refs) {
        const audit = lhr.audits[ref.id];
        if (ref.weight > 0 && audit.score !== null && audit.score < 1) {
          lost.push(`- ${label}, ${category}: ${audit.title} (${ref.id}, score ${audit.score})`);
        }
      }
    }
  }
  const staffRows: (string | number)[][] = [];
  const staffLines: string[] = [];
  if (pg && STAFF_PAGES.some(([label]) => wanted(label))) {
    const sql = postgres(pg.url, { max: 1, onnotice: () => {} });
    const [busiest] = await sql<{ id: number }[]>`
      select segment_id::int as id from messages where channel_id = 1 group by segment_id
      order by count(*) desc limit 1`;
    await sql.end();
    const login = await fetch(`${server.baseUrl}/api/v1/auth`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "manager@example.com", password: "Bench-Password-1!" }),
    });
    await login.body?.cancel();
    const session = login.headers.getSetCookie().find((c) => c.startsWith("im_session="))!.split(";")[0];
    const staffPages = STAFF_PAGES.map(([label, path]): [string, string] => [label, path(busiest.id)]);
    for (const [label, path] of runsOf(staffPages)) {
      const result = await lighthouse(`${server.baseUrl}${path}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance"],
        extraHeaders: { Cookie: session },
      });
      const lhr = result!.lhr;
      await keep(label, result!);
      const score = Math.round((lhr.categories.performance?.score ?? 0) * 100);
      const tbt = Math.round(lhr.audits["total-blocking-time"].numericValue ?? 0);
      const cls = Number((lhr.audits["cumulative-layout-shift"].numericValue ?? 0).toFixed(3));
      const lcp = Math.round(lhr.audits["largest-contentful-paint"].numericValue ?? 0);
      staffRows.push([label, score, tbt, cls, lcp]);
      staffLines.push(rowLine(
        `Lighthouse mobile, staff ${label}: total blocking time (ms)`,
        `performance ${score}, blocking ${tbt} ms, layout shift ${cls}, LCP ${lcp} ms`,
        tbt,
        "≤ 200 ms blocking, layout shift 0",
      ));
    }
  }
  if (rows.length) {
    console.log("Lighthouse, mobile (performance / accessibility / best practices / SEO; goal 100 each):\n");
  }
  if (rows.length) {
    console.log(table(["page", "performance", "accessibility", "best practices", "SEO"], rows));
  }
  if (rows.length) {
    console.log(
      lost.length ? `\nAudits below full score:\n${lost.join("\n")}` : "\nEvery weighted audit passes.",
    );
  }
  if (staffRows.length) {
    console.log("\nStaff pages, signed in (goals: blocking ≤ 200 ms, layout shift 0):\n");
    console.log(table(["page", "performance", "blocking ms", "layout shift", "LCP ms"], staffRows));
  }
  console.log([...rowLines, ...staffLines].join("\n"));
} finally {
  chrome.kill();
  await server.stop();
  await pg?.destroy();
}
