// Replies to a WhatsApp listener in a browser: the reply form says the reply goes back by WhatsApp and until
// when, the sent reply shows its delivery state as the provider's status webhooks move it, and once
// WhatsApp's 24-hour window is closed the form says so and cannot send a text. At 1280 and 375 px.
import assert from "node:assert/strict";
import { browserTest, loginAs } from "./_browser.ts";
import { metaSignature, providerStub, whatsappBody } from "../_providers.ts";

const ACCOUNT = { sid: `AC${"d4".repeat(16)}`, token: "twilio-auth-token" };
const stub = providerStub("EAAG-reply-token", ACCOUNT);
const APP_SECRET = "meta-reply-secret";
const PHONE_NUMBER_ID = "106540352242922";

browserTest(
  "line replies - the reply form's WhatsApp window and the reply's delivery state",
  async ({ page, baseUrl, server, shot, consoleErrors }) => {
    try {
      await loginAs(page, server, baseUrl, "manager", { welcomeSeen: true });
      const [manager] = await server.sql<{ channel_id: number }[]>`
        select channel_id::int as channel_id from users where login = 'manager'`;
      const [segment] = await server.sql<{ id: number }[]>`
        insert into segments (channel_id, type, title, text, status, start_date)
        values (${manager.channel_id}, 'message', 'Requests', 'Ask for a song', 'published', now() - interval '1 hour')
        returning id::int as id`;
      const [line] = await server.sql<{ id: number }[]>`
        insert into phone_lines (channel_id, kind, address, segment_id) values
          (${manager.channel_id}, 'whatsapp', ${PHONE_NUMBER_ID}, ${segment.id}) returning id::int as id`;
      // the credentials sealed as the lines form seals them
      const { encryptSecret } = await import("../../lib/platform/crypto.ts");
      const sealed = await encryptSecret(
        server.deps.jwtSecret,
        JSON.stringify({ app_secret: APP_SECRET, access_token: "EAAG-reply-token", verify_token: "v" }),
      );
      await server.sql`update phone_lines set credentials_enc = ${sealed} where id = ${line.id}`;
      const post = async (body: string) => {
        const res = await server.request(`/lines/${line.id}/whatsapp`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "x-hub-signature-256": metaSignature(APP_SECRET, body),
          },
          body,
        });
        assert.equal(res.status, 200);
      };
      await post(whatsappBody(PHONE_NUMBER_ID, "33612345678", "Amélie", {
        id: "wamid.e2e-reply",
        type: "text",
        text: { body: "Can you play Nina Simone for my mum?" },
      }));

      // an SMS without a profile name: the inbox names its author Listener, with the city the provider gave
      await server
        .sql`insert into messages (channel_id, segment_id, type, text, medium, author_city, created_at)
        values (${manager.channel_id}, ${segment.id}, 'message', 'Big up Springfield!', 'sms', 'Springfield',
          now() - interval '1 minute')`;
      await page.goto(`${baseUrl}/participations/${segment.id}?lang=en`);
      await page.waitForSelector('[data-island="MessageInbox"][data-hydrated]');
      await page.locator(".inbox-item .inbox-author", { hasText: "Listener · Springfield" }).waitFor();
      await page.locator(".inbox-item", { hasText: "Amélie" }).locator("button").click();
      const detail = page.locator(".inbox-detail");
      await detail.getByText(/This reply is sent to the listener by WhatsApp \(possible until .+\)\./)
        .waitFor();
      await detail.getByLabel("Write your reply").fill("Right after the news, Amélie!");
      await detail.getByRole("button", { name: "Send", exact: true }).click();
      const sent = await (async () => {
        for (let i = 0; i < 600; i++) {
          const found = stub.sent.find((s) => s.provider === "whatsapp");
          if (found) return found;
          await new Promise((r) => setTimeout(r, 100));
        }
        throw new Error("the reply never reached the provider");
      })();
      assert.deepEqual(sent.body.text, { preview_url: false, body: "Right after the news, Amélie!" });
      const status = (state: string) =>
        JSON.stringify({
          object: "whatsapp_business_account",
          entry: [{
            id: "1",
            changes: [{
              field: "messages",
              value: { statuses: [{ id: sent.id, status: state, recipient_id: "33612345678" }] },
            }],
          }],
        });
      await post(status("delivered"));
      await page.reload();
      await page.waitForSelector('[data-island="MessageInbox"][data-hydrated]');
      await page.locator(".inbox-item", { hasText: "Amélie" }).locator("button").click();
      await detail.locator(".inbox-reply-item .reply-delivery", { hasText: "Delivered" }).waitFor();
      await detail.locator(".reply-line-notice").scrollIntoViewIfNeeded();
      await shot("reply-delivered-1280");

      // a day later: WhatsApp's window is closed, the form says so and sends no text
      await server.sql`update line_inbound set created_at = now() - interval '25 hours'
        where provider_id = 'wamid.e2e-reply'`;
      await post(status("read"));
      await page.setViewportSize({ width: 375, height: 800 });
      await page.reload();
      await page.waitForSelector('[data-island="MessageInbox"][data-hydrated]');
      await page.locator(".inbox-item", { hasText: "Amélie" }).locator("button").click();
      await detail.locator(".inbox-reply-item .reply-delivery", { hasText: "Read" }).waitFor();
      const notice = detail.locator(".reply-window-closed");
      await notice.waitFor();
      assert.match(await notice.innerText(), /WhatsApp's 24-hour window is closed/);
      await detail.getByLabel("Write your reply").fill("Too late?");
      assert.equal(await detail.getByRole("button", { name: "Send", exact: true }).isDisabled(), true);
      await notice.scrollIntoViewIfNeeded();
      await shot("reply-window-closed-375");
      assert.deepEqual(consoleErrors, []);
    } finally {
      await stub.close();
    }
  },
  { jobs: true, env: () => ({ WHATSAPP_GRAPH_URL: stub.graphUrl, TWILIO_API_URL: stub.twilioUrl }) },
);
