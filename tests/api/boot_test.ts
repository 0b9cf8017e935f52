import assert from "node:assert/strict";
import { boot } from "../../app/boot.ts";
import { loadConfig } from "../../lib/platform/config.ts";
import { createApp } from "../../main.ts";
import { PG_BIN, startPostgres } from "../_postgres.ts";

// The start path itself, on the embedded database: demo data once, kept across restarts.
Deno.test({
  name: "boot - embedded database seeds once and keeps data across a restart",
  ignore: !!Deno.env.get("DATABASE_URL"), // this test is about the embedded default
  async fn() {
    const dataDir = await Deno.makeTempDir({ prefix: "im-boot-" });
    const config = loadConfig({ DATA_DIR: dataDir, LOG_REQUESTS: "off", APP_ENV: "test" });
    try {
      const first = await boot(config, { seed: true });
      assert.equal(first.seeded, true);
      assert.ok(first.demoPassword && first.demoPassword.length >= 12);
      assert.equal((await Deno.readTextFile(`${dataDir}/demo-password.txt`)).trim(), first.demoPassword);
      const [{ staff }] = await first.db.sql`select count(*) as staff from users`;
      assert.equal(staff, 3);
      await first.db.sql`insert into outbox (to_address, subject, text_body) values ('a@b.c', 'kept', 'x')`;
      const secret = await Deno.readTextFile(`${dataDir}/jwt-secret`);
      await first.stop();

      const second = await boot(config, { seed: true });
      assert.equal(second.seeded, false);
      const [{ kept }] = await second.db.sql`select count(*) as kept from outbox where subject = 'kept'`;
      assert.equal(kept, 1);
      assert.equal(await Deno.readTextFile(`${dataDir}/jwt-secret`), secret);
      const res = await createApp(second.deps).request("/healthz");
      assert.equal(res.status, 200);
      await second.stop();
    } finally {
      await Deno.remove(dataDir, { recursive: true });
    }
  },
});

// The start path on a PostgreSQL server: the pool, pg-boss's own schema (a BEGIN … COMMIT script,
// which a pool only accepts on a reserved connection) and a job round trip.
Deno.test({
  name: "boot - on a PostgreSQL server the jobs start and a job runs",
  ignore: !PG_BIN,
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const pg = await startPostgres();
    const dataDir = await Deno.makeTempDir({ prefix: "im-boot-pg-" });
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_REQUESTS: "off",
      APP_ENV: "test",
      DATABASE_URL: pg.url,
    });
    try {
      const booted = await boot(config, { seed: true, worker: false });
      try {
        assert.equal(booted.seeded, true);
        assert.equal((await createApp(booted.deps).request("/healthz")).status, 200);
        await booted.boss.createQueue("boot-test");
        const done = new Promise<unknown>((resolve) => {
          booted.boss.work<{ n: number }>("boot-test", { pollingIntervalSeconds: 0.5 }, ([job]) => {
            resolve(job.data.n);
            return Promise.resolve();
          });
        });
        await booted.boss.send("boot-test", { n: 42 });
        assert.equal(await done, 42);
      } finally {
        await booted.stop();
      }
    } finally {
      await pg.destroy();
      await Deno.remove(dataDir, { recursive: true });
    }
  },
});
