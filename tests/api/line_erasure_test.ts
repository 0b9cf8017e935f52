// A listener's phone number is personal data: erasing the listener (an administrator, on their request)
// and the channel's retention sweep forget the number once no participation holds it, as they empty the
// participations themselves.
import assert from "node:assert/strict";
import { demoStaff, testApp } from "../_helpers.ts";
import { seedDemo } from "../../lib/demo/seed.ts";
import { applyRetention } from "../../lib/app_users/data_rights.ts";
import { randomSegment } from "./_participation.ts";
import { metaSignature, whatsappBody } from "../_providers.ts";

const APP_SECRET = "meta-erasure-secret";
const ctx = await testApp({ env: { PUBLIC_URL: "https://im.example.org" } });
await seedDemo(ctx.sql, { password: "Demo-Password-1!" });
const staff = await demoStaff(ctx);

Deno.test({
  name: "line erasure - erasure and retention forget a listener's phone number with their participations",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    try {
      const manager = await staff.token("manager");
      const segment = await randomSegment(ctx.sql, staff.radio, { type: "message" });
      const res = await ctx.request(`/api/v1/channels/${staff.radio}/lines`, {
        method: "POST",
        token: manager,
        json: {
          kind: "whatsapp",
          address: "106540352242922",
          segment_id: segment.id,
          credentials: { app_secret: APP_SECRET, access_token: "t", verify_token: "v" },
        },
      });
      assert.equal(res.status, 201);
      const line = (await res.json()).id;
      const receive = async (from: string, id: string) => {
        const body = whatsappBody("106540352242922", from, "Sam", {
          id,
          type: "text",
          text: { body: `hi ${id}` },
        });
        const posted = await ctx.request(`/lines/${line}/whatsapp`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "x-hub-signature-256": metaSignature(APP_SECRET, body),
          },
          body,
        });
        assert.equal(posted.status, 200);
        const [row] = await ctx.sql<{ id: number; phone_number_id: number }[]>`
          select m.id::int as id, m.phone_number_id::int as phone_number_id
          from line_inbound li join messages m on m.id = li.message_id where li.provider_id = ${id}`;
        assert.ok(row?.phone_number_id, "the participation is tied to its number");
        return row;
      };
      const numberExists = async (id: number) =>
        (await ctx.sql`select 1 from phone_numbers where id = ${id}`).length === 1;
      const first = await receive("33611111111", "wamid.erase-1");
      const second = await receive("33622222222", "wamid.erase-2");

      await t.step("erasing the listener forgets their number, and only theirs", async () => {
        const erased = await ctx.request("/api/v1/listener_erasure", {
          method: "POST",
          token: manager,
          json: { message_id: first.id },
        });
        assert.equal(erased.status, 200);
        assert.equal((await erased.json()).messages, 1);
        assert.equal(await numberExists(first.phone_number_id), false, "the number is gone");
        assert.equal(await numberExists(second.phone_number_id), true, "another listener's number stays");
        const [message] = await ctx.sql`select phone_number_id, text from messages where id = ${first.id}`;
        assert.equal(message.phone_number_id, null);
        assert.equal(message.text, null);
      });

      await t.step("the retention sweep forgets the number of the participations it empties", async () => {
        await ctx.sql`update channels set retention_months = 3 where id = ${staff.radio}`;
        await ctx.sql`update messages set created_at = now() - interval '1 year' where id = ${second.id}`;
        assert.ok((await applyRetention(ctx.deps)) >= 1);
        assert.equal(await numberExists(second.phone_number_id), false);
        const [message] = await ctx.sql`select phone_number_id from messages where id = ${second.id}`;
        assert.equal(message.phone_number_id, null);
      });
    } finally {
      await ctx.close();
    }
  },
});
