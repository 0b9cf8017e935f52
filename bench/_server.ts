// Starts the product in a child process on a free port (its own DATA_DIR, demo data) for a
// benchmark, so the load generator never shares the server's event loop.

export interface BenchServer {
  baseUrl: string;
  stop(): Promise<void>;
}

function freePort(): number {
  const listener = Deno.listen({ port: 0, hostname: "127.0.0.1" });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
}

/** Runs scripts/start.ts with `env` (DATABASE_URL passes through) and waits for /healthz. */
export async function startServer(env: Record<string, string> = {}): Promise<BenchServer> {
  const port = freePort();
  const dataDir = await Deno.makeTempDir({ prefix: "im-bench-" });
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", new URL("../scripts/start.ts", import.meta.url).pathname],
    env: {
      PORT: String(port),
      HOSTNAME: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_REQUESTS: "off",
      DEMO_PASSWORD: "Bench-Password-1!",
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
    if (Date.now() > deadline) throw new Error("the server did not start within 120 s");
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    async stop() {
      child.kill("SIGTERM");
      await child.status;
      await Deno.remove(dataDir, { recursive: true }).catch(() => {});
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
