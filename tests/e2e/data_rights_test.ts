// My space → "Download my data" and "Delete my account" in the channel widget.
import assert from "node:assert/strict";
import { unzipSync } from "fflate";
import { openSession } from "../../lib/platform/sessions.ts";
import { assertAccessible, browserTest } from "./_browser.ts";

for (const viewport of [{ width: 375, height: 740 }, { width: 1280, height: 800 }]) {
  browserTest(
    `data rights - a listener downloads then deletes their data from my space at ${viewport.width}px`,
    async ({ page, baseUrl, server, shot, consoleErrors }) => {
      const w = viewport.width;
      const [radio] = await server.sql<
        { id: number }[]
      >`select id::int as id from channels order by id limit 1`;
      await server.sql`update channels set my_space_enabled = true where id = ${radio.id}`;
      const [segment] = await server.sql<{ id: number }[]>`
        select id::int as id from segments where channel_id = ${radio.id} and type = 'message' limit 1`;
      const [user] = await server.sql<{ id: number }[]>`
        insert into app_users (channel_id, nickname, email, first_name, language)
        values (${radio.id}, 'Capucine', 'capucine@example.com', 'Capucine', 'en') returning id::int as id`;
      await server
        .sql`insert into messages (channel_id, segment_id, type, text, author_app_user_id, author_name)
        values (${radio.id}, ${segment.id}, 'message', 'Capucine says hello', ${user.id}, 'Capucine')`;
      const session = {
        id: user.id,
        is_anonymous: false,
        nickname: "Capucine",
        avatar_url: null,
        access_token: await openSession(server.deps.sql, server.deps.jwtSecret, user.id, "visitor"),
      };
      await page.addInitScript((s) => {
        if (!sessionStorage.getItem("seeded")) {
          localStorage.setItem("interaction-manager.user", s);
          sessionStorage.setItem("seeded", "1");
        }
      }, JSON.stringify(session));
      await page.goto(`${baseUrl}/widgets/channel/${radio.id}/?lang=en`);
      await page.locator("[data-ready]").waitFor();
      await page.getByTitle("My space").click();
      await page.getByRole("heading", { name: "My data" }).waitFor();

      // download: the worker builds the zip, the widget polls, then offers the link
      const exported = page.waitForResponse((r) => r.url().endsWith("/api/v1/app_users/data/export"));
      await page.getByRole("button", { name: "Download my data" }).click();
      assert.equal((await exported).status(), 202);
      const link = page.getByTestId("data-export-link");
      await link.waitFor({ timeout: 30_000 });
      await page.getByText("Your data is ready").waitFor();
      await shot(`rights-export-ready-${w}`);
      await page.screenshot({ path: `/tmp/shots-rights/export-ready-${w}.png`, fullPage: true }).catch(
        () => {},
      );
      const href = await link.getAttribute("href");
      const zip = unzipSync(new Uint8Array(await (await fetch(`${baseUrl}${href}`)).arrayBuffer()));
      const participations = JSON.parse(new TextDecoder().decode(zip["participations.json"]));
      assert.equal(participations[0].text, "Capucine says hello");
      await assertAccessible(page, "my space data rights");

      // delete: a confirmation first, then the account is gone and the listener signed out
      await page.getByRole("button", { name: "Delete my account" }).click();
      await page.getByRole("alertdialog").waitFor();
      await shot(`rights-delete-confirm-${w}`);
      await page.screenshot({ path: `/tmp/shots-rights/delete-confirm-${w}.png`, fullPage: true }).catch(
        () => {},
      );
      const deleted = page.waitForResponse((r) =>
        r.url().endsWith("/api/v1/app_users/data") && r.request().method() === "DELETE"
      );
      await page.getByRole("button", { name: "Yes, delete everything" }).click();
      assert.equal((await deleted).status(), 200);
      await page.getByText("Reserved space").waitFor();
      assert.equal(await page.evaluate(() => localStorage.getItem("interaction-manager.user")), null);
      const [gone] = await server.sql`select count(*)::int as n from app_users where id = ${user.id}`;
      assert.equal(gone.n, 0);
      const [message] = await server.sql`select text from messages where segment_id = ${segment.id}
        and erased_at is not null`;
      assert.equal(message.text, null);
      assert.deepEqual(consoleErrors, []);
    },
    { viewport, jobs: true },
  );
}
