// A throw-away PostgreSQL server of our own, for reliability tests (which stop and start it) and benchmarks.
// initdb and pg_ctl refuse to run as root: as root they run as the `postgres` system user.

export const PG_BIN = (() => {
  try {
    const versions = [...Deno.readDirSync("/usr/lib/postgresql")].map((e) => e.name).sort((a, b) => +b - +a);
    for (const v of versions) {
      const bin = `/usr/lib/postgresql/${v}/bin`;
      if (Deno.statSync(`${bin}/pg_ctl`).isFile) return bin;
    }
  } catch { /* not installed */ }
  return null;
})();

if (!PG_BIN) {
  console.warn(
    "\n!!! TESTS NEEDING THEIR OWN POSTGRESQL SKIPPED: no PostgreSQL server under /usr/lib/postgresql !!!\n",
  );
}

const isRoot = Deno.uid() === 0;

async function run(cmd: string, args: string[]): Promise<void> {
  const full = isRoot ? ["runuser", ["-u", "postgres", "--", cmd, ...args]] as const : [cmd, args] as const;
  const out = await new Deno.Command(full[0], {
    args: [...full[1]],
    cwd: "/",
    stdout: "piped",
    stderr: "piped",
  })
    .output();
  if (!out.success) throw new Error(`${cmd} failed: ${new TextDecoder().decode(out.stderr)}`);
}

export interface PgServer {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops for good and removes the data. */
  destroy(): Promise<void>;
}

/** initdb in a temp dir, then start on a free loopback port (durability off: test data). */
export async function startPostgres(settings: { maxConnections?: number } = {}): Promise<PgServer> {
  const dir = await Deno.makeTempDir({ dir: "/tmp", prefix: "im-reliability-pg-" });
  if (isRoot) await new Deno.Command("chown", { args: ["postgres:postgres", dir] }).output();
  await run(`${PG_BIN}/initdb`, [
    "-D",
    `${dir}/data`,
    "-U",
    "postgres",
    "-A",
    "trust",
    "-E",
    "UTF8",
    "--no-sync",
  ]);
  const listener = Deno.listen({ port: 0, hostname: "127.0.0.1" });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  const options =
    `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off` +
    ` -c max_connections=${settings.maxConnections ?? 100}`;
  const start = () =>
    run(`${PG_BIN}/pg_ctl`, ["-D", `${dir}/data`, "-l", `${dir}/log`, "-w", "start", "-o", options]);
  const stop = () => run(`${PG_BIN}/pg_ctl`, ["-D", `${dir}/data`, "-m", "fast", "-w", "stop"]);
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    async destroy() {
      await stop().catch(() => {});
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    },
  };
}
