// Applies pending migrations: `deno task migrate` (DATABASE_URL, or the embedded database in DATA_DIR).
import { ConfigError, loadConfig } from "../lib/platform/config.ts";
import { openDatabase } from "../db/client.ts";
import { migrate } from "../db/migrate.ts";

try {
  const config = loadConfig(Deno.env.toObject());
  const db = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATABASE_URL ? undefined : `${config.DATA_DIR}/pglite`,
  });
  const applied = await migrate(db.sql);
  console.log(applied.length ? `applied: ${applied.join(", ")}` : "nothing to apply");
  await db.close();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  Deno.exit(1);
}
