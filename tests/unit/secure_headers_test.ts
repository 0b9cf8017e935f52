import assert from "node:assert/strict";
import { Hono } from "hono";
import { secureHeaders as honoSecureHeaders } from "hono/secure-headers";
import { secureHeaders } from "../../app/secure_headers.ts";
import { isEmbeddablePath } from "../../lib/rules/embed.ts";
import { inlineModuleHashes } from "../../framework/assets.ts";

/** The chain the constant lists replace: hono's secureHeaders with the app's options, then framing. */
function previousChain(app: Hono) {
  app.use(async (c, next) => {
    await next();
    if (isEmbeddablePath(c.req.path)) return;
    const csp = c.res.headers.get("Content-Security-Policy");
    c.header("Content-Security-Policy", csp ? `${csp}; frame-ancestors 'self'` : "frame-ancestors 'self'");
    c.header("X-Frame-Options", "SAMEORIGIN");
  });
  app.use(honoSecureHeaders({
    xFrameOptions: false,
    referrerPolicy: "strict-origin-when-cross-origin",
    crossOriginResourcePolicy: false,
    crossOriginOpenerPolicy: false,
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      // and the inline page modules the widgets carry, by their hash (tests/api/page_bundle_test.ts)
      scriptSrc: ["'self'", ...inlineModuleHashes().map((hash) => `'${hash}'`)],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "blob:", "https:"],
      mediaSrc: ["'self'", "blob:", "https:"],
      connectSrc: ["'self'", "https:"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
    },
    permissionsPolicy: { microphone: ["self"], camera: ["self"] },
  }));
}

function routes(app: Hono) {
  app.get("*", (c) => {
    c.header("X-Powered-By", "x");
    c.header("Content-Security-Policy", "default-src *");
    return c.json({ ok: true });
  });
  app.post("*", () => {
    throw new Error("boom");
  });
  app.onError((_e, c) => c.json({ message: "error" }, 500));
  return app;
}

Deno.test("secureHeaders - the same headers as hono's secureHeaders with the framing rule", async () => {
  const before = new Hono();
  previousChain(before);
  routes(before);
  const after = new Hono();
  after.use(secureHeaders());
  routes(after);
  for (const path of ["/widgets/1/2/", "/s/abc", "/static/x.js", "/login", "/api/v1/interactions", "/"]) {
    for (const method of ["GET", "POST"]) {
      const [a, b] = [await before.request(path, { method }), await after.request(path, { method })];
      assert.equal(b.status, a.status);
      assert.deepEqual([...b.headers].sort(), [...a.headers].sort(), `${method} ${path}`);
    }
  }
});
