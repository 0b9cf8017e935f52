// Lighthouse in mobile mode (its default: a mid-range phone on a throttled network, simulated) on the two
// public pages a listener opens, with Debian's Chromium (never a downloaded browser): the four scores, and
// for a category under 100 the audits that cost it points.
// Usage: deno run -A bench/lighthouse.ts
import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";
import { startServer, table } from "../tests/_server.ts";
import { PG_BIN, startPostgres } from "../tests/_postgres.ts";
import { rowLine } from "./_rows.ts";

const CHROMIUM = Deno.env.get("CHROMIUM_PATH") ?? "/usr/bin/chromium";
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

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
  for (const [label, path] of pages) {
    const result = await lighthouse(`${server.baseUrl}${path}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
    });
    const lhr = result!.lhr;
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
  console.log("Lighthouse, mobile (performance / accessibility / best practices / SEO; goal 100 each):\n");
  console.log(table(["page", "performance", "accessibility", "best practices", "SEO"], rows));
  console.log(
    lost.length ? `\nAudits below full score:\n${lost.join("\n")}` : "\nEvery weighted audit passes.",
  );
  console.log(rowLines.join("\n"));
} finally {
  chrome.kill();
  await server.stop();
  await pg?.destroy();
}
