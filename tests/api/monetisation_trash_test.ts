import assert from "node:assert/strict";
import { demoStaff, testApp } from "../_helpers.ts";
import { jsonOf } from "../_fixtures.ts";

Deno.test("channels API - the monetisation count leaves out the trash, as the statistics do", async () => {
  const ctx = await testApp({ demoPassword: "Demo-Password-1!" });
  try {
    const { radio, token } = await demoStaff(ctx);
    const manager = await token("manager");
    const count = async () => {
      const res = await ctx.request(`/api/v1/channels/${radio}/monetisation`, { token: manager });
      assert.equal(res.status, 200);
      return await jsonOf(res);
    };
    const before = await count();
    const trashed = await ctx.sql`
      update messages set status = 'trash' where id in (
        select id from messages where channel_id = ${radio} and status = 'received'
          and created_at > now() - interval '30 days' order by id limit 10) returning id`;
    assert.equal(trashed.length, 10);
    const after = await count();
    assert.equal(after.messages.count, before.messages.count - 10, JSON.stringify({ before, after }));
  } finally {
    await ctx.close();
  }
});
