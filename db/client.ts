// The database connection: a PostgreSQL server through postgres.js, or the embedded PGlite when no
// DATABASE_URL is set, with the types every query module shares.
import postgres from "postgres";
import type { Sql, TransactionSql } from "postgres";

export type { Sql, TransactionSql };

/**
 * A value the database stores as JSON. postgres.js types `sql.json` with a JSON type of its own that values
 * read from a request (unknown, records of unknowns) and interfaces with optional fields never satisfy, though
 * each of them serialises as JSON: a value handed to `sql.json` is cast to this, and nowhere else.
 */
export type Json = postgres.JSONValue;

/**
 * The columns to write of a table whose row type is `R`: any of its columns, with a value of its row type,
 * or for a JSON column (an object in the row) the parameter `sql.json(...)` makes of it. A column the row does
 * not have is a type error, not an SQL error at run time.
 */
export type Columns<R> = {
  [K in keyof R]?: R[K] extends Date | string | number | boolean | bigint | null | readonly unknown[] ? R[K]
    : postgres.Parameter;
};

/**
 * What a query function takes: the client, or a transaction opened on it (`sql.begin(async (tx) => …)`).
 * A function that opens its own transaction takes a `Sql`; every other one takes a `Db`, so it runs the
 * same inside or outside a caller's transaction.
 */
export type Db = Sql | TransactionSql;

/** An open database: the postgres.js client every query uses, and how to close it. */
export interface Database {
  sql: Sql;
  embedded: boolean;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A PostgreSQL server; when absent, an embedded PGlite is started. */
  url?: string;
  /** Folder for the embedded database; `undefined` keeps it in memory (tests). */
  dataDir?: string;
  poolMax?: number;
}

/**
 * LISTEN on the embedded database: PGlite is one connection, so postgres.js cannot open its own listening
 * connection (`sql.listen`); the one connection listens instead and its notifications reach these
 * callbacks, each delivered before the statement that caused it returns (db/live.ts listenLive).
 */
export const embeddedListeners = new WeakMap<
  Sql,
  (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>
>();

const clientOptions: postgres.Options<Record<string, postgres.PostgresType>> = {
  onnotice: () => {},
  // int8 (ids, counts) comes back as a JS number: every value here stays far below 2^53.
  types: {
    int8: { to: 20, from: [20], serialize: (x: number) => String(x), parse: (x: string) => Number(x) },
  },
  transform: { undefined: null },
};

/** The error the runtime's `node:net` throws when a write follows the server closing the connection. */
const PEER_CLOSED = "This socket has been ended by the other party";

/** The socket errors of a server that went away, by system call. */
const PEER_GONE: Record<string, string[]> = {
  read: ["ECONNRESET"],
  write: ["ECONNRESET", "EPIPE"],
  connect: ["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT"],
};

/**
 * Whether an unhandled rejection is a database socket's error after the server went away: a write after it
 * closed the connection, a read or write it reset, or a reconnection it refused while down.
 */
export function isPeerGone(reason: unknown): boolean {
  const error = reason as { message?: unknown; code?: unknown; syscall?: unknown } | null | undefined;
  if (error?.message === PEER_CLOSED) return true;
  return typeof error?.syscall === "string" && typeof error.code === "string" &&
    (PEER_GONE[error.syscall]?.includes(error.code) ?? false);
}

/**
 * When the server ends connections (a restart, a failover, `pg_terminate_backend`), postgres.js may still
 * write on one of them from a deferred write, and the runtime's socket may report a reset or a refused
 * reconnection after postgres.js removed its listeners on close (both seen in the outage test): either
 * throws outside any query, as an unhandled rejection, which would end the process. The queries of that
 * connection fail on their own with the socket's error (503 to their callers,
 * tests/reliability/db_outage_test.ts), so those errors are logged and the process goes on; any other
 * unhandled rejection is left as it was. Installed once per process.
 */
export function surviveClosedConnections() {
  if (peerClosedGuarded) return;
  peerClosedGuarded = true;
  globalThis.addEventListener("unhandledrejection", (event) => {
    if (!isPeerGone(event.reason)) return;
    event.preventDefault();
    console.error("[db] the database server went away:", String(event.reason?.message));
  });
}
let peerClosedGuarded = false;

/**
 * Opens the database. With a URL it is a pool on that server; without, PGlite runs in this process
 * behind a loopback socket and exactly one postgres.js connection shares it (PGlite is single-connection).
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    surviveClosedConnections();
    const sql = postgres(options.url, {
      ...clientOptions,
      max: options.poolMax ?? 10,
      idle_timeout: 30,
      // Fail fast while the server is away, so requests get a 503 instead of queueing: postgres.js
      // otherwise backs off up to 20 s between reconnects and 30 s per connection attempt.
      connect_timeout: 5,
      backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 1),
    });
    return { sql, embedded: false, close: () => sql.end({ timeout: 5 }) };
  }
  if (options.dataDir) await Deno.mkdir(options.dataDir, { recursive: true });
  // loaded only for the embedded database: a process on a PostgreSQL server never holds PGlite
  const [{ PGlite }, { PGLiteSocketServer }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("@electric-sql/pglite-socket"),
  ]);
  const pglite = options.dataDir ? new PGlite(options.dataDir) : new PGlite();
  await pglite.waitReady;
  const server = new PGLiteSocketServer({ db: pglite, port: 0, host: "127.0.0.1" });
  await server.start();
  const port = Number(server.getServerConn().split(":").pop());
  const listeners = new Map<string, Set<(payload: string) => void>>();
  // postgres.js hands a connection's notifications to `onnotify`, an option its types leave out
  const notifications = {
    onnotify: (channel: string, payload: string) => {
      for (const listener of listeners.get(channel) ?? []) listener(payload);
    },
  };
  const embeddedOptions = {
    ...clientOptions,
    ...notifications,
    host: "127.0.0.1",
    port,
    user: "postgres",
    database: "postgres",
    max: 1,
    idle_timeout: 0,
    // Statements are prepared as on a server: PGlite plans in WebAssembly, so planning every query again cost
    // more than running it (at 200,000 participations: the session lookup 0.75 -> 0.31 ms, a segment 0.44 ->
    // 0.18, the tab counts 2.8 -> 1.7). Each connection names its statements anew, so a reconnect
    // never meets the names of the last one.
    prepare: true,
  };
  const sql = postgres(embeddedOptions);
  embeddedListeners.set(sql, async (channel, onPayload) => {
    let set = listeners.get(channel);
    if (!set) {
      listeners.set(channel, set = new Set());
      await sql.unsafe(`listen "${channel.replace(/"/g, '""')}"`);
    }
    set.add(onPayload);
    return async () => {
      set.delete(onPayload);
      if (set.size === 0 && listeners.get(channel) === set) {
        listeners.delete(channel);
        await sql.unsafe(`unlisten "${channel.replace(/"/g, '""')}"`).catch(() => {});
      }
    };
  });
  return {
    sql,
    embedded: true,
    close: async () => {
      await sql.end({ timeout: 5 });
      await server.stop();
      await pglite.close();
    },
  };
}
