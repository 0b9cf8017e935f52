// The welcome help says to each role only what it can do: an operator was told to click "Create an
// interaction", a button operators do not have. And what an operator may only read shows no Save or
// Upload button to press in vain.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { assertAccessible, browserTest, loginAs } from "./_browser.ts";

const STEPS = {
  media: "Create a media, then pick the one you work on from “Media”.",
  create: "Click “Create an interaction” and pick a template, then set its text, choices and dates.",
  interactions: "Open “Interactions” to see each interaction’s settings and results.",
  participations: "Follow the participations live: listen, like, quote or broadcast the best ones.",
  moderation: "Approve or refuse the messages waiting in “Moderation”.",
  customisation: "Set the colours and texts listeners see in “Customisation”.",
  users: "Invite your team and choose their roles in “Users”.",
  helpItems: "Write this help in each language from “Edit the help”.",
};

/** The welcome help as it opens by itself on a first visit: its first steps, in order. */
async function welcomeSteps(page: Page): Promise<string[]> {
  const dialog = page.locator("dialog.help-modal[open]");
  await dialog.waitFor();
  await dialog.getByRole("heading", { name: "What your role lets you do" }).waitFor();
  return await dialog.locator(".help-steps li").allTextContents();
}

async function closeWelcome(page: Page) {
  await page.locator("dialog.help-modal").getByRole("button", { name: "Got it" }).click();
  await page.locator("dialog.help-modal").waitFor({ state: "hidden" });
}

for (const width of [1280, 375]) {
  browserTest(
    `welcome help - each role is told only what it can do; an operator's read-only form has no Save (${width} px)`,
    async ({ page, baseUrl, server, shot, consoleErrors }) => {
      await loginAs(page, server, baseUrl, "operator");
      await page.goto(`${baseUrl}/interactions?lang=en`);
      assert.deepEqual(await welcomeSteps(page), [
        STEPS.interactions,
        STEPS.participations,
        STEPS.moderation,
      ]);
      // nowhere in the help is an operator told to create an interaction
      assert.doesNotMatch(await page.locator("dialog.help-modal").innerText(), /create an interaction/i);
      await shot(`operator-${width}`);
      if (width === 1280) await assertAccessible(page, "the welcome help of an operator");
      await closeWelcome(page);

      // the interaction an operator may only read: values shown, nothing to save or upload
      const [seg] = await server.sql<{ id: number }[]>`
        select s.id::int from segments s join users u on u.channel_id = s.channel_id
        where u.login = 'operator' and s.status not in ('trash', 'draft') order by s.id limit 1`;
      await page.goto(`${baseUrl}/interactions/${seg.id}?lang=en`);
      await page.waitForSelector('[data-island="SegmentEditForm"][data-hydrated]');
      assert.equal(await page.locator("#seg-title").isDisabled(), true);
      const form = page.locator('[data-island="SegmentEditForm"]');
      assert.equal(await form.getByRole("button", { name: "Save", exact: true }).count(), 0);
      assert.equal(await form.getByText("Upload an image or a video").count(), 0);
      assert.equal(await page.locator("#seg-background-file").count(), 0);
      await page.locator("#sec-general").scrollIntoViewIfNeeded();
      await shot(`operator-form-${width}`);

      // an administrator creates interactions and runs the channel; writing the help is not theirs
      await loginAs(page, server, baseUrl, "manager");
      await page.goto(`${baseUrl}/interactions?lang=en`);
      assert.deepEqual(await welcomeSteps(page), [
        STEPS.create,
        STEPS.interactions,
        STEPS.participations,
        STEPS.moderation,
        STEPS.customisation,
        STEPS.users,
      ]);
      await shot(`administrator-${width}`);
      await closeWelcome(page);
      // their form keeps its Save button
      await page.goto(`${baseUrl}/interactions/${seg.id}?lang=en`);
      await page.waitForSelector('[data-island="SegmentEditForm"][data-hydrated]');
      assert.equal(await page.getByRole("button", { name: "Save", exact: true }).count(), 1);

      // a super administrator also creates media and writes this help
      await loginAs(page, server, baseUrl, "admin");
      await page.goto(`${baseUrl}/channels?lang=en`);
      assert.deepEqual(await welcomeSteps(page), Object.values(STEPS));
      await shot(`super-administrator-${width}`);
      // and the one who writes it is told the steps come under it, so as not to write one role's buttons
      await closeWelcome(page);
      await page.goto(`${baseUrl}/help-items?lang=en`);
      await page.getByText("Under this text, each person also sees the first steps their role allows")
        .waitFor();
      assert.deepEqual(consoleErrors, []);
    },
    { viewport: { width, height: 800 } },
  );
}

for (
  const [lang, title, heading, steps] of [
    ["es", "¡Bienvenido!", "Bienvenido a Interaction Manager", "Lo que su rol le permite hacer"],
    ["pt", "Bem-vindo!", "Bem-vindo ao Interaction Manager", "O que a sua função lhe permite fazer"],
    ["pl", "Witamy!", "Witamy w Interaction Manager", "Co umożliwia Twoja rola"],
  ]
) {
  browserTest(
    `welcome help - a staff member reading ${lang} gets the welcome text in ${lang}, not French above steps in ${lang} (375 px)`,
    async ({ page, baseUrl, server, shot }) => {
      await loginAs(page, server, baseUrl, "operator");
      // the staff member's own language, as their profile sets it
      await server.sql`update users set language = ${lang} where login = 'operator'`;
      await page.goto(`${baseUrl}/interactions`);
      const dialog = page.locator("dialog.help-modal[open]");
      await dialog.getByRole("heading", { name: steps }).waitFor();
      assert.equal(await dialog.locator("#help-title").innerText(), title);
      await dialog.getByRole("heading", { name: heading }).waitFor();
      assert.doesNotMatch(await dialog.innerText(), /Bienvenue|Écrivez-nous/);
      await shot(`operator-${lang}-375`);
    },
    { viewport: { width: 375, height: 740 } },
  );
}
