// The render cache across instances: two app instances on one PostgreSQL server each keep the
// widget pages they render; a change staff make through one instance, or anyone makes in the database,
// reaches the pages of the other through the database's notification, well before the cache's lifetime.
import assert from "node:assert/strict";
import { PG_BIN } from "../_postgres.ts";
import { startTwoInstances } from "./_instances.ts";
import { newVote } from "./_votes.ts";
import { PAGE_RENDER_CACHE } from "../../lib/rules/constants.ts";

async function load(base: string, path: string) {
  const res = await fetch(`${base}${path}`, { headers: { "accept-language": "en" } });
  return { status: res.status, etag: res.headers.get("etag"), html: await res.text() };
}

/** How long until `path` on `base` satisfies `seen` (ms), loading it again and again; fails past `withinMs`. */
async function shownWithin(
  base: string,
  path: string,
  seen: (page: { status: number; html: string }) => boolean,
  withinMs: number,
) {
  const started = Date.now();
  while (true) {
    if (seen(await load(base, path))) return Date.now() - started;
    assert.ok(Date.now() - started < withinMs, `${path} on ${base} did not change within ${withinMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

Deno.test({
  name: "two instances - a change made through one, or in the database, is on the other's widget pages",
  ignore: !PG_BIN,
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const { sql, a, b, close } = await startTwoInstances({ maxConnections: 100 });
    try {
      const [first, second] = [a.baseUrl, b.baseUrl];
      const v = await newVote(sql);
      const single = `/widgets/${v.channel}/${v.segment}/`;
      const home = `/widgets/channel/${v.channel}/`;
      // well under the lifetime: a change seen only at the end of it was not announced
      const within = PAGE_RENDER_CACHE.ttlMs - 1500;
      const warm = async () => {
        for (const base of [first, second]) {
          for (const path of [single, home]) {
            await load(base, path);
            const kept = await load(base, path);
            assert.equal(kept.status, 200);
            assert.equal((await load(base, path)).etag, kept.etag, `${path} kept on ${base}`);
          }
        }
      };

      await t.step("staff rename the channel through A: both pages on B show it", async () => {
        await warm();
        const login = await fetch(`${first}/api/v1/auth`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email: "admin@example.com", password: "Bench-Password-1!" }),
        });
        assert.equal(login.status, 200);
        const { access_token } = await login.json();
        const res = await fetch(`${first}/api/v1/channels/${v.channel}`, {
          method: "PUT",
          headers: { "content-type": "application/json", authorization: `Bearer ${access_token}` },
          body: JSON.stringify({ label: "Radio Across Instances", widget_primary_color: "#0a7b3e" }),
        });
        assert.equal(res.status, 200);
        await res.body?.cancel();
        // A shows it on its very next load
        assert.match((await load(first, single)).html, /Radio Across Instances/);
        await shownWithin(second, single, (p) => /--w-primary:#0a7b3e/.test(p.html), within);
        await shownWithin(second, home, (p) => /<title>Radio Across Instances<\/title>/.test(p.html), within);
      });

      await t.step("the interaction renamed and given a choice in the database: on A and B", async () => {
        await warm();
        await sql.begin(async (tx) => {
          await tx`update segments set title = 'Renamed In The Database' where id = ${v.segment}`;
          await tx`insert into segment_choices (segment_id, position, label)
            values (${v.segment}, 9, 'Choice From psql')`;
        });
        for (const base of [first, second]) {
          await shownWithin(
            base,
            single,
            (p) => /Renamed In The Database/.test(p.html) && /Choice From psql/.test(p.html),
            within,
          );
          await shownWithin(base, home, (p) => /Choice From psql/.test(p.html), within);
        }
      });

      await t.step(
        "the interaction archived in the database: B says it is unavailable and drops it from the home",
        async () => {
          await warm();
          await sql`update segments set status = 'archived' where id = ${v.segment}`;
          await shownWithin(second, single, (p) => p.status === 410, within);
          await shownWithin(second, home, (p) => !/Renamed In The Database/.test(p.html), within);
        },
      );
    } finally {
      await close();
    }
  },
});
