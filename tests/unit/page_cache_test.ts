import assert from "node:assert/strict";
import { pageCacheTarget, renderedUntil } from "../../lib/rules/page_cache.ts";
import { fastLookup } from "../../app/front.ts";
import { fastRoutes, routes } from "../../routes.gen.ts";
import { BoundedCache } from "../../lib/platform/bounded_cache.ts";
import { PAGES_TOPIC, parseLiveEnvelope } from "../../lib/rules/live.ts";

const lookup = fastLookup(fastRoutes, routes);
/** The render cache's key of a request, its route found through the manifest as the app finds it. */
function target(path: string, search: string, acceptLanguage: string | null) {
  const match = lookup(path);
  if (match?.fast.front !== "page") return null;
  return pageCacheTarget(match.params, match.fast.channel, path, search, acceptLanguage);
}

Deno.test("pageCacheTarget - the two widget pages, keyed by address, sorted parameters and language", async (t) => {
  await t.step("the single widget and the channel home name their channel", () => {
    assert.deepEqual(target("/widgets/12/34/", "", null), {
      key: "/widgets/12/34/|-",
      channelId: 12,
    });
    assert.deepEqual(target("/widgets/channel/7/", "", "en"), {
      key: "/widgets/channel/7/|en",
      channelId: 7,
    });
  });
  await t.step("parameters in any order are one page; their values are part of the key", () => {
    const a = target("/widgets/1/2/", "width=400&lang=pt", null)!;
    const b = target("/widgets/1/2/", "lang=pt&width=400", null)!;
    assert.equal(a.key, b.key);
    assert.notEqual(a.key, target("/widgets/1/2/", "lang=pt&width=500", null)!.key);
  });
  await t.step("the browser's language counts only as the language it resolves to", () => {
    const fr = target("/widgets/1/2/", "", "fr-FR,fr;q=0.9")!;
    assert.equal(fr.key, target("/widgets/1/2/", "", "fr-CA")!.key);
    assert.notEqual(fr.key, target("/widgets/1/2/", "", "pl")!.key);
    assert.equal(
      target("/widgets/1/2/", "", "de")!.key,
      target("/widgets/1/2/", "", null)!.key,
    );
  });
  await t.step(
    "a staff preview, a shared participation or an unknown parameter is rendered for its request",
    () => {
      assert.equal(target("/widgets/1/2/", "preview=1", null), null);
      assert.equal(
        target("/widgets/channel/1/", "s=0b5c2a3e-4a4f-4c7e-9a53-8b8b6f3c2d11", null),
        null,
      );
      assert.equal(target("/widgets/channel/1/", "lang=en&utm_source=radio", null), null);
    },
  );
  await t.step("other addresses are not widget pages", () => {
    for (
      const path of ["/widgets/terms", "/widgets/1/", "/widgets/a/2/", "/widgets/channel/x/", "/interactions"]
    ) {
      assert.equal(target(path, "", null), null, path);
    }
  });
});

Deno.test("renderedUntil - the lifetime, cut at the next opening or closing date", () => {
  const now = Date.parse("2026-05-01T12:00:00Z");
  assert.equal(renderedUntil(now, 5000, []), now + 5000);
  assert.equal(renderedUntil(now, 5000, [null, undefined, new Date(now - 1000)]), now + 5000);
  assert.equal(renderedUntil(now, 5000, [new Date(now + 2000), "2026-05-01T12:00:04Z"]), now + 2000);
  assert.equal(renderedUntil(now, 5000, [new Date(now + 60_000)]), now + 5000);
});

Deno.test("BoundedCache - an entry may live shorter than the cache's lifetime, never longer", () => {
  const cache = new BoundedCache<string, number>(10, 1000);
  cache.set("short", 1, 0, 200);
  cache.set("long", 2, 0, 5000);
  assert.equal(cache.get("short", 199), 1);
  assert.equal(cache.get("short", 200), undefined);
  assert.equal(cache.get("long", 999), 2);
  assert.equal(cache.get("long", 1000), undefined);
});

Deno.test("live envelope - a page event of the database's trigger is read with its channel", () => {
  const text = JSON.stringify({ t: "pages", e: { kind: "page", segmentId: 4, channelId: 2 } });
  assert.deepEqual(parseLiveEnvelope(text), {
    topic: PAGES_TOPIC,
    event: { kind: "page", segmentId: 4, channelId: 2 },
  });
});
