// A fast path (an answer before the app's routing) is declared by its route module and found through the route
// manifest: renaming or moving the route takes its fast path along, and one that names no route fails here.
import assert from "node:assert/strict";
import { Hono } from "hono";
import { fastLookup, type FastPath } from "../../app/front.ts";
import { routeMatcher } from "../../framework/manifest.ts";
import { fastRoutes, routes } from "../../routes.gen.ts";

/** An address of a route's pattern: each parameter an id, as the widget and the API send them. */
const sampleOf = (pattern: string) => pattern.replace(/:\w+/g, "1");

Deno.test("fast paths - each is its route's, and a request to the route reaches it", async (t) => {
  await t.step("the manifest holds the five fast paths, each with its route", () => {
    assert.deepEqual(fastRoutes.map((r) => [r.path, r.fast.front]), [
      ["/api/v1/interactions", "vote"],
      ["/api/v1/quizzes/:id/answers", "quiz"],
      ["/api/v1/show_segments/:id/vote-results", "results"],
      ["/widgets/channel/:channelId", "page"],
      ["/widgets/:channelId/:segmentId", "page"],
    ]);
    for (const { path } of fastRoutes) assert.ok(routes.some((r) => r.path === path), path);
  });

  await t.step(
    "the app's router sends a route's address to that route, and so does the fast path's lookup",
    async () => {
      // the manifest's routes in its order, each answering its own pattern, as main.ts mounts them
      const router = new Hono({ strict: false });
      for (const { path } of routes) router.all(path, (c) => c.text(path));
      const lookup = fastLookup(fastRoutes, routes);
      for (const { path, fast } of fastRoutes) {
        const addresses = [sampleOf(path), ...(fast.trailingSlash ? [`${sampleOf(path)}/`] : [])];
        for (const address of addresses) {
          const res = await router.request(address);
          assert.equal(res.status, 200, address);
          assert.equal(await res.text(), path, `${address}: answered by its route`);
          assert.equal(lookup(address)?.route, path, `${address}: found by the fast path's lookup`);
        }
      }
    },
  );

  await t.step(
    "a fast path that names no route, or a parameter its route lacks, stops the app's start",
    () => {
      const page: FastPath = { front: "page", channel: "channelId" };
      assert.throws(
        () => fastLookup([{ path: "/widgets/channels/:channelId", fast: page }], routes),
        /\/widgets\/channels\/:channelId: no such route/,
      );
      assert.throws(
        () => fastLookup([{ path: "/api/v1/votes", fast: { front: "vote" } }], routes),
        /no such route/,
      );
      assert.throws(
        () =>
          fastLookup(
            [{ path: "/widgets/:channelId/:segmentId", fast: { front: "results", segment: "id" } }],
            routes,
          ),
        /the route has no parameter id/,
      );
    },
  );
});

Deno.test("routeMatcher - the route's address as sent, its parameters, a final slash only where declared", () => {
  const single = routeMatcher("/widgets/:channelId/:segmentId", true);
  assert.deepEqual(single("/widgets/12/34/"), { channelId: "12", segmentId: "34" });
  assert.deepEqual(single("/widgets/12/34"), { channelId: "12", segmentId: "34" });
  assert.deepEqual(single("/widgets/%31/2"), { channelId: "%31", segmentId: "2" });
  assert.equal(single("/widgets/12/"), null);
  assert.equal(single("/widgets/12/34/x"), null);
  const vote = routeMatcher("/api/v1/interactions");
  assert.deepEqual(vote("/api/v1/interactions"), {});
  assert.equal(vote("/api/v1/interactions/"), null);
  assert.equal(vote("/api/v1/interactionsX"), null);
  assert.equal(routeMatcher("/robots.txt")("/robotsXtxt"), null);
});
