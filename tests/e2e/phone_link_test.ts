// My space → "My phone number": a listener asks for a code, the station's SMS line texts it (to the local
// provider stub), they type it in, and the SMS they had sent shows in their space.
import assert from "node:assert/strict";
import { openSession } from "../../lib/platform/sessions.ts";
import { encryptSecret } from "../../lib/platform/crypto.ts";
import { numberHash } from "../../lib/lines/inbound.ts";
import { assertAccessible, browserTest } from "./_browser.ts";
import { providerStub } from "../_providers.ts";

const ACCOUNT = { sid: `AC${"c3".repeat(16)}`, token: "twilio-auth-token" };
const NUMBER = "+33611112222";

for (const viewport of [{ width: 375, height: 740 }, { width: 1280, height: 800 }]) {
  const stub = providerStub("EAAG-access-token", ACCOUNT);
  browserTest(
    `phone link - a listener links the number they texted from, in my space, at ${viewport.width}px`,
    async ({ page, baseUrl, server, shot, consoleErrors }) => {
      try {
        const w = viewport.width;
        const [radio] = await server.sql<
          { id: number }[]
        >`select id::int as id from channels order by id limit 1`;
        await server.sql`update channels set my_space_enabled = true, language = 'en' where id = ${radio.id}`;
        const [segment] = await server.sql<{ id: number }[]>`
          select id::int as id from segments where channel_id = ${radio.id} and type = 'message' limit 1`;
        const credentials = await encryptSecret(
          server.deps.jwtSecret,
          JSON.stringify({ account_sid: ACCOUNT.sid, auth_token: ACCOUNT.token }),
        );
        await server.sql`insert into phone_lines (channel_id, kind, address, segment_id, credentials_enc)
          values (${radio.id}, 'sms', '+33700000000', ${segment.id}, ${credentials})`;
        // an SMS the listener sent before they linked their number
        const [phone] = await server.sql<{ id: number }[]>`
          insert into phone_numbers (number_hash, number_enc)
          values (${numberHash(server.deps.jwtSecret, NUMBER)}, ${await encryptSecret(
          server.deps.jwtSecret,
          NUMBER,
        )})
          returning id::int as id`;
        await server
          .sql`insert into messages (channel_id, segment_id, type, content, text, author_name, medium, phone_number_id)
          values (${radio.id}, ${segment.id}, 'message', ${server.sql.json({ text: "Texted from the car" })},
            'Texted from the car', 'Listener', 'sms', ${phone.id})`;
        const [user] = await server.sql<{ id: number }[]>`
          insert into app_users (channel_id, nickname, email, language)
          values (${radio.id}, 'Capucine', 'capucine@example.com', 'en') returning id::int as id`;
        const session = {
          id: user.id,
          is_anonymous: false,
          nickname: "Capucine",
          avatar_url: null,
          access_token: await openSession(server.deps.sql, server.deps.jwtSecret, user.id, "visitor"),
        };
        await page.addInitScript(
          (s) => localStorage.setItem("interaction-manager.user", s),
          JSON.stringify(session),
        );
        await page.goto(`${baseUrl}/widgets/channel/${radio.id}/?lang=en`);
        await page.locator("[data-ready]").waitFor();
        await page.getByTitle("My space").click();
        await page.getByRole("heading", { name: "My phone number" }).waitFor();
        assert.equal(await page.getByText("Texted from the car").count(), 0);

        await page.getByLabel("Phone number, with the country code").fill(NUMBER);
        await page.getByRole("button", { name: "Send me a code by SMS" }).click();
        await page.getByText("We sent a code to this number").waitFor();
        await shot(`code-sent-${w}`);
        const texted = stub.sent.at(-1)!;
        assert.equal(texted.body.To, NUMBER);
        const code = /\b([0-9]{6})\b/.exec(String(texted.body.Body))![1];
        await page.getByLabel("Code").fill(code);
        await page.getByRole("button", { name: "Link my number" }).click();
        await page.getByText("Your number is linked.").waitFor();
        await page.getByText("•••• 2222").waitFor();
        // the SMS sent before is now in my space, under its interaction
        await page.locator(".cw-message-head").first().click();
        await page.getByText("Texted from the car").waitFor();
        await shot(`linked-${w}`);
        await assertAccessible(page, "my space phone number");
        assert.deepEqual(consoleErrors, []);
      } finally {
        await stub.close();
      }
    },
    { viewport, env: () => ({ TWILIO_API_URL: stub.twilioUrl, WHATSAPP_GRAPH_URL: stub.graphUrl }) },
  );
}
