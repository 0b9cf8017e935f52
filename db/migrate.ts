import type { Sql } from "postgres";

const MIGRATIONS_DIR = new URL("./migrations/", import.meta.url);

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

/**
 * Applies the migrations not applied yet, in order, all in one transaction under an advisory lock so
 * that two instances starting together do not race: if one fails, none of this run's migrations stays
 * applied and the database is as it was. Returns the names applied.
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
  });
  return applied;
}
