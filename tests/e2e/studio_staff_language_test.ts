// The studio's screens speak the station's and the staff member's language, not the browser's, and a staff
// session that ends mid-show sends the person to sign in again, back to where they were. Walked in Chromium.
import assert from "node:assert/strict";
import { browserTest, loginAs } from "./_browser.ts";
import { newOverlayToken } from "../../lib/rules/overlay.ts";

const SHOTS = "/tmp/shots-studio";

browserTest(
  "overlay - speaks the channel's language whatever the language of the mixer's browser",
  async ({ page, baseUrl, server }) => {
    const token = newOverlayToken();
    const [seg] = await server.sql<{ id: number; channel_id: number }[]>`
      select s.id, s.channel_id from segments s where s.status <> 'draft' order by s.id limit 1`;
    await server.sql`update channels set language = 'pt' where id = ${seg.channel_id}`;
    await server
      .sql`insert into segment_overlays (segment_id, token, view) values (${seg.id}, ${token}, 'message')
      on conflict (segment_id) do update set token = excluded.token, view = 'message', message_id = null`;
    await page.setExtraHTTPHeaders({ "accept-language": "en-US,en;q=0.9" });
    await page.goto(`${baseUrl}/overlay/${token}`);
    await page.getByText("Nenhuma mensagem no ar").waitFor();
    assert.equal(await page.locator("html").getAttribute("lang"), "pt");
    // the address can still ask for another language (a test screen in the control room)
    await page.goto(`${baseUrl}/overlay/${token}?lang=en`);
    await page.getByText("No message on air").waitFor();
  },
);

browserTest(
  "inbox keyboard help - names the Space key in the staff member's language, not the browser's",
  async ({ page, baseUrl, server }) => {
    await loginAs(page, server, baseUrl, "operator", { welcomeSeen: true });
    await server.sql`update users set language = 'fr' where login = 'operator'`;
    await page.setExtraHTTPHeaders({ "accept-language": "en-US,en;q=0.9" });
    const [seg] = await server.sql<{ id: number }[]>`
      select s.id from segments s join messages m on m.segment_id = s.id group by s.id order by s.id limit 1`;
    await page.goto(`${baseUrl}/participations/${seg.id}`);
    await page.waitForSelector('[data-island="MessageInbox"][data-hydrated]');
    await page.locator("body").press("?");
    const help = page.getByRole("dialog", { name: "Raccourcis clavier" });
    await help.waitFor();
    const keys = await help.locator("kbd").allInnerTexts();
    assert.ok(keys.includes("Espace"), `the play key is named in French (${keys.join(" ")})`);
    assert.ok(!keys.includes("Space"));
    await page.screenshot({ path: `${SHOTS}/keys-help-fr-1280.png` });
  },
);

browserTest(
  "back office - a staff session that ends sends the next save to the login page, with the way back",
  async ({ page, baseUrl, server }) => {
    await loginAs(page, server, baseUrl, "manager", { welcomeSeen: true });
    const [seg] = await server.sql<{ id: number }[]>`
      select s.id from segments s join users u on u.channel_id = s.channel_id
      where u.login = 'manager' and s.status in ('ready', 'published') order by s.id limit 1`;
    await page.goto(`${baseUrl}/interactions/${seg.id}?lang=en`);
    await page.waitForSelector('[data-island="SegmentEditForm"][data-hydrated]');
    // the session ends (signed out elsewhere, expired) while the page stays open
    await server.sql`update sessions set revoked_at = now()
      where kind = 'staff' and user_id = (select id from users where login = 'manager')`;
    await page.getByLabel("Title").fill("Still on air");
    await page.waitForURL((url) => url.pathname === "/login");
    assert.equal(new URL(page.url()).searchParams.get("next"), `/interactions/${seg.id}?lang=en`);
    assert.equal(await page.getByText("Please log in.").count(), 0);
  },
);

browserTest(
  "back office - the login page after a session ended speaks the staff member's language, not the browser's",
  async ({ page, baseUrl, server }) => {
    await loginAs(page, server, baseUrl, "operator", { welcomeSeen: true });
    await server.sql`update users set language = 'pl' where login = 'operator'`;
    // the studio PC's browser is set to English; the producer reads Polish
    await page.setExtraHTTPHeaders({ "accept-language": "en-US,en;q=0.9" });
    const [seg] = await server.sql<{ id: number }[]>`
      select s.id from segments s join messages m on m.segment_id = s.id group by s.id order by s.id limit 1`;
    await page.goto(`${baseUrl}/participations/${seg.id}`);
    await page.waitForSelector('[data-island="MessageInbox"][data-hydrated]');
    await server.sql`update sessions set revoked_at = now()
      where kind = 'staff' and user_id = (select id from users where login = 'operator')`;
    await page.waitForURL((url) => url.pathname === "/login", { timeout: 60_000 });
    assert.equal(await page.locator("html").getAttribute("lang"), "pl");
    await page.getByText("Zaloguj się do panelu swojego medium.").waitFor();
    assert.equal(new URL(page.url()).searchParams.get("next"), `/participations/${seg.id}`);
    await page.screenshot({ path: `${SHOTS}/login-after-session-pl-375.png` });
  },
  { viewport: { width: 375, height: 740 } },
);

browserTest(
  "inbox - a staff session that ends while the inbox is open sends to the login page, leaving no action buttons",
  async ({ page, baseUrl, server }) => {
    await loginAs(page, server, baseUrl, "operator", { welcomeSeen: true });
    const [seg] = await server.sql<{ id: number }[]>`
      select s.id from segments s join messages m on m.segment_id = s.id group by s.id order by s.id limit 1`;
    await page.goto(`${baseUrl}/participations/${seg.id}?lang=en`);
    await page.waitForSelector('[data-island="MessageInbox"][data-hydrated]');
    await page.waitForSelector(".inbox-item");
    // signed out from another tab, or the session expired: the inbox's live stream ends
    await server.sql`update sessions set revoked_at = now()
      where kind = 'staff' and user_id = (select id from users where login = 'operator')`;
    // the stream's end asks the server at once (islands/browser/live.ts); how soon is not asserted here (a
    // loaded machine delays it), only where it leads
    await page.waitForURL((url) => url.pathname === "/login", { timeout: 60_000 });
    assert.equal(new URL(page.url()).searchParams.get("next"), `/participations/${seg.id}?lang=en`);
  },
);
