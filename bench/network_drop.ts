// A 20 s voice message on a slow phone network (400 kbit/s both ways, 400 ms round trip, Chromium's
// emulation; tests/e2e/_network.ts), sent from the single widget through a proxy on loopback: its bytes and
// the time from Send to the thanks screen without a drop, then REPS repetitions of a 10 s drop during the
// upload, with how many arrived exactly once and their Send -> thanks times.
// Run: deno task build && deno run -A bench/network_drop.ts   (REPS=20 by default, CLEAN=3 runs without drop)
// TIMELINE=1 prints, for the first run without drop, each request the widget makes between Send and thanks
// (start and end in ms after Send, as the page sees them through the emulated latency): the round trips.
import { FAKE_MEDIA, launchBrowser } from "../tests/e2e/_browser.ts";
import { seedDemo } from "../lib/demo/seed.ts";
import { testApp } from "../tests/_helpers.ts";
import {
  listenerTab,
  newDevice,
  openInteraction,
  proxyFor,
  record,
  seen,
  send,
  stored,
  thanked,
  UPLOAD_STARTS,
  widgetUrl,
} from "../tests/e2e/_network.ts";

const REPS = Number(Deno.env.get("REPS") ?? 20);
const CLEAN = Number(Deno.env.get("CLEAN") ?? 3);
const TIMELINE = Deno.env.get("TIMELINE") === "1";
const server = await testApp();
await seedDemo(server.sql, { password: "Bench-Password-1!" });
const http = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, server.app.fetch);
const baseUrl = `http://127.0.0.1:${http.addr.port}`;
const browser = await launchBrowser(FAKE_MEDIA);
const proxy = proxyFor(baseUrl);

/** One 20 s voice message: Send -> thanks in ms, the stored count and bytes. */
async function once(dropMs: number, timeline = false) {
  const s = await openInteraction(server.sql, "audio");
  const device = await newDevice(browser);
  const tab = await listenerTab(device, proxy);
  await record(tab.page, widgetUrl(proxy, "single", s), "single", "audio", 20);
  const started = performance.now();
  const requests: string[] = [];
  if (timeline) {
    const at = () => Math.round(performance.now() - started);
    const begun = new Map<unknown, number>();
    tab.page.on("request", (r) => begun.set(r, at()));
    tab.page.on("requestfinished", (r) => {
      const path = new URL(r.url()).pathname.replace(/[0-9a-f-]{20,}/g, "…");
      requests.push(`  ${begun.get(r)}–${at()} ms  ${r.method()} ${path}`);
    });
  }
  await send(tab.page, "single");
  if (dropMs) {
    await seen(proxy, UPLOAD_STARTS);
    await tab.drop(dropMs);
  }
  let ms = NaN;
  try {
    await thanked(tab.page, "single", 180_000);
    ms = performance.now() - started;
  } catch { /* not thanked: counted as not arrived */ }
  const got = await stored(server.sql, s.id);
  if (timeline) {
    console.log(`Requests from Send to thanks (${Math.round(ms)} ms):\n${requests.join("\n")}`);
  }
  await device.close();
  return { ms, count: got.count, bytes: got.bytes[0] ?? 0 };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

try {
  const clean = [];
  for (let i = 0; i < CLEAN; i++) clean.push(await once(0, TIMELINE && i === 0));
  console.log(
    `20 s voice message, slow network, no drop (${CLEAN} runs): ${
      clean.map((r) => r.bytes).join(", ")
    } bytes; ` +
      `Send -> thanks median ${fmt(median(clean.map((r) => r.ms)))} (${
        clean.map((r) => fmt(r.ms)).join(", ")
      })`,
  );
  const dropped = [];
  for (let i = 0; i < REPS; i++) {
    const r = await once(10_000);
    dropped.push(r);
    console.log(`  drop ${i + 1}/${REPS}: ${r.count} stored, ${fmt(r.ms)} Send -> thanks`);
  }
  const exactlyOnce = dropped.filter((r) => r.count === 1 && !Number.isNaN(r.ms)).length;
  console.log(
    `10 s drop during the upload: ${exactlyOnce}/${REPS} arrived exactly once; Send -> thanks median ` +
      `${fmt(median(dropped.map((r) => r.ms).filter((ms) => !Number.isNaN(ms))))} (the drop included)`,
  );
} finally {
  await browser.close();
  await proxy.close();
  await http.shutdown();
  await server.close();
}
