// How long a phone needs to solve a high-stakes vote's proof of work (the goal: under 1.5 s on a
// phone-class CPU). Chromium solves challenges made by the server's own newChallenge() with the widget's
// worker (static/js/pow-worker.js), first at full speed (the ceiling of this machine, this run), then
// with the CPU throttled 4× as a phone. Prints p50, p95 and the worst case, and each as a share of the
// 1.5 s budget. The worst case is a challenge whose number is POW_MAX_NUMBER (a full search).
// Usage: deno run -A bench/proof_of_work.ts [challenges, default 12]
import { launchBrowser } from "../tests/e2e/_browser.ts";
import { newChallenge, POW_MAX_NUMBER } from "../lib/participations/proof_of_work.ts";

const RUNS = Number(Deno.args[0] ?? 12);
const BUDGET_MS = 1500;
const secret = crypto.getRandomValues(new Uint8Array(32));
const worker = await Deno.readTextFile(new URL("../static/js/pow-worker.js", import.meta.url));
const server = Deno.serve(
  { port: 0, hostname: "127.0.0.1", onListen: () => {} },
  (req) =>
    new URL(req.url).pathname === "/pow-worker.js"
      ? new Response(worker, { headers: { "content-type": "text/javascript" } })
      : new Response("<!doctype html><title>pow</title>", { headers: { "content-type": "text/html" } }),
);
const browser = await launchBrowser();
const page = await browser.newPage();
await page.goto(`http://127.0.0.1:${server.addr.port}/`);
const cdp = await page.context().newCDPSession(page);

/** Milliseconds the worker takes to find the number of each challenge. */
async function solveTimes(worstCase: boolean): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const c = await newChallenge(secret, 1, new Date());
    if (worstCase) {
      // the same algorithm, with the number at the end of the range: the longest search there is
      const salt = c.salt;
      const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(salt + POW_MAX_NUMBER));
      c.challenge = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
    }
    times.push(
      await page.evaluate(async (ch) => {
        const started = performance.now();
        const w = new Worker("/pow-worker.js");
        await new Promise((resolve) => {
          w.onmessage = resolve;
          w.postMessage({
            algorithm: ch.algorithm,
            challenge: ch.challenge,
            salt: ch.salt,
            max: ch.maxnumber,
          });
        });
        w.terminate();
        return performance.now() - started;
      }, c),
    );
  }
  return times.sort((a, b) => a - b);
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
const row = (label: string, t: number[]) =>
  `| ${label} | ${pct(t, 0.5).toFixed(0)} | ${pct(t, 0.95).toFixed(0)} | ${t.at(-1)!.toFixed(0)} | ${
    (t.at(-1)! / BUDGET_MS).toFixed(2)
  } |`;

const lines = [
  `## Proof of work of a high-stakes vote (${RUNS} challenges each, largest number ${POW_MAX_NUMBER})`,
  "",
  "| CPU | p50 ms | p95 ms | worst ms | worst ÷ 1.5 s budget |",
  "| --- | --- | --- | --- | --- |",
];
lines.push(row("full speed, random challenges", await solveTimes(false)));
lines.push(row("full speed, full search", await solveTimes(true)));
await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
lines.push(row("throttled 4×, random challenges", await solveTimes(false)));
lines.push(row("throttled 4×, full search", await solveTimes(true)));
console.log(lines.join("\n"));
await browser.close();
await server.shutdown();
