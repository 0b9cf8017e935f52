// A reply from the inbox to a line left without its provider's credentials is refused at once, in the staff
// member's language, rather than queued to fail out of sight.
import assert from "node:assert/strict";
import { randomSegment } from "./_participation.ts";
import {
  addLine,
  LINE_CREDENTIALS,
  LINE_SECRETS,
  lineApp,
  postTwilio,
  postWhatsapp,
  whatsappBody,
} from "../_providers.ts";
import en from "../../locales/en.json" with { type: "json" };
import pl from "../../locales/pl.json" with { type: "json" };

const { account: ACCOUNT, appSecret: APP_SECRET } = LINE_SECRETS;
const { stub, ctx, staff } = await lineApp(LINE_SECRETS, { jobs: true });

Deno.test({
  name: "line reply credentials - a reply through a line without credentials is refused at once",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    try {
      const manager = await staff.token("manager");
      const segment = await randomSegment(ctx.sql, staff.radio, { type: "message" });
      const add = (body: Record<string, unknown>) =>
        addLine(ctx, staff.radio, manager, { segment_id: segment.id, ...body });
      const whatsapp = await add({
        kind: "whatsapp",
        address: "106540352242922",
        credentials: LINE_CREDENTIALS.whatsapp,
      });
      const sms = await add({
        kind: "sms",
        address: "+15005550006",
        credentials: LINE_CREDENTIALS.sms,
      });
      const raw = whatsappBody("106540352242922", "33612345678", "Amélie", {
        id: "wamid.no-credentials",
        type: "text",
        text: { body: "Hello?" },
      });
      const posted = await postWhatsapp(ctx, whatsapp, APP_SECRET, raw);
      assert.equal(posted.status, 200);
      await posted.body?.cancel();
      const params = {
        AccountSid: ACCOUNT.sid,
        MessageSid: `SM${"7".repeat(32)}`,
        From: "+33698765432",
        To: "+15005550006",
        Body: "Hi studio",
        NumMedia: "0",
      };
      const smsPosted = await postTwilio(ctx, sms, ACCOUNT.token, params);
      assert.equal(smsPosted.status, 200);
      await smsPosted.body?.cancel();
      const messages = await ctx.sql<{ id: number; medium: string }[]>`
        select id::int as id, medium from messages where segment_id = ${segment.id} order by id`;
      assert.deepEqual(messages.map((m) => m.medium), ["whatsapp", "sms"]);
      const reply = (messageId: number, text: string, token = manager) =>
        ctx.request("/api/v1/interaction-reply", {
          method: "POST",
          token,
          json: { interaction_id: messageId, content: { text } },
        });
      const repliesOf = async (messageId: number) =>
        (await ctx.sql<
          { n: number }[]
        >`select count(*)::int as n from replies where message_id = ${messageId}`)[0].n;

      await t.step("with its credentials, the reply is accepted", async () => {
        const res = await reply(messages[0].id, "Hello Amélie!");
        assert.equal(res.status, 201);
        await res.body?.cancel();
        const end = Date.now() + 60_000;
        while (!stub.sent.length && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
        assert.equal(stub.sent.length, 1, "it reached the provider");
      });

      await t.step(
        "without them, a 422 in the staff member's language; nothing stored nor sent",
        async () => {
          await ctx.sql`update phone_lines set credentials_enc = null`;
          const sent = stub.sent.length;
          await ctx.sql`update users set language = 'en' where id = ${staff.ids.manager}`;
          for (const message of messages) {
            const before = await repliesOf(message.id);
            const res = await reply(message.id, "Still there?");
            assert.equal(res.status, 422, message.medium);
            const error = await res.json();
            assert.equal(error.code, "line_credentials_missing");
            assert.equal(error.message, en.errors.line_credentials_missing);
            assert.equal(await repliesOf(message.id), before, "nothing stored");
          }
          await ctx.sql`update users set language = 'pl' where id = ${staff.ids.manager}`;
          const polish = await (await reply(messages[1].id, "Halo?", await staff.token("manager"))).json();
          assert.equal(polish.message, pl.errors.line_credentials_missing);
          await new Promise((r) => setTimeout(r, 1_500)); // a queued send would have reached the stub by now
          assert.equal(stub.sent.length - sent, 0, "nothing sent");
        },
      );
    } finally {
      await ctx.close();
      await stub.close();
    }
  },
});
