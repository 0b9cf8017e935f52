import assert from "node:assert/strict";
import { assertAccessible, browserTest, storeListener } from "./_browser.ts";

const SHOTS = "/tmp/shots-24";

for (const viewport of [{ width: 375, height: 740 }, { width: 1280, height: 800 }]) {
  browserTest(
    `widget language - a signed-in listener's language over an English browser at ${viewport.width}px`,
    async ({ page, baseUrl, server, consoleErrors }) => {
      const [radio] = await server.sql<{ id: number }[]>`select id from channels order by id limit 1`;
      const [live] = await server.sql<{ id: number }[]>`
        select id::int as id from segments where channel_id = ${radio.id} and status = 'published'
        order by id limit 1`;
      const [gone] = await server.sql<{ id: number }[]>`
        insert into segments (channel_id, type, title, text, status)
        values (${radio.id}, 'single_choice_question', 'Old', 'Old?', 'draft') returning id::int as id`;
      const [listener] = await server.sql<{ id: number }[]>`
        insert into app_users (nickname, language, email) values ('Lia', 'pt', 'lia@example.test')
        returning id::int as id`;
      const home = `${baseUrl}/widgets/channel/${radio.id}/`;
      // Chromium asks for en-US: a visitor sees English
      await page.goto(home);
      await page.locator(".cw-slide").first().getByRole("link", { name: "Participate" }).waitFor();
      // the listener signed in (the session the widget keeps), then reloads: Portuguese everywhere
      await storeListener(page, server, { id: listener.id, nickname: "Lia", language: "pt" });
      await page.reload();
      await page.locator(".cw-slide").first().getByRole("link", { name: "Participar" }).waitFor();
      assert.equal(await page.locator("html").getAttribute("lang"), "pt");
      await page.screenshot({ path: `${SHOTS}/language-channel-pt-${viewport.width}.png`, fullPage: true });
      await assertAccessible(page, "channel widget in the listener's language");

      await page.goto(`${baseUrl}/widgets/${radio.id}/${live.id}/`);
      await page.locator("[data-island][data-hydrated]").first().waitFor({ state: "attached" });
      assert.equal(await page.locator("html").getAttribute("lang"), "pt");
      await page.getByText("Com tecnologia Interaction Manager").waitFor();

      await page.goto(`${baseUrl}/widgets/${radio.id}/${gone.id}/`);
      await page.getByText("Esta interação já não está disponível", { exact: false }).waitFor();
      await page.screenshot({ path: `${SHOTS}/language-gone-pt-${viewport.width}.png`, fullPage: true });
      await assertAccessible(page, "unavailable page in the listener's language");

      // the address's ?lang= still wins over the listener's
      await page.goto(`${home}?lang=en`);
      await page.locator(".cw-slide").first().getByRole("link", { name: "Participate" }).waitFor();
      // the unavailable page's own 410 is the one resource error expected
      assert.deepEqual(consoleErrors.filter((e) => !e.includes("410 (Gone)")), []);
    },
    { viewport },
  );
}
