// A server or worker process keeps running when a promise is rejected with nobody to hear it (a query meeting
// a database closed by a stop, in a task still running): one JSON error line, and the stop still works.
import assert from "node:assert/strict";

Deno.test("process - a stray rejection is logged as one JSON error line, the process lives on and stops cleanly", async () => {
  const shutdown = new URL("../../app/shutdown.ts", import.meta.url).href;
  const code = `
    import { shutDownOnSignal } from ${JSON.stringify(shutdown)};
    shutDownOnSignal(null, async () => {});
    Promise.reject(new Error("stray query on a closed connection"));
    setTimeout(() => console.log("still alive"), 300);
    setInterval(() => {}, 1000);
  `;
  const child = new Deno.Command(Deno.execPath(), {
    args: ["eval", "--ext=ts", code],
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const out = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  while (!text.includes("still alive")) {
    const { value, done } = await out.read();
    if (done) break;
    text += value;
  }
  child.kill("SIGTERM");
  const [status, errors] = await Promise.all([
    child.status,
    new Response(child.stderr).text(),
    out.cancel(),
  ]);
  assert.ok(text.includes("still alive"), `the process died: ${text}${errors}`);
  const entry = errors.split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l))
    .find((e) => e.msg === "unhandled rejection");
  assert.equal(entry?.level, "error");
  assert.equal(entry?.error?.message, "stray query on a closed connection");
  assert.equal(status.code, 0, "the stop after it is clean");
});
