// Both visitor widgets on an emulated slow phone network (400 kbit/s both ways, 400 ms round trip, CDP
// Network.emulateNetworkConditions, empty cache), in Debian's Chromium at 375 px: from the navigation,
// when Participate is first painted, when the widget is interactive (hydrated), and the first usable
// control after one tap: Participate tapped the moment the widget is interactive, until the first
// control of the participation screen (a choice, Record, a text field) can be used. Median of RUNS.
// Run: deno task build && deno run -A bench/slow_network.ts
// TIMELINE=1 prints, for each widget's first run, every request of the page (start and end in ms from the
// navigation, through the emulated latency): what the first usable control waits for.
import type { Page } from "playwright-core";
import { launchBrowser } from "../tests/e2e/_browser.ts";
import { testApp } from "../tests/_helpers.ts";
import { seedDemo } from "../lib/demo/seed.ts";
import { rowLine } from "./_rows.ts";

const RUNS = Number(Deno.env.get("RUNS") ?? 5);
const TIMELINE = Deno.env.get("TIMELINE") === "1";
const GOAL_MS = 1500;
/** A slow phone network: 400 kbit/s = 50,000 bytes/s each way, 400 ms from request to response. */
const SLOW = { offline: false, latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000 };

interface Widget {
  label: string;
  path: string;
  /** The Participate button of the first screen. */
  participate: string;
  /** A control of the participation screen, usable (enabled) once it is there. */
  control: string;
}

/** Times in ms from the navigation's start, taken in the page at each frame (no harness latency). */
const PROBE = (w: Widget) =>
  `(() => {
  const t = { paint: null, interactive: null, control: null };
  window.__slow = t;
  const frame = () => {
    const now = performance.now();
    const button = document.querySelector(${JSON.stringify(w.participate)});
    if (t.paint === null && button && button.getBoundingClientRect().height > 0) t.paint = now;
    if (t.interactive === null && button && document.querySelector("[data-island][data-hydrated]")) {
      t.interactive = now;
      button.click();
    }
    const control = document.querySelector(${JSON.stringify(w.control)});
    if (t.interactive !== null && control && !control.disabled && control.getBoundingClientRect().height > 0) {
      t.control = now;
      return;
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})()`;

async function measure(page: Page, baseUrl: string, w: Widget, timeline = false) {
  const requests: string[] = [];
  if (timeline) {
    const begun = new Map<unknown, number>();
    const origin = performance.now();
    const at = () => Math.round(performance.now() - origin);
    page.on("request", (r) => begun.set(r, at()));
    page.on("requestfinished", async (r) => {
      const url = new URL(r.url());
      const end = at();
      const bytes = (await r.sizes().catch(() => null))?.responseBodySize ?? 0;
      requests.push(`  ${begun.get(r)}–${end} ms  ${bytes} B  ${r.method()} ${url.pathname}${url.search}`);
    });
  }
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: false });
  await cdp.send("Network.emulateNetworkConditions", SLOW);
  await page.addInitScript(PROBE(w));
  await page.goto(`${baseUrl}${w.path}`, { waitUntil: "commit" });
  await page.waitForFunction(
    () => (globalThis as unknown as { __slow: { control: number } }).__slow?.control,
    null,
    {
      timeout: 60_000,
      polling: 100,
    },
  );
  const times = await page.evaluate(() =>
    (globalThis as unknown as { __slow: Record<string, number> }).__slow
  );
  if (timeline) {
    console.log(
      `${w.path}: painted ${Math.round(times.paint)}, interactive ${Math.round(times.interactive)}, ` +
        `control ${Math.round(times.control)} ms; requests:\n${requests.join("\n")}`,
    );
  }
  return times;
}

const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];

const server = await testApp();
await seedDemo(server.sql, { password: "Bench-Password-1!" });
const http = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, server.app.fetch);
const baseUrl = `http://127.0.0.1:${http.addr.port}`;
const browser = await launchBrowser();
try {
  const [radio] = await server.sql<{ id: number }[]>`select id::int as id from channels order by id limit 1`;
  const [voice] = await server.sql<{ id: number }[]>`
    select id::int as id from segments where channel_id = ${radio.id} and type = 'recording_question'
      and status in ('ready', 'published') and not registration_required
      and (start_date is null or start_date <= now()) and (end_date is null or end_date > now())
    order by id limit 1`;
  const widgets: Widget[] = [
    {
      label: "channel widget (its first interaction)",
      path: `/widgets/channel/${radio.id}/?lang=en`,
      participate: ".cw-participate",
      control: ".cw-flow :is(.cw-choice, .recorder button, textarea, input, .cw-btn):not(.cw-close)",
    },
    {
      label: "single widget (a voice question)",
      path: `/widgets/${radio.id}/${voice.id}/?lang=en`,
      participate: ".w-init .w-btn-primary",
      control: ".w-screen:not(.w-screen-init) :is(.recorder button, textarea, .w-choice, input)",
    },
  ];
  for (const w of widgets) {
    const runs: Record<string, number>[] = [];
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
      const page = await context.newPage();
      runs.push(await measure(page, baseUrl, w, TIMELINE && i === 0));
      await context.close();
    }
    const [paint, interactive, control] = ["paint", "interactive", "control"].map((k) =>
      Math.round(median(runs.map((r) => r[k])))
    );
    console.log(
      `${w.label}: Participate painted ${paint} ms, interactive ${interactive} ms, ` +
        `first usable control after one tap ${control} ms (median of ${RUNS}; runs: ${
          runs.map((r) => Math.round(r.control)).join(", ")
        })`,
    );
    console.log(rowLine(
      `First usable control on a slow phone network (400 kbit/s, 400 ms), ${w.label}`,
      `Participate painted ${paint} ms, interactive ${interactive} ms, first control after one tap ${control} ms`,
      control,
      `≤ ${GOAL_MS} ms`,
    ));
  }
} finally {
  await browser.close();
  await http.shutdown();
  await server.close();
}
