// The first README command serves the demo and tells a person where to go and how to sign in: the URLs and
// the demo logins are printed even when its output is not a terminal (a pipe, a container's log).
import assert from "node:assert/strict";

Deno.test({
  name: "start - the demo prints its URLs and demo logins, also through a pipe",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    const port = (listener.addr as Deno.NetAddr).port;
    listener.close();
    const dir = await Deno.makeTempDir({ prefix: "im-start-" });
    // the embedded database, whatever the run's own DATABASE_URL
    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", new URL("../../scripts/start.ts", import.meta.url).pathname],
      clearEnv: true,
      env: {
        PATH: Deno.env.get("PATH") ?? "",
        HOME: Deno.env.get("HOME") ?? dir,
        ...(Deno.env.get("DENO_DIR") ? { DENO_DIR: Deno.env.get("DENO_DIR")! } : {}),
        PORT: String(port),
        HOSTNAME: "127.0.0.1",
        DATA_DIR: dir,
        DEMO_PASSWORD: "Start-Password-1!",
        LOG_REQUESTS: "off",
      },
      stdout: "piped",
      stderr: "null",
    }).spawn();
    let text = "";
    try {
      const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
      const until = Date.now() + 180_000;
      while (!/operator@example\.com/.test(text)) {
        assert.ok(Date.now() < until, `no banner: ${text}`);
        const { value, done } = await reader.read();
        if (done) break;
        text += value;
      }
      reader.releaseLock();
      const base = `http://localhost:${port}`;
      assert.match(text, new RegExp(`Interaction Manager is running on ${base}`));
      assert.ok(text.includes(`${base}/login`), text);
      assert.ok(text.includes(`${base}/widgets/channel/1/`), text);
      assert.match(text, /embedded PGlite/, "the embedded database, not the run's own");
      for (const login of ["admin@example.com", "manager@example.com", "operator@example.com"]) {
        assert.match(text, new RegExp(`${login.replace(".", "\\.")}\\s+Start-Password-1!`));
      }
      const res = await fetch(`http://127.0.0.1:${port}/login`);
      assert.equal(res.status, 200);
      await res.body?.cancel();
    } finally {
      child.kill("SIGTERM");
      await child.stdout.cancel().catch(() => {});
      await child.status;
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    }
  },
});
