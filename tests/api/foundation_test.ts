import assert from "node:assert/strict";
import { testApp, testDatabase } from "../_helpers.ts";
import { enforceRateLimit } from "../../lib/platform/rate_limit.ts";

Deno.test("foundation - health, errors, redirects and the QR page", async (t) => {
  const ctx = await testApp();
  try {
    await t.step("GET /healthz answers 200 with the database ok", async () => {
      const res = await ctx.request("/healthz");
      assert.equal(res.status, 200);
      assert.match(res.headers.get("content-type")!, /application\/json/);
      assert.equal((await res.json()).database, "ok");
    });
    await t.step("unknown API path is a JSON 404 in the caller's language", async () => {
      const res = await ctx.request("/api/v1/nothing-here", { headers: { "accept-language": "en" } });
      assert.equal(res.status, 404);
      assert.match(res.headers.get("content-type")!, /application\/json/);
      assert.deepEqual(await res.json(), { message: "Not found.", code: "not_found" });
    });
    await t.step("unknown page redirects to /interactions", async () => {
      const res = await ctx.request("/somewhere/else");
      assert.equal(res.status, 302);
      assert.equal(res.headers.get("location"), "/interactions");
    });
    await t.step("/qr-code renders an SVG code and the download island", async () => {
      const res = await ctx.request("/qr-code?qrData=hello&lang=en");
      assert.equal(res.status, 200);
      assert.match(res.headers.get("content-type")!, /text\/html/);
      const html = await res.text();
      assert.match(html, /<svg[^>]+viewBox/);
      assert.match(html, /data-island="QrDownload"/);
      assert.match(html, /Download SVG/);
      assert.match(html, /<script type="module"/);
    });
    await t.step("/qr-code without a value is a 400 page with no script", async () => {
      const res = await ctx.request("/qr-code?lang=fr");
      assert.equal(res.status, 400);
      const html = await res.text();
      assert.match(html, /qrData=/);
      assert.doesNotMatch(html, /<script/);
    });
    await t.step("security headers are set", async () => {
      const res = await ctx.request("/healthz");
      assert.equal(res.headers.get("x-content-type-options"), "nosniff");
      assert.match(res.headers.get("content-security-policy")!, /default-src 'self'/);
    });
    await t.step("OpenAPI document and reference page are served", async () => {
      const doc = await ctx.request("/api/openapi.json");
      assert.equal(doc.status, 200);
      assert.equal((await doc.json()).openapi, "3.1.0");
      const page = await ctx.request("/api/docs");
      assert.equal(page.status, 200);
    });
  } finally {
    await ctx.close();
  }
});

Deno.test("foundation - languages: query, Accept-Language, technical keys, fr fallback", async (t) => {
  const ctx = await testApp();
  try {
    const title = async (query: string, headers: Record<string, string> = {}) => {
      const html = await (await ctx.request(`/qr-code?qrData=x${query}`, { headers })).text();
      return html.match(/<h1>(.*?)<\/h1>/)?.[1];
    };
    await t.step("query lang", async () => assert.equal(await title("&lang=pt"), "Código QR"));
    await t.step(
      "Accept-Language",
      async () => assert.equal(await title("", { "accept-language": "pl,en;q=0.5" }), "Kod QR"),
    );
    await t.step(
      "fallback fr",
      async () => assert.equal(await title("", { "accept-language": "de" }), "QR code"),
    );
    await t.step(
      "technical shows keys",
      async () => assert.equal(await title("&lang=technical"), "qr.title"),
    );
    await t.step("errors in the caller's language", async () => {
      const res = await ctx.request("/api/v1/none", { headers: { "accept-language": "es" } });
      assert.equal((await res.json()).message, "No encontrado.");
    });
  } finally {
    await ctx.close();
  }
});

Deno.test("foundation - static files are cached and built bundles immutable", async () => {
  const ctx = await testApp();
  try {
    const css = await ctx.request("/static/css/base.css?v=abc");
    assert.equal(css.status, 200);
    assert.match(css.headers.get("content-type")!, /text\/css/);
    assert.match(css.headers.get("cache-control")!, /immutable/);
    await css.body?.cancel();
    const missing = await ctx.request("/static/nothing.js");
    assert.equal(missing.status, 404);
    assert.match(missing.headers.get("content-type")!, /application\/json/);
    await missing.body?.cancel();
  } finally {
    await ctx.close();
  }
});

Deno.test("enforceRateLimit - counts per key in the database and answers 429 past the limit", async () => {
  const ctx = await testApp();
  try {
    const now = new Date("2026-01-01T10:00:00Z");
    const limit = { max: 2, windowSeconds: 60 };
    await enforceRateLimit(ctx.sql, ["t:a"], limit, now);
    await enforceRateLimit(ctx.sql, ["t:a"], limit, now);
    await assert.rejects(
      () => enforceRateLimit(ctx.sql, ["t:a"], limit, now),
      (e: { status?: number; code?: string }) => e.status === 429 && e.code === "rate_limited",
    );
    // another key, or the next window, starts again
    await enforceRateLimit(ctx.sql, ["t:b"], limit, now);
    await enforceRateLimit(ctx.sql, ["t:a"], limit, new Date("2026-01-01T10:01:00Z"));
  } finally {
    await ctx.close();
  }
});

Deno.test("client address - X-Forwarded-For counts only behind a trusted proxy", async (t) => {
  for (const trust of ["off", "on"] as const) {
    await t.step(`TRUST_PROXY=${trust}`, async () => {
      const ctx = await testApp({ env: { TRUST_PROXY: trust } });
      try {
        let limited = 0;
        // the availability check allows 120 calls a minute per address
        for (let i = 0; i < 125; i++) {
          const res = await ctx.request(`/api/v1/app_users/nickname/free${i}`, {
            headers: { "x-forwarded-for": `198.51.100.${i % 250}` },
          });
          await res.body?.cancel();
          if (res.status === 429) limited++;
        }
        if (trust === "off") assert.ok(limited >= 5, "a forged header does not dodge the limit");
        else assert.equal(limited, 0, "each forwarded address has its own limit");
      } finally {
        await ctx.close();
      }
    });
  }
});

Deno.test("database client - statements are prepared once per connection, on PGlite as on a server", async () => {
  const db = await testDatabase();
  try {
    // the same tagged query twice: the second run uses the statement the first one prepared
    for (const n of [1, 2]) await db.sql`select ${n}::int as prepared_probe`;
    const [{ count }] = await db.sql<{ count: number }[]>`
      select count(*)::int as count from pg_prepared_statements where statement = 'select $1::int as prepared_probe'`;
    assert.equal(count, 1);
  } finally {
    await db.close();
  }
});
