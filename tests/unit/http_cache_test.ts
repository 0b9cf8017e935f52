import assert from "node:assert/strict";
import { Hono } from "hono";
import { routeNeeds } from "../../routes.gen.ts";
import {
  etagOf,
  IMMUTABLE,
  matchesIfNoneMatch,
  middlewareNeeds,
  negotiateEncoding,
  negotiateImage,
  varyAcceptEncoding,
  versionedCacheControl,
} from "../../lib/rules/http_cache.ts";

Deno.test("negotiateEncoding - prefers brotli, honours q values and refusals", () => {
  assert.equal(negotiateEncoding("gzip, deflate, br"), "br");
  assert.equal(negotiateEncoding("gzip"), "gzip");
  assert.equal(negotiateEncoding("br;q=0.5, gzip"), "gzip");
  assert.equal(negotiateEncoding("br;q=0, gzip;q=0"), null);
  assert.equal(negotiateEncoding("identity"), null);
  assert.equal(negotiateEncoding("*"), "br");
  assert.equal(negotiateEncoding("*, br;q=0"), "gzip");
  assert.equal(negotiateEncoding(undefined), null);
});

Deno.test("matchesIfNoneMatch - any encoding of the same content matches, weak or strong", () => {
  assert.ok(matchesIfNoneMatch(etagOf("abc", "br"), "abc"));
  assert.ok(matchesIfNoneMatch(`W/${etagOf("abc", null)}`, "abc"));
  assert.ok(matchesIfNoneMatch(`"x", ${etagOf("abc", "gzip")}`, "abc"));
  assert.ok(matchesIfNoneMatch("*", "abc"));
  assert.ok(!matchesIfNoneMatch('"abcd"', "abc"));
  assert.ok(!matchesIfNoneMatch(null, "abc"));
});

Deno.test("varyAcceptEncoding - adds Accept-Encoding once", () => {
  assert.equal(varyAcceptEncoding(null), "Accept-Encoding");
  assert.equal(varyAcceptEncoding("Origin"), "Origin, Accept-Encoding");
  assert.equal(varyAcceptEncoding("origin, accept-encoding"), "origin, accept-encoding");
});

Deno.test("middlewareNeeds - widget reads skip the session, a preview and writes keep it, robots.txt needs nothing", async () => {
  // what each route declares (`export const needs`), found by the app's router on the route's own addresses
  const router = new Hono({ strict: false });
  for (const { path, needs } of routeNeeds) router.all(path, (c) => c.json(needs));
  router.all("*", (c) => c.json(null));
  const needsOf = async (method: string, path: string, preview: string | undefined) =>
    middlewareNeeds(method, (await (await router.request(path)).json()) ?? undefined, preview);
  assert.deepEqual(await needsOf("GET", "/widgets/1/2/", undefined), { session: false, translator: true });
  assert.deepEqual(await needsOf("HEAD", "/widgets/channel/1/", undefined), {
    session: false,
    translator: true,
  });
  assert.deepEqual(await needsOf("GET", "/widgets/1/2/", "1"), { session: true, translator: true });
  assert.deepEqual(await needsOf("POST", "/widgets/1/2/", undefined), { session: true, translator: true });
  assert.deepEqual(await needsOf("GET", "/robots.txt", undefined), { session: false, translator: false });
  assert.deepEqual(await needsOf("GET", "/overlay/abc", undefined), { session: true, translator: true });
  assert.deepEqual(await needsOf("GET", "/interactions", undefined), { session: true, translator: true });
});

Deno.test("negotiateImage - AVIF first, then WebP, as the browser accepts and the server holds", () => {
  const chrome = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";
  assert.equal(negotiateImage(chrome, ["avif", "webp"])?.type, "image/avif");
  assert.equal(negotiateImage(chrome, ["webp"])?.type, "image/webp");
  assert.equal(negotiateImage("image/webp,*/*", ["avif", "webp"])?.type, "image/webp");
  assert.equal(negotiateImage("image/avif;q=0, image/webp", ["avif", "webp"])?.type, "image/webp");
  // a wildcard is not a promise to decode AVIF (old browsers send */*)
  assert.equal(negotiateImage("*/*", ["avif", "webp"]), null);
  assert.equal(negotiateImage(undefined, ["avif", "webp"]), null);
  assert.equal(negotiateImage(chrome, []), null);
});

Deno.test("versionedCacheControl - immutable only for the version the server holds", () => {
  assert.equal(versionedCacheControl("0123456789abcdef", "0123456789abcdef"), IMMUTABLE);
  assert.equal(IMMUTABLE, "public, max-age=31536000, immutable");
  assert.equal(versionedCacheControl("fedcba9876543210", "0123456789abcdef"), "public, no-cache");
  assert.equal(versionedCacheControl(undefined, "0123456789abcdef"), "public, no-cache");
});
