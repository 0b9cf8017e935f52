import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { browserTest } from "./_browser.ts";
import { signToken } from "../../lib/auth.ts";
import type { TestApp } from "../_helpers.ts";

async function loginAs(page: Page, server: TestApp, baseUrl: string, login: string) {
  const [user] = await server.sql<
    { id: number }[]
  >`update users set language = 'en' where login = ${login} returning id`;
  // The welcome help opens by itself on a first visit: mark it seen so it stays out of the way.
  await server.sql`insert into help_item_seen (user_id, help_item_key) values (${user.id}, 'welcome')
    on conflict do nothing`;
  const token = await signToken(server.deps.jwtSecret, user.id, "staff");
  await page.context().clearCookies();
  await page.context().addCookies([{ name: "im_session", value: token, url: baseUrl }]);
}

/** Creates an interaction through the wizard from a template; returns its id. */
async function createThroughWizard(
  page: Page,
  shot: (label: string) => Promise<void>,
  o: { category: string; template: string; title: string; choices?: string[]; shots?: boolean },
) {
  await page.getByRole("link", { name: "Create an interaction" }).first().click();
  const dialog = page.locator("dialog.wizard[open]");
  await dialog.waitFor();
  await dialog.getByRole("radio", { name: o.category }).click();
  if (o.shots) await shot("wizard-step0");
  await dialog.getByRole("button", { name: new RegExp(o.template) }).click();
  await dialog.getByText("Recorded as a draft").waitFor();
  await dialog.getByLabel("Title").fill(o.title);
  for (const [i, label] of (o.choices ?? []).entries()) {
    if (i >= 2) await dialog.getByRole("button", { name: "Add an answer" }).click();
    await dialog.getByLabel(`Answer ${String.fromCharCode(65 + i)}`, { exact: true }).fill(label);
  }
  if (o.shots) await shot("wizard-step1");
  await dialog.getByRole("button", { name: "Next" }).click();
  await dialog.getByRole("button", { name: "Activate" }).waitFor();
  if (o.shots) await shot("wizard-step2");
  await dialog.getByRole("button", { name: "Activate" }).click();
  await dialog.getByText("Your interaction is ready").waitFor();
  if (o.shots) await shot("wizard-step3");
  const href = await dialog.getByRole("link", { name: "Open the settings" }).getAttribute("href");
  return Number(href!.split("/").pop());
}

browserTest(
  "interactions - an administrator creates a vote and a voice interaction through the wizard",
  async ({ page, baseUrl, server, shot, consoleErrors }) => {
    await loginAs(page, server, baseUrl, "manager");
    await page.goto(`${baseUrl}/interactions`);
    assert.ok(await page.locator(".segment-table tbody tr").count() >= 10);
    await shot("list-1280");

    const voteId = await createThroughWizard(page, shot, {
      category: "Survey",
      template: "Sondage",
      title: "Best album of the year",
      choices: ["Blue", "Red", "Green"],
      shots: true,
    });
    const [vote] = await server.sql`select status, type, title from segments where id = ${voteId}`;
    assert.deepEqual({ ...vote }, {
      status: "ready",
      type: "single_choice_question",
      title: "Best album of the year",
    });
    const choices = await server
      .sql`select label from segment_choices where segment_id = ${voteId} order by position`;
    assert.deepEqual(choices.map((c) => c.label), ["Blue", "Red", "Green"]);

    await page.goto(`${baseUrl}/interactions`);
    const voiceId = await createThroughWizard(page, shot, {
      category: "Voice",
      template: "Message vocal",
      title: "Tell us about your morning",
    });
    const [voice] = await server.sql`select status, type from segments where id = ${voiceId}`;
    assert.deepEqual({ ...voice }, { status: "ready", type: "recording_question" });
    assert.deepEqual(consoleErrors, []);
  },
);
