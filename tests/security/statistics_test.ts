import assert from "node:assert/strict";
import { demoStaff, testApp } from "../_helpers.ts";
import { SESSION_COOKIE } from "../../lib/platform/auth.ts";

Deno.test("statistics security - another channel's figures are never shown", async (t) => {
  const ctx = await testApp({ demoPassword: "Demo-Password-1!" });
  try {
    const { tv, token } = await demoStaff(ctx);
    const get = async (path: string, login?: string) =>
      await ctx.request(path, {
        headers: login ? { cookie: `${SESSION_COOKIE}=${await token(login)}` } : {},
        redirect: "manual",
      });

    await t.step("a radio operator asking for the TV channel is refused, page and downloads", async () => {
      for (
        const path of [
          `/statistics?channel=${tv}`,
          `/statistics/download?channel=${tv}&chart=by_interaction&format=csv`,
          `/statistics/download?channel=${tv}&chart=per_time&format=svg`,
          `/api/v1/statistics/dashboard?channel=${tv}&range=12m`,
        ]
      ) {
        const res = await get(path, "operator");
        assert.equal(res.status, 403, path);
        const body = await res.text();
        const [tvSegment] = await ctx.sql<{ title: string }[]>`
          select title from segments where channel_id = ${tv} and title <> '' limit 1`;
        assert.ok(!body.includes(tvSegment.title), path);
      }
    });

    await t.step("without a session: to the login page; a hostile period is a normal page", async () => {
      const res = await get("/statistics");
      assert.equal(res.status, 302);
      assert.match(res.headers.get("location") ?? "", /^\/login/);
      const odd = await get(
        "/statistics?range=custom&from=0000-99-99&to=%3Cscript%3E&channel=abc",
        "operator",
      );
      assert.equal(odd.status, 200);
      assert.ok(!(await odd.text()).includes("<script>"));
      const api = await get(
        "/api/v1/statistics/dashboard?range=custom&from=0000-99-99&to=%3Cscript%3E",
        "operator",
      );
      assert.equal(api.status, 200);
      assert.equal((await api.json()).period.range, "30d");
      const anonymous = await get("/api/v1/statistics/dashboard");
      assert.equal(anonymous.status, 401);
      assert.equal((await anonymous.json()).code, "unauthorized");
    });
  } finally {
    await ctx.close();
  }
});
