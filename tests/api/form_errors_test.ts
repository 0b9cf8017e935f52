import assert from "node:assert/strict";
import { demoStaff, testApp } from "../_helpers.ts";
import { jsonOf } from "../_fixtures.ts";

Deno.test("form errors API - every wrong field is named with its own code, in one answer", async (t) => {
  const ctx = await testApp({ demoPassword: "Demo-Password-1!" });
  try {
    const { token, ids } = await demoStaff(ctx);
    const admin = await token("admin");

    await t.step(
      "an empty channel name is 'channel_name_required', a bad colour names its own field",
      async () => {
        const res = await ctx.request("/api/v1/channels", {
          token: admin,
          method: "POST",
          json: { label: "  ", primary_color: "red" },
        });
        assert.equal(res.status, 400);
        assert.match(res.headers.get("content-type") ?? "", /json/);
        const body = await jsonOf(res);
        assert.deepEqual(body.fields.label, ["channel_name_required"]);
        assert.deepEqual(body.fields.primary_color, ["color"]);
      },
    );

    await t.step(
      "a staff profile with no login, a bad e-mail and a bad phone names the three fields",
      async () => {
        const res = await ctx.request(`/api/v1/user/${ids.operator}`, {
          token: admin,
          method: "PUT",
          json: { login: " ", email: "nope", phone: "12" },
        });
        assert.equal(res.status, 400);
        const body = await jsonOf(res);
        assert.deepEqual(body.fields, {
          login: ["login_required"],
          email: ["invalid_email"],
          phone: ["invalid_phone"],
        });
        assert.equal(body.code, "login_required");
      },
    );

    await t.step("zod's defaults become codes: a title too long is 'field_too_long'", async () => {
      const res = await ctx.request("/api/v1/channels", {
        token: admin,
        method: "POST",
        json: { label: "x".repeat(101) },
      });
      assert.equal(res.status, 400);
      assert.deepEqual((await jsonOf(res)).fields.label, ["field_too_long"]);
    });
  } finally {
    await ctx.close();
  }
});
