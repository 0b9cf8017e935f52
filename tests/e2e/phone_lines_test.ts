// Phone lines in a browser: an administrator connects a WhatsApp number in the channel's settings (the
// webhook address to paste is shown, the credentials never again), then a WhatsApp voice note, an SMS and
// a voicemail, sent as the providers send them to local stubs' accounts, show side by side in the inbox
// with their medium, and the medium filter narrows the list. At 1280 and 375 px.
import assert from "node:assert/strict";
import { browserTest, loginAs, waitUntil } from "./_browser.ts";
import { metaSignature, providerStub, twilioSigned, whatsappBody } from "../_providers.ts";
import { openSession } from "../../lib/platform/sessions.ts";

const ACCOUNT = { sid: `AC${"b2".repeat(16)}`, token: "twilio-auth-token" };
const stub = providerStub("EAAG-token", ACCOUNT);

async function tone(ext: "ogg" | "wav", codec: string[]): Promise<Uint8Array> {
  const dir = await Deno.makeTempDir();
  const out = `${dir}/voice.${ext}`;
  const args = [
    "-loglevel",
    "error",
    "-y",
    "-f",
    "lavfi",
    "-i",
    "sine=frequency=300:duration=3",
    ...codec,
    out,
  ];
  assert.ok((await new Deno.Command("ffmpeg", { args }).output()).success);
  const bytes = await Deno.readFile(out);
  await Deno.remove(dir, { recursive: true });
  return bytes;
}

