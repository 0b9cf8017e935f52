// The product in a child process on a free port (scripts/start.ts), for benchmarks (the load generator
// never shares the server's event loop) and reliability tests (which kill and restart it).

export interface ChildServer {
  baseUrl: string;
  dataDir: string;
  /** The server process's id (the benchmarks read its resident memory). */
  pid: number;
  /** Stops it gently and removes its data folder unless it was given one. */
  stop(): Promise<void>;
  /** Kills it at once (kill -9), as a crash would. */
  crash(): Promise<void>;
  /** Sends `signal` (SIGTERM: as an orchestrator stops it) and resolves with how it exited; keeps its data. */
  signal(signal?: Deno.Signal): Promise<Deno.CommandStatus>;
}

function freePort(): number {
  const listener = Deno.listen({ port: 0, hostname: "127.0.0.1" });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
}

/**
 * Runs scripts/start.ts with `env` (demo data, DATABASE_URL passes through) and waits for /healthz.
 * A `dataDir` given is shared (two instances, or a restart) and kept.
 */
export async function startServer(
  env: Record<string, string> = {},
  dataDir?: string,
  /** Runs when the server fails to start (e.g. stops the database started for it). */
  onFailure?: () => Promise<void>,
  /** Extra Deno flags, e.g. `--deny-write` for an instance with no writable disk. */
  flags: string[] = [],
  /** The checkout whose scripts/start.ts runs (an A/B benchmark against another commit); this one by default. */
  root: string = new URL("../", import.meta.url).pathname,
): Promise<ChildServer> {
  const port = freePort();
  const dir = dataDir ?? await Deno.makeTempDir({ prefix: "im-server-" });
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", ...flags, `${root.replace(/\/$/, "")}/scripts/start.ts`],
    env: {
      PORT: String(port),
      HOSTNAME: "127.0.0.1",
      DATA_DIR: dir,
      LOG_REQUESTS: "off",
      DEMO_PASSWORD: "Bench-Password-1!",
      JWT_SECRET: "shared-secret-of-the-test-instances-0123456789",
      SEED: "1",
      ...env,
    },
    stdout: "null",
    stderr: "inherit",
  }).spawn();
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (true) {
    try {
      const res = await fetch(`${baseUrl}/healthz`);
      await res.body?.cancel();
      if (res.ok) break;
    } catch { /* not listening yet */ }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      await onFailure?.();
      throw new Error("the server did not start within 120 s");
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    dataDir: dir,
    pid: child.pid,
    async stop() {
      child.kill("SIGTERM");
      await child.status;
      if (!dataDir) await Deno.remove(dir, { recursive: true }).catch(() => {});
    },
    async crash() {
      child.kill("SIGKILL");
      await child.status;
    },
    signal(signal: Deno.Signal = "SIGTERM") {
      child.kill(signal);
      return child.status;
    },
  };
}

/**
 * Runs the background worker (worker.ts, as `deno task worker`) against `env`'s DATABASE_URL with the
 * server's data folder (the media files), and waits until it says it started.
 */
export async function startWorker(
  env: Record<string, string>,
  dataDir: string,
): Promise<Omit<ChildServer, "baseUrl">> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", new URL("../worker.ts", import.meta.url).pathname],
    env: { DATA_DIR: dataDir, JWT_SECRET: "shared-secret-of-the-test-instances-0123456789", ...env },
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const lines = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let out = "";
  const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
  while (!out.includes("worker started")) {
    const { value, done } = await lines.read();
    if (done) {
      clearTimeout(timer);
      throw new Error(`the worker did not start: ${out}`);
    }
    out += value;
  }
  clearTimeout(timer);
  // keep reading what it prints so that it never blocks on a full pipe
  (async () => {
    while (!(await lines.read().catch(() => ({ done: true }))).done) { /* discard */ }
  })();
  return {
    dataDir,
    pid: child.pid,
    async stop() {
      child.kill("SIGTERM");
      await child.status;
    },
    async crash() {
      child.kill("SIGKILL");
      await child.status;
    },
    signal(signal: Deno.Signal = "SIGTERM") {
      child.kill(signal);
      return child.status;
    },
  };
}

/** What a test asks for: `json` becomes a JSON body, `token` a bearer token. */
export type TestRequestInit = RequestInit & { json?: unknown; token?: string };

/** The RequestInit of a TestRequestInit. */
export function requestInit(init: TestRequestInit = {}): RequestInit {
  const headers = new Headers(init.headers);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(init.json);
  }
  if (init.token) headers.set("authorization", `Bearer ${init.token}`);
  return { ...init, headers, body };
}

/** Calls a child server like TestApp.request does. */
export function remote(baseUrl: string) {
  return {
    request(path: string, init: TestRequestInit = {}): Promise<Response> {
      return fetch(new URL(path, baseUrl), requestInit(init));
    },
  };
}

/** Bytes of a body once gzipped (what a phone downloads). */
export async function gzipSize(bytes: Uint8Array): Promise<number> {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new CompressionStream("gzip"));
  return (await new Response(stream).arrayBuffer()).byteLength;
}

/** A markdown table from a header and rows. */
export function table(header: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}
