// Outside WhatsApp's 24-hour customer service window Meta refuses free text: a staff reply and the code that
// links a number then go as the line's approved template (the Graph API's template message, its one body
// variable carrying the text), checked by the local provider stub (tests/_providers.ts). A line without a
// template refuses the reply at once in the staff member's language, and tells a listener asking for a code
// to write to the station first; inside the window a plain text goes, as before.
import assert from "node:assert/strict";
import { until } from "../_helpers.ts";
import { randomAppUser, randomSegment } from "./_participation.ts";
import {
  LINE_CREDENTIALS,
  LINE_SECRETS,
  lineApp,
  postWhatsapp,
  WHATSAPP_PHONE_ID as PHONE_ID,
  whatsappBody,
} from "../_providers.ts";
import en from "../../locales/en.json" with { type: "json" };
import fr from "../../locales/fr.json" with { type: "json" };

const { appSecret: APP_SECRET } = LINE_SECRETS;
const { stub, ctx, staff } = await lineApp(LINE_SECRETS, { jobs: true });

type Sent = { type: string; to: string; text?: { body: string }; template?: Record<string, unknown> };

Deno.test({
  name: "line reply templates - outside WhatsApp's window a reply or a code goes as the approved template",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    try {
      const manager = await staff.token("manager");
      const segment = await randomSegment(ctx.sql, staff.radio, { type: "message", limit_1_vote: false });
      const created = await ctx.request(`/api/v1/channels/${staff.radio}/lines`, {
        method: "POST",
        token: manager,
        json: {
          kind: "whatsapp",
          address: PHONE_ID,
          segment_id: segment.id,
          credentials: LINE_CREDENTIALS.whatsapp,
          template: { name: "studio_reply", language: "fr" },
        },
      });
      assert.equal(created.status, 201);
      const line = await created.json();
      assert.deepEqual(
        line.template,
        { name: "studio_reply", language: "fr" },
        "the line names its template",
      );
      const put = (body: Record<string, unknown>) =>
        ctx.request(`/api/v1/lines/${line.id}`, {
          method: "PUT",
          token: manager,
          json: { kind: "whatsapp", label: "", address: PHONE_ID, segment_id: segment.id, ...body },
        });
      const write = async (id: string, from: string, text: string) => {
        const raw = whatsappBody(PHONE_ID, from, "Amélie", { id, type: "text", text: { body: text } });
        const res = await postWhatsapp(ctx, line.id, APP_SECRET, raw);
        assert.equal(res.status, 200);
        await res.body?.cancel();
        const [row] = await ctx.sql<{ message_id: number }[]>`
          select message_id::int as message_id from line_inbound where provider_id = ${id}`;
        return row.message_id;
      };
      const lateWindow = (id: string) =>
        ctx.sql`update line_inbound set created_at = now() - interval '25 hours' where provider_id = ${id}`;
      const reply = (messageId: number, text: string) =>
        ctx.request("/api/v1/interaction-reply", {
          method: "POST",
          token: manager,
          json: { interaction_id: messageId, content: { text } },
        });
      const windowOf = async (messageId: number) => {
        const res = await ctx.request(`/api/v1/interaction/${messageId}`, { token: manager });
        return (await res.json()).reply_window;
      };

      const sentTo = (to: string) =>
        until(() => Promise.resolve(stub.sent.find((s) => s.body.to === to)), `a message sent to ${to}`);

      await t.step("inside the window a reply is a plain text", async () => {
        const message = await write("wamid.tpl-1", "33612345678", "Bonjour");
        const res = await reply(message, "Merci Amélie");
        assert.equal(res.status, 201);
        await res.body?.cancel();
        const sent = (await sentTo("33612345678")).body as Sent;
        assert.deepEqual([sent.type, sent.text?.body], ["text", "Merci Amélie"]);
      });

      await t.step("outside it the reply goes as the template, the text in its variable", async () => {
        const message = await write("wamid.tpl-2", "33622223333", "Bonsoir");
        await lateWindow("wamid.tpl-2");
        assert.deepEqual(
          await windowOf(message),
          { medium: "whatsapp", open: false, closes_at: (await windowOf(message)).closes_at, template: true },
          "the reply form says the template carries it",
        );
        const res = await reply(message, "On vous rappelle\ndemain matin");
        assert.equal(res.status, 201);
        await res.body?.cancel();
        const sent = await sentTo("33622223333");
        assert.deepEqual(sent.body, {
          messaging_product: "whatsapp",
          recipient_type: "individual",
          to: "33622223333",
          type: "template",
          template: {
            name: "studio_reply",
            language: { code: "fr" },
            components: [{
              type: "body",
              parameters: [{ type: "text", text: "On vous rappelle demain matin" }],
            }],
          },
        });
        const state = await until(async () => {
          const [r] = await ctx.sql<{ delivery_status: string }[]>`
            select delivery_status from replies where message_id = ${message}`;
          return r?.delivery_status === "sent" ? r : null;
        }, "the provider took it");
        assert.equal(state.delivery_status, "sent");
      });

      await t.step("switching the interaction keeps the template; null removes it", async () => {
        const kept = await put({});
        assert.equal(kept.status, 200);
        assert.deepEqual((await kept.json()).template, { name: "studio_reply", language: "fr" });
        const bad = await put({ template: { name: "Studio Reply!", language: "fr" } });
        assert.equal(bad.status, 400, "not a name Meta allows");
        await bad.body?.cancel();
        const removed = await put({ template: null });
        assert.equal((await removed.json()).template, null);
      });

      await t.step(
        "without a template the reply is refused at once, in the staff member's language",
        async () => {
          const message = await write("wamid.tpl-3", "33644445555", "Allô ?");
          await lateWindow("wamid.tpl-3");
          assert.equal((await windowOf(message)).template, false);
          const count = stub.sent.length;
          const res = await reply(message, "Trop tard ?");
          assert.equal(res.status, 422);
          const error = await res.json();
          assert.equal(error.code, "reply_window_closed");
          assert.equal(error.message, fr.errors.reply_window_closed, "the manager reads French");
          assert.match(en.errors.reply_window_closed, /template/, "it says what would let the reply go");
          assert.equal(stub.sent.length, count, "nothing sent");
        },
      );

      await t.step("a code to a number outside the window: the template, or write to us first", async () => {
        const listener = await randomAppUser(ctx);
        const ask = () =>
          ctx.request("/api/v1/app_users/phone_links", {
            method: "POST",
            token: listener.token,
            json: { channel_id: staff.radio, medium: "whatsapp", number: "+33677778888" },
          });
        const refused = await ask();
        assert.equal(refused.status, 422, "no template: told at once");
        const body = await refused.json();
        assert.equal(body.code, "phone_code_window_closed");
        assert.ok(body.message.length > 0 && body.message !== "phone_code_window_closed");
        const restored = await put({ template: { name: "studio_code", language: "fr" } });
        assert.equal(restored.status, 200);
        await restored.body?.cancel();
        const asked = await ask();
        assert.equal(asked.status, 202);
        await asked.body?.cancel();
        const sent = stub.sent.findLast((s) => s.body.to === "33677778888")!.body as Sent;
        assert.equal(sent.type, "template");
        const template = sent.template as {
          name: string;
          components: { parameters: { text: string }[] }[];
        };
        assert.equal(template.name, "studio_code");
        assert.match(template.components[0].parameters[0].text, /\b[0-9]{6}\b/, "the code in the variable");
      });
    } finally {
      await ctx.close();
      await stub.close();
    }
  },
});
