// Serves the product: `deno task start`. Without DATABASE_URL it runs on an embedded database in
// DATA_DIR with demo data, and prints the URLs and demo logins.
import { ConfigError, loadConfig, publicUrl } from "../lib/platform/config.ts";
import { boot } from "../app/boot.ts";
import { createApp } from "../main.ts";
import { shutDownOnSignal } from "../app/shutdown.ts";
import { log } from "../lib/platform/log.ts";

let config;
try {
  config = loadConfig(Deno.env.toObject());
} catch (error) {
  if (error instanceof ConfigError) {
    log.error(error.message);
    Deno.exit(1);
  }
  throw error;
}

// demo data (with known logins) only when asked, or on the embedded database outside production
const seed = Deno.env.get("SEED") === "1" || (!config.DATABASE_URL && config.APP_ENV !== "production");
const booted = await boot(config, { seed });
const app = createApp(booted.deps);
const server = Deno.serve({
  port: config.PORT,
  hostname: config.HOSTNAME,
  onListen: ({ port }) => {
    const base = config.PUBLIC_URL ? publicUrl(config) : `http://localhost:${port}`;
    const lines = [
      "",
      `Interaction Manager is running on ${base}`,
      `  database:   ${
        booted.db.embedded ? `embedded PGlite in ${config.DATA_DIR}/pglite` : "PostgreSQL (DATABASE_URL)"
      }`,
      `  back office: ${base}/login`,
      `  widget:      ${base}/widgets/channel/1/`,
      `  API docs:    ${base}/api/docs`,
      `  mailbox:     ${base}/dev/mailbox (development, from this machine or as super administrator)`,
    ];
    const demo = booted.seeded || booted.db.embedded;
    if (demo) {
      const password = config.DEMO_PASSWORD ?? booted.demoPassword ??
        `(in ${config.DATA_DIR}/demo-password.txt)`;
      lines.push(
        "Demo logins:",
        `  super administrator  admin@example.com     ${password}`,
        `  administrator        manager@example.com   ${password}`,
        `  operator             operator@example.com  ${password}`,
      );
    }
    // a person at a terminal, or anyone trying the demo (even through a pipe or a container's log), reads the
    // banner with the demo logins; a real deployment's log collector gets one JSON line (lib/platform/log.ts)
    if (Deno.stdout.isTerminal() || demo) console.log(lines.join("\n") + "\n");
    else log.info("listening", { url: base, database: booted.db.embedded ? "embedded" : "postgresql" });
  },
}, app.fetch);

// SIGTERM or SIGINT: streams ended, requests finished, jobs handed back, database closed, exit within 10 s
shutDownOnSignal(server, booted.stop);
