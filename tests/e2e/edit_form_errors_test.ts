// The interaction edit form says every refused field under that field (back-office §8 Forms), not only in the
// toast: here a type the channel stopped offering while the page was open, and data collection switched on
// after the channel started requiring a login. Each message is tied to its field for screen readers.
import assert from "node:assert/strict";
import { assertUnder, describedError } from "./_field_errors.ts";
import { browserTest, loginAs } from "./_browser.ts";

for (const width of [1280, 375]) {
  browserTest(
    `interaction edit form - a refused type and a refused data collection are said under their fields (${width} px)`,
    async ({ page, baseUrl, server, consoleErrors }) => {
      await loginAs(page, server, baseUrl, "admin", { welcomeSeen: true });
      const [seg] = await server.sql<{ id: number; channel_id: number }[]>`
        select id::int, channel_id::int from segments
        where type = 'message' and status <> 'trash' and title <> '' order by id limit 1`;
      await server.sql`update channels set customisation = customisation || '{"with_connexion": false}',
        interaction_available_voice = true where id = ${seg.channel_id}`;
      await server.sql`update segments set customisation = customisation - 'with_connexion',
        gather_information = false where id = ${seg.id}`;
      await page.goto(`${baseUrl}/interactions/${seg.id}`);
      await page.waitForSelector('[data-island="SegmentEditForm"][data-hydrated]');
      assert.equal(await page.locator("#seg-type").getAttribute("aria-invalid"), null);

      // another administrator stops offering voice messages on the channel while the form is open
      await page.locator("#seg-type").selectOption("recording_question");
      await server.sql`update channels set interaction_available_voice = false where id = ${seg.channel_id}`;
      await page.getByRole("button", { name: "Save", exact: true }).click();
      const typeError = "This type of interaction is not available on this channel.";
      await page.locator("#seg-type-error").waitFor();
      assert.equal(await page.locator("#seg-type-error").textContent(), typeError);
      assert.equal(await page.locator("#seg-type").getAttribute("aria-invalid"), "true");
      assert.equal(await describedError(page, "seg-type"), typeError);
      await assertUnder(page, "seg-type");
      // not saved, so Save stays there to try again
      assert.equal(await page.getByRole("button", { name: "Save", exact: true }).isEnabled(), true);
      await page.locator("#seg-type").scrollIntoViewIfNeeded();
      await Deno.mkdir("tests/e2e/screenshots", { recursive: true });
      await page.screenshot({ path: `tests/e2e/screenshots/edit-form-errors-type-${width}.png` });

      // the channel starts requiring a login: collecting data is refused, said under its checkbox
      await server.sql`update channels set customisation = customisation || '{"with_connexion": true}'
        where id = ${seg.channel_id}`;
      await page.locator("#seg-gather").check();
      const gatherError = "Data collection is disabled: the customisation requires a login.";
      await page.locator("#seg-gather-error").waitFor();
      assert.equal(await page.locator("#seg-gather-error").textContent(), gatherError);
      assert.equal(await page.locator("#seg-gather").getAttribute("aria-invalid"), "true");
      assert.equal(await describedError(page, "seg-gather"), gatherError);
      // refused, so the box shows what is stored (off), not ticked as if saved
      assert.equal(await page.locator("#seg-gather").isChecked(), false);
      // that answer was about the collection only: the type, still not saved, keeps its message
      assert.equal(await page.locator("#seg-type-error").textContent(), typeError);
      await assertUnder(page, "seg-gather");
      await page.locator("#seg-gather").scrollIntoViewIfNeeded();
      await page.screenshot({ path: `tests/e2e/screenshots/edit-form-errors-gather-${width}.png` });
      const [row] = await server.sql`select gather_information, type from segments where id = ${seg.id}`;
      assert.deepEqual(
        { ...row },
        { gather_information: false, type: "message" },
        "nothing refused was saved",
      );
      assert.deepEqual(consoleErrors.filter((e) => !e.includes("422")), []);
    },
    { viewport: { width, height: width === 375 ? 800 : 900 } },
  );
}

for (const width of [1280, 375]) {
  browserTest(
    `interaction edit form - a live registration keeps a contact: the refused item shows ticked again, said under the table (${width} px)`,
    async ({ page, baseUrl, server, shot, consoleErrors }) => {
      await loginAs(page, server, baseUrl, "manager", { welcomeSeen: true });
      const [seg] = await server.sql<{ id: number }[]>`
        select id::int from segments where title = 'Rejoignez le club des auditeurs'`;
      await page.goto(`${baseUrl}/interactions/${seg.id}?lang=en`);
      await page.waitForSelector('[data-island="SegmentEditForm"][data-hydrated]');
      const saved = () =>
        page.waitForResponse((r) =>
          r.request().method() === "PUT" && r.url().endsWith(`/api/v1/show_segments/${seg.id}`)
        );
      const phone = page.getByLabel("Phone – Ask");
      const email = page.getByLabel("Email – Ask");
      // the phone goes: the e-mail is still a way to reach the members, so it saves
      const [first] = await Promise.all([saved(), phone.uncheck()]);
      assert.equal(first.status(), 200);
      assert.equal(await phone.isChecked(), false);
      // the e-mail too: refused, and the box shows what is stored (ticked), not unticked as if saved
      const [answer] = await Promise.all([saved(), email.uncheck()]);
      assert.equal(answer.status(), 422);
      const message =
        "Collect at least an e-mail address or a phone number, so the participants can be reached.";
      await page.locator("#data-items-error").waitFor();
      assert.equal(await page.locator("#data-items-error").textContent(), message);
      assert.equal(await email.isChecked(), true);
      assert.equal(await phone.isChecked(), false);
      await page.locator("#sec-data").scrollIntoViewIfNeeded();
      await shot(`contact-${width}`);
      const [row] = await server.sql`select information_to_gather from segments where id = ${seg.id}`;
      assert.deepEqual(
        [row.information_to_gather.email.active, row.information_to_gather.phone.active],
        [true, false],
      );
      assert.deepEqual(consoleErrors.filter((e) => !e.includes("422")), []);
    },
    { viewport: { width, height: 800 } },
  );
}
