// Migrations: the numbered SQL files applied once each, in order, then db/functions.sql (the current
// definition of every function and trigger), in one transaction.
import type { Sql } from "postgres";

const MIGRATIONS_DIR = new URL("./migrations/", import.meta.url);

/** The file holding the current definition of every function and trigger (applied after the migrations). */
export const FUNCTIONS_FILE = "functions.sql";

/** The migration files, in the order they apply (`NNN_name.sql`). */
export async function listMigrations(): Promise<{ name: string; text: string }[]> {
  const names: string[] = [];
  for await (const entry of Deno.readDir(MIGRATIONS_DIR)) {
    if (entry.isFile && /^\d{3}_[\w-]+\.sql$/.test(entry.name)) names.push(entry.name);
  }
  names.sort();
  return await Promise.all(
    names.map(async (name) => ({ name, text: await Deno.readTextFile(new URL(name, MIGRATIONS_DIR)) })),
  );
}

/** The text of db/functions.sql. */
export async function readFunctions(): Promise<string> {
  return await Deno.readTextFile(new URL(FUNCTIONS_FILE, import.meta.url));
}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Applies the migrations not applied yet, in order, then db/functions.sql (the current functions and
 * triggers), all in one transaction under an advisory lock so that two instances starting together do not
 * race: if one fails, none of this run's changes stays and the database is as it was. Returns the names
 * applied (`functions.sql` last when it was).
 *
 * functions.sql is applied when a migration was, or when its text differs from the one the database last
 * received (its hash in schema_functions): replacing a trigger locks its table against writes until commit,
 * which an instance starting beside running ones should not do for nothing.
 */
export async function migrate(sql: Sql): Promise<string[]> {
  const applied: string[] = [];
  await sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(7316001)`;
    await tx`create table if not exists schema_migrations (
      name text primary key, applied_at timestamptz not null default now())`;
    const done = new Set(
      (await tx<{ name: string }[]>`select name from schema_migrations`).map((r) => r.name),
    );
    for (const migration of await listMigrations()) {
      if (done.has(migration.name)) continue;
      await tx.unsafe(migration.text);
      await tx`insert into schema_migrations (name) values (${migration.name})`;
      applied.push(migration.name);
    }
    await tx`create table if not exists schema_functions (
      hash text not null, applied_at timestamptz not null default now())`;
    const functions = await readFunctions();
    const hash = await sha256(functions);
    const [current] = await tx<{ hash: string }[]>`select hash from schema_functions`;
    if (applied.length || current?.hash !== hash) {
      await tx.unsafe(functions);
      await tx`delete from schema_functions`;
      await tx`insert into schema_functions (hash) values (${hash})`;
      applied.push(FUNCTIONS_FILE);
    }
  });
  return applied;
}
