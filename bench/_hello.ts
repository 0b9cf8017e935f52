// The runtime's own ceiling on this machine: a bare `Deno.serve` hello world in a process of its own, as
// the app runs, measured by the benches in the same run as what they divide by it.
import autocannon from "autocannon";

/** A child process running `code` (a `Deno.serve` that prints its port first), once it listens. */
export async function serveInChild(
  code: string,
  env: Record<string, string> = {},
): Promise<{ port: number; pid: number; stop(): Promise<void> }> {
  const child = new Deno.Command(Deno.execPath(), { args: ["eval", code], env, stdout: "piped" }).spawn();
  const reader = child.stdout.getReader();
  const port = Number(new TextDecoder().decode((await reader.read()).value).trim());
  reader.releaseLock();
  return {
    port,
    pid: child.pid,
    async stop() {
      child.kill("SIGTERM");
      await child.status;
      await child.stdout.cancel().catch(() => {});
    },
  };
}

/** A bare `Deno.serve` hello world in a process of its own, listening on a free port. */
export function startHello(): Promise<{ port: number; pid: number; stop(): Promise<void> }> {
  return serveInChild(
    `Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: (a) => console.log(a.port) }, () =>
    new Response("Hello, world"))`,
  );
}

/**
 * A bare `Deno.serve` answering `body` with `headers` (a page's own bytes as the app sent them), in a process
 * of its own: the ceiling of the runtime, and of the load tool reading the answers, for a response that size.
 */
export async function startSameBytes(
  body: Uint8Array,
  headers: Record<string, string>,
): Promise<{ port: number; pid: number; stop(): Promise<void> }> {
  const file = await Deno.makeTempFile({ prefix: "im-bench-body-" });
  await Deno.writeFile(file, body);
  const server = await serveInChild(
    `const body = Deno.readFileSync(Deno.env.get("BODY_FILE"));
    const headers = JSON.parse(Deno.env.get("BODY_HEADERS"));
    Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: (a) => console.log(a.port) }, () =>
    new Response(body, { headers }))`,
    { BODY_FILE: file, BODY_HEADERS: JSON.stringify(headers) },
  );
  return {
    ...server,
    async stop() {
      await server.stop();
      await Deno.remove(file).catch(() => {});
    },
  };
}

/** req/s and latency (ms) of a bare Deno.serve hello world under `connections` for `seconds`. */
export async function helloWorld(connections: number, seconds: number) {
  const hello = await startHello();
  try {
    const result = await autocannon({
      url: `http://127.0.0.1:${hello.port}/`,
      connections,
      duration: seconds,
    });
    return { rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99 };
  } finally {
    await hello.stop();
  }
}

/** The 1-minute load average (Linux), to print beside figures of a shared machine. */
export function loadAverage(): string {
  try {
    return Deno.readTextFileSync("/proc/loadavg").split(" ")[0];
  } catch {
    return "unknown";
  }
}

/** `deno task bench quick` (bench/run.ts sets BENCH_QUICK): shorter runs, same rows. */
export const QUICK = Deno.env.get("BENCH_QUICK") === "1";
