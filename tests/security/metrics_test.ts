import assert from "node:assert/strict";
import { testApp } from "../_helpers.ts";

const TOKEN = "metrics-token-0123456789abcdef";

Deno.test("metrics - absent without METRICS_TOKEN; refused without the right bearer token", async (t) => {
  const off = await testApp();
  try {
    await t.step("no METRICS_TOKEN: there is no /metrics, even with a token", async () => {
      for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }] as Record<string, string>[]) {
        const res = await off.request("/metrics", { headers });
        assert.equal(res.status, 404);
        assert.equal((await res.json()).code, "not_found");
      }
    });
  } finally {
    await off.close();
  }
  const on = await testApp({ env: { METRICS_TOKEN: TOKEN } });
  try {
    await t.step("no token, a wrong one, a longer one or another scheme: 401 and no metrics", async () => {
      for (
        const authorization of [
          undefined,
          "Bearer wrong-token-0123456789abcdef",
          `Bearer ${TOKEN}x`,
          `Bearer ${TOKEN.slice(0, -1)}`,
          `Basic ${btoa(`metrics:${TOKEN}`)}`,
          TOKEN,
        ]
      ) {
        const res = await on.request("/metrics", { headers: authorization ? { authorization } : {} });
        assert.equal(res.status, 401, String(authorization));
        const text = await res.text();
        assert.doesNotMatch(text, /im_http_requests_total/);
        assert.equal(JSON.parse(text).code, "unauthorized");
      }
    });
  } finally {
    await on.close();
  }
});
