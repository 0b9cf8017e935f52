import PgBoss from "pg-boss";
import type { Sql } from "postgres";

/** Queue names of the background worker. */
export const QUEUES = {
  participation: "participation",
  media: "media",
  delivery: "delivery",
  mail: "mail",
} as const;

export type QueueName = typeof QUEUES[keyof typeof QUEUES];

/**
 * Starts pg-boss on the app's own postgres.js client (one connection in embedded mode), so jobs
 * and data share one database and one connection budget.
 */
export async function startBoss(sql: Sql, options: { schedule?: boolean } = {}): Promise<PgBoss> {
  const boss = new PgBoss({
    db: {
      executeSql: async (text: string, values: unknown[] = []) => {
        // pg-boss sends its schema changes as one "BEGIN; …; COMMIT" script: on a pool, postgres.js
        // only allows that on a reserved connection, and several statements need the simple protocol.
        if (/^\s*begin\b/i.test(text) && values.length === 0) {
          const connection = await sql.reserve();
          try {
            return { rows: await connection.unsafe(text).simple() };
          } finally {
            connection.release();
          }
        }
        const rows = await sql.unsafe(text, values.map((v) => v === undefined ? null : v) as never[]);
        return { rows };
      },
    },
    schedule: options.schedule ?? false,
    supervise: true,
    migrate: true,
  });
  boss.on("error", (error: unknown) => console.error("[jobs]", error));
  await boss.start();
  for (const name of Object.values(QUEUES)) {
    await boss.createQueue(name, {
      name,
      retryLimit: 3,
      retryDelay: 5,
      retryBackoff: true,
      expireInSeconds: 900,
    });
  }
  return boss;
}
