// Loads the demo data into an empty database: `deno task seed` (DATABASE_URL or the embedded one).
import { ConfigError, loadConfig } from "../lib/platform/config.ts";
import { openDatabase } from "../db/client.ts";
import { migrate } from "../db/migrate.ts";
import { seedDemo } from "../lib/demo/seed.ts";
import { openStorage } from "../lib/media/storage.ts";
import { attachDemoMedia } from "../lib/media/demo.ts";

try {
  const config = loadConfig(Deno.env.toObject());
  if (!config.DEMO_PASSWORD) {
    throw new ConfigError("Invalid configuration:\n  DEMO_PASSWORD: required to seed");
  }
  const db = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATABASE_URL ? undefined : `${config.DATA_DIR}/pglite`,
  });
  await migrate(db.sql);
  const seeded = await seedDemo(db.sql, { password: config.DEMO_PASSWORD });
  if (seeded) await attachDemoMedia({ sql: db.sql, storage: await openStorage(config) });
  console.log(seeded ? "demo data loaded" : "the database already has data: nothing done");
  await db.close();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  Deno.exit(1);
}
