// A back-office page's id in its address is read one way on every page: what is not a positive integer
// within the safe range is a page that does not exist (404, the page's own error page), never a 500 or a
// query run with NaN.
import assert from "node:assert/strict";
import { demoStaff, testApp } from "../_helpers.ts";
import { SESSION_COOKIE } from "../../lib/platform/auth.ts";

const PAGES = [
  "/participations/{id}",
  "/users/{id}",
  "/channels/{id}",
  "/channels/{id}/lines",
  "/channels/{id}/webhooks",
  "/channels/{id}/held-messages",
  "/channels/{id}/sign-in",
  "/interactions/{id}",
  "/interactions/{id}/webview",
  "/interactions/{id}/assistant",
  "/broadcast/{id}",
];
const NOT_IDS = ["abc", "0", "-3", "1.5", "99999999999999999999", "%20"];

Deno.test("page ids - an id that is not one is a 404 page on every back-office page", async (t) => {
  const ctx = await testApp({ demoPassword: "Demo-Password-1!" });
  try {
    await ctx.sql`update users set language = 'en'`;
    const { token } = await demoStaff(ctx);
    // as a browser asks for a page
    const headers = {
      cookie: `${SESSION_COOKIE}=${await token("admin")}`,
      accept: "text/html,application/xhtml+xml",
      "accept-language": "en",
    };
    for (const page of PAGES) {
      await t.step(page, async () => {
        for (const id of NOT_IDS) {
          const res = await ctx.request(page.replace("{id}", id), { headers, redirect: "manual" });
          const body = await res.text();
          assert.equal(res.status, 404, `${page} with ${id}`);
          assert.match(res.headers.get("content-type") ?? "", /text\/html/);
          assert.doesNotMatch(body, /NaN|at file:|\.ts:\d+/, "no trace of the server's code");
        }
      });
    }
    await t.step("approving a channel by an id that is not one", async () => {
      const res = await ctx.request("/channels/abc/approve", {
        method: "POST",
        headers: { ...headers, origin: "http://localhost" },
        redirect: "manual",
      });
      await res.body?.cancel();
      assert.equal(res.status, 404);
    });
  } finally {
    await ctx.close();
  }
});