browserTest(
  "phone lines - the lines form, then a WhatsApp voice note, an SMS and a voicemail side by side in the inbox",
  async ({ page, baseUrl, server, shot, consoleErrors }) => {
    try {
      await loginAs(page, server, baseUrl, "manager", { welcomeSeen: true });
      const [manager] = await server.sql<{ id: number; channel_id: number }[]>`
        select id::int as id, channel_id::int as channel_id from users where login = 'manager'`;
      const channel = manager.channel_id;
      const [segment] = await server.sql<{ id: number }[]>`
        insert into segments (channel_id, type, title, text, status, start_date, enable_written_answer)
        values (${channel}, 'recording_question', 'Your morning message', 'Tell us', 'published',
          now() - interval '1 hour', true)
        returning id::int as id`;

      await page.goto(`${baseUrl}/channels/${channel}`);
      await page.getByRole("link", { name: "Phone lines" }).click();
      await page.waitForURL(`**/channels/${channel}/lines`);
      await page.getByText("No line yet.").waitFor();
      await page.waitForSelector('[data-island="LinesPanel"][data-hydrated]');
      await page.getByLabel("Name").fill("Morning WhatsApp");
      await page.getByLabel("Number").fill("106540352242922");
      await page.getByLabel("Feeds the interaction").last().selectOption(String(segment.id));
      await page.getByLabel("App secret").fill("meta-app-secret");
      await page.getByLabel("Access token").fill("EAAG-token");
      await page.getByLabel("Verify token").fill("verify-me");
      await page.getByRole("button", { name: "Connect the line" }).click();
      const card = page.locator(".line-card").first();
      await card.getByText("Credentials saved (never shown again)").waitFor();
      const webhook = await card.getByLabel("Webhook address to paste at the provider").inputValue();
      assert.match(webhook, new RegExp(`^${baseUrl}/lines/\\d+/whatsapp$`));
      assert.ok(!(await page.content()).includes("meta-app-secret"), "a secret is never shown back");
      await page.evaluate(() => scrollTo(0, 0)); // the page as it opens, header on top
      await shot("lines-1280");
      await page.setViewportSize({ width: 375, height: 800 });
      await page.reload();
      await page.locator(".line-card").first().waitFor();
      await page.evaluate(() => scrollTo(0, 0));
      await shot("lines-375");
      await page.setViewportSize({ width: 1280, height: 800 });

      // an SMS line and a voicemail line feeding the same interaction, through the API
      const token = await openSession(server.sql, server.deps.jwtSecret, manager.id, "staff");
      const twilio = { account_sid: ACCOUNT.sid, auth_token: ACCOUNT.token };
      const lineOf = async (kind: string) => {
        const res = await server.request(`/api/v1/channels/${channel}/lines`, {
          method: "POST",
          token,
          json: { kind, segment_id: segment.id, credentials: twilio },
        });
        assert.equal(res.status, 201);
        return (await res.json()).id as number;
      };
      const sms = await lineOf("sms"), voice = await lineOf("voice");
      const whatsapp = Number(webhook.split("/").at(-2));

      stub.media.set("2045553", { bytes: await tone("ogg", ["-c:a", "libopus"]), type: "audio/ogg" });
      const body = whatsappBody("106540352242922", "33612345678", "Amélie", {
        id: "wamid.e2e-voice",
        type: "audio",
        audio: { id: "2045553", mime_type: "audio/ogg; codecs=opus", voice: true },
      });
      const wa = await server.request(`/lines/${whatsapp}/whatsapp`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-hub-signature-256": metaSignature("meta-app-secret", body),
        },
        body,
      });
      assert.equal(wa.status, 200);
      const twilioPost = async (path: string, params: Record<string, string>) => {
        const url = `${baseUrl}/lines/${path}`;
        const res = await server.request(`/lines/${path}`, {
          method: "POST",
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            "x-twilio-signature": twilioSigned(ACCOUNT.token, url, params),
          },
          body: new URLSearchParams(params).toString(),
        });
        assert.equal(res.status, 200);
        return await res.text();
      };
      await twilioPost(`${sms}/sms`, {
        AccountSid: ACCOUNT.sid,
        MessageSid: `SM${"c".repeat(32)}`,
        From: "+33622222222",
        Body: "Big up to the breakfast team!",
      });
      const twiml = await twilioPost(`${voice}/voice`, {
        AccountSid: ACCOUNT.sid,
        CallSid: `CA${"d".repeat(32)}`,
        From: "+33633333333",
      });
      const callback = twiml.match(/recordingStatusCallback="([^"]+)"/)![1].replaceAll("&amp;", "&");
      const recording = `RE${"e".repeat(32)}`;
      stub.media.set(recording, { bytes: await tone("wav", []), type: "audio/wav" });
      await twilioPost(`${voice}/recording${callback.slice(callback.indexOf("?"))}`, {
        AccountSid: ACCOUNT.sid,
        CallSid: `CA${"d".repeat(32)}`,
        RecordingSid: recording,
        RecordingStatus: "completed",
      });
      // both voices fetched and processed (waveform, broadcast copy): generous, the machine is shared
      await waitUntil(
        async () => {
          const [{ n }] = await server.sql<{ n: number }[]>`select count(*)::int as n from messages
          where segment_id = ${segment.id} and media_id is not null and processing_status = 'done'`;
          return n === 2 || null;
        },
        "both voices processed",
        180_000,
      );

      await page.goto(`${baseUrl}/participations/${segment.id}?lang=en`);
      await page.waitForSelector('[data-island="MessageInbox"][data-hydrated]');
      for (const medium of ["whatsapp", "sms", "voice"]) {
        await page.locator(`.inbox-item .medium-icon[data-medium="${medium}"]`).waitFor();
      }
      assert.equal(await page.locator(".inbox-item").count(), 3);
      assert.equal(
        await page.locator(".inbox-item .waveform-sm").count(),
        2,
        "two voices with their waveform",
      );
      assert.match(await page.locator(".inbox-item", { hasText: "Amélie" }).innerText(), /WhatsApp/);
      await shot("inbox-1280");
      await page.setViewportSize({ width: 375, height: 800 });
      await page.reload();
      await page.waitForSelector('[data-island="MessageInbox"][data-hydrated]');
      await page.locator(".inbox-item").nth(2).waitFor();
      await shot("inbox-375");
      await page.getByLabel("Medium").selectOption("sms");
      await waitUntil(
        async () => (await page.locator(".inbox-item").count()) === 1 || null,
        "SMS only",
        60_000,
      );
      assert.match(await page.locator(".inbox-item").innerText(), /Big up to the breakfast team/);
      assert.deepEqual(consoleErrors, []);
    } finally {
      await stub.close();
    }
  },
  { jobs: true, env: () => ({ WHATSAPP_GRAPH_URL: stub.graphUrl, TWILIO_API_URL: stub.twilioUrl }) },
);
