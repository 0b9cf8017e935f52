// The /metrics exposition as an operations team's tools read it: `promtool check metrics` (Debian's
// `prometheus` package, which CI installs) finds nothing to say, no Node.js series come from a Deno process,
// and the process and queue figures are there.
import assert from "node:assert/strict";
import { testApp } from "../_helpers.ts";

const TOKEN = "metrics-token-0123456789abcdef";

async function promtool(): Promise<string | null> {
  try {
    const out = await new Deno.Command("promtool", { args: ["--version"], stdout: "null", stderr: "null" })
      .output();
    return out.success ? "promtool" : null;
  } catch {
    return null;
  }
}

async function scrape(): Promise<string> {
  const ctx = await testApp({ env: { METRICS_TOKEN: TOKEN } });
  try {
    await (await ctx.request("/api/v1/locales")).body?.cancel();
    const res = await ctx.request("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
    assert.equal(res.status, 200);
    assert.match(res.headers.get("content-type") ?? "", /^text\/plain/);
    return await res.text();
  } finally {
    await ctx.close();
  }
}

Deno.test("metrics exposition - no Node.js series; Deno's process figures and the queues' depth and age", async () => {
  const text = await scrape();
  assert.doesNotMatch(text, /^nodejs_/m);
  for (
    const name of [
      "process_resident_memory_bytes",
      "im_heap_used_bytes",
      "im_heap_total_bytes",
      "im_event_loop_lag_seconds",
      "im_http_requests_in_flight",
      "im_live_streams",
      "im_jobs_oldest_waiting_seconds",
      "im_jobs",
    ]
  ) {
    assert.match(text, new RegExp(`^# TYPE ${name} gauge$`, "m"), name);
  }
  const rss = Number(/^process_resident_memory_bytes (\d+)/m.exec(text)?.[1]);
  assert.ok(rss > 10 * 1024 * 1024, `resident memory ${rss}`);
  assert.match(text, /^im_live_streams 0$/m);
});

const tool = await promtool();
if (!tool) {
  console.error(
    "\n*** promtool is not installed: `promtool check metrics` is SKIPPED (apt-get install prometheus) ***\n",
  );
}

Deno.test({
  name: "metrics exposition - promtool check metrics finds no problem",
  ignore: !tool,
  async fn() {
    const text = await scrape();
    const child = new Deno.Command(tool!, {
      args: ["check", "metrics"],
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const writer = child.stdin.getWriter();
    await writer.write(new TextEncoder().encode(text));
    await writer.close();
    const out = await child.output();
    const said = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
    assert.equal(said.trim(), "");
    assert.ok(out.success);
  },
});
