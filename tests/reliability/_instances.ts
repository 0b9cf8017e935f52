// Two app instances on one throw-away PostgreSQL server, as deployed behind a load balancer: the first
// seeds the demo data, the second shares its data folder (secrets) and its database.
import postgres from "postgres";
import { startPostgres } from "../_postgres.ts";
import { type ChildServer, startServer } from "../_server.ts";

export interface TwoInstances {
  /** A client of the shared database, for the test's own reads and writes. */
  sql: postgres.Sql;
  a: ChildServer;
  b: ChildServer;
  /** Stops both instances and removes the server and the data folder. */
  close(): Promise<void>;
}

export async function startTwoInstances(settings: { maxConnections: number }): Promise<TwoInstances> {
  const pg = await startPostgres(settings);
  const sql = postgres(pg.url, { max: 2, onnotice: () => {} });
  let a: ChildServer | null = null, b: ChildServer | null = null;
  const close = async () => {
    await b?.stop().catch(() => {});
    await a?.stop().catch(() => {});
    if (a) await Deno.remove(a.dataDir, { recursive: true }).catch(() => {});
    await sql.end();
    await pg.destroy();
  };
  try {
    a = await startServer({ DATABASE_URL: pg.url });
    b = await startServer({ DATABASE_URL: pg.url, SEED: "0" }, a.dataDir);
    return { sql, a, b, close };
  } catch (e) {
    await close();
    throw e;
  }
}
