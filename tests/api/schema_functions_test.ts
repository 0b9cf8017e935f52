// db/functions.sql is the one place where functions and triggers are defined: the live database (migrated as
// every instance migrates it) holds exactly what that file defines, no leftover of an old migration, and its
// header says what each trigger keeps.
import assert from "node:assert/strict";
import type { Sql } from "postgres";
import { testDatabase } from "../_helpers.ts";
import { FUNCTIONS_FILE, migrate, readFunctions } from "../../db/migrate.ts";

/** Every function of the public schema and every trigger on its tables, with its definition as PostgreSQL gives it. */
async function definitions(sql: Sql): Promise<Map<string, string>> {
  const rows = await sql<{ name: string; definition: string }[]>`
    select 'function ' || p.oid::regprocedure::text as name,
      case when p.prokind in ('f', 'p') then pg_get_functiondef(p.oid) else 'kind ' || p.prokind::text end as definition
    from pg_proc p where p.pronamespace = 'public'::regnamespace
    union all
    select 'trigger ' || t.tgname || ' on ' || t.tgrelid::regclass::text, pg_get_triggerdef(t.oid)
    from pg_trigger t join pg_class c on c.oid = t.tgrelid
    where c.relnamespace = 'public'::regnamespace and not t.tgisinternal
    order by 1`;
  return new Map(rows.map((r) => [r.name, r.definition]));
}

Deno.test("functions.sql - the migrated database holds exactly the functions and triggers it defines", async () => {
  const db = await testDatabase();
  try {
    const live = await definitions(db.sql);
    assert.ok([...live.keys()].some((name) => name.startsWith("trigger messages_")), "messages has triggers");

    // everything goes (an index or a default on a function goes with it), then only the file comes back
    for (const name of live.keys()) {
      if (name.startsWith("function ")) await db.sql.unsafe(`drop function ${name.slice(9)} cascade`);
    }
    assert.deepEqual([...(await definitions(db.sql)).keys()], [], "no trigger without its function");
    await db.sql.unsafe(await readFunctions());

    assert.deepEqual(await definitions(db.sql), live);
  } finally {
    await db.close();
  }
});

Deno.test("functions.sql - its header names every trigger and the table it is on", async () => {
  const text = await readFunctions();
  const header = text.slice(0, text.search(/^create /m));
  const db = await testDatabase();
  try {
    const triggers = await db.sql<{ name: string; table: string }[]>`
      select t.tgname as name, t.tgrelid::regclass::text as table
      from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where c.relnamespace = 'public'::regnamespace and not t.tgisinternal`;
    assert.equal(triggers.length, text.match(/^create or replace trigger /gm)?.length);
    for (const { name, table } of triggers) {
      // a family of triggers is named once: messages_search_insert/update/delete
      const family = name.replace(/_(insert|update|delete)$/, "_");
      assert.ok(header.includes(name) || header.includes(family), `${name} is in the header`);
      assert.match(header, new RegExp(`^-- ([a-z_]+, )*${table}[ ,]`, "m"), `${table} has its paragraph`);
    }
  } finally {
    await db.close();
  }
});

Deno.test("migrate - applies functions.sql when its text changed or a migration was applied, not otherwise", async () => {
  const db = await testDatabase();
  const sql = db.sql;
  const triggerCount = async () =>
    (await sql<{ n: number }[]>`
      select count(*)::int as n from pg_trigger where tgname = 'messages_inbox_counts_insert'`)[0].n;
  try {
    assert.deepEqual(await migrate(sql), [], "the database already has this text");

    // the same text on a restart: no trigger is replaced (that would stop writes until commit)
    await sql`drop trigger messages_inbox_counts_insert on messages`;
    assert.deepEqual(await migrate(sql), []);
    assert.equal(await triggerCount(), 0);

    // a database that received an older text gets this one
    await sql`update schema_functions set hash = 'an older text'`;
    assert.deepEqual(await migrate(sql), [FUNCTIONS_FILE]);
    assert.equal(await triggerCount(), 1);

    // a migration applied may have dropped or replaced a function: the file comes after it (033 undone here)
    await sql`drop trigger messages_inbox_counts_insert on messages`;
    await sql`alter table channels drop column approved_at`;
    await sql`delete from schema_migrations where name = '033_channel_approval.sql'`;
    assert.deepEqual(await migrate(sql), ["033_channel_approval.sql", FUNCTIONS_FILE]);
    assert.equal(await triggerCount(), 1);
  } finally {
    await db.close();
  }
});
