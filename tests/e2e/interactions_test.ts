import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { assertAccessible, browserTest, loginAs, skip, waitUntil } from "./_browser.ts";
import { SEGMENT_AUTOSAVE_MS } from "../../lib/rules/constants.ts";
import { publicUrl } from "../../lib/platform/config.ts";

// The preview iframes hold the widget, which has its own checks.
const axe = (page: Page, where: string) => assertAccessible(page, where, ["iframe"]);

/** Waits until the database shows what the page saved. */
const waitFor = (check: () => Promise<boolean>) => waitUntil(check, "the change in the database", 8000);

/** Creates an interaction through the wizard from a template; returns its id. */
async function createThroughWizard(
  page: Page,
  shot: (label: string) => Promise<void>,
  o: {
    category: string;
    template: string;
    title: string;
    choices?: string[];
    shots?: boolean;
    shown?: string;
  },
) {
  await page.getByRole("link", { name: "Create an interaction" }).first().click();
  const dialog = page.locator("dialog.wizard[open]");
  await dialog.waitFor();
  await dialog.getByRole("radio", { name: o.category }).click();
  if (o.shots) {
    await shot("wizard-step0");
    await axe(page, "wizard step 0");
  }
  await dialog.getByRole("button", { name: new RegExp(o.template) }).click();
  await dialog.getByLabel("Title").fill(o.title);
  // the draft is made by the first edit, not by the template's click
  await dialog.getByText("Recorded as a draft").waitFor();
  for (const [i, label] of (o.choices ?? []).entries()) {
    if (i >= 2) await dialog.getByRole("button", { name: "Add an answer" }).click();
    await dialog.getByLabel(`Answer ${String.fromCharCode(65 + i)}`, { exact: true }).fill(label);
  }
  if (o.shots) await shot("wizard-step1");
  await dialog.getByRole("button", { name: "Next" }).click();
  // a registration, a draw, a quiz or an SMS game asks which data it collects: a contact at least
  const data = dialog.getByRole("checkbox", { name: "Email – Ask" });
  await data.or(dialog.getByRole("button", { name: "Activate" })).waitFor();
  if (await data.isVisible()) {
    await data.check();
    await dialog.getByRole("button", { name: "Next" }).click();
  }
  await dialog.getByRole("button", { name: "Activate" }).waitFor();
  if (o.shots) await shot("wizard-step2");
  await dialog.getByRole("button", { name: "Activate" }).click();
  await dialog.getByText("Your interaction is ready").waitFor();
  // the summary names the type as the lists do (a photo contest is stored as a video type)
  if (o.shown) assert.equal(await dialog.locator("dt:text-is('Type') + dd").innerText(), o.shown);
  if (o.shots) await shot("wizard-step3");
  const href = await dialog.getByRole("link", { name: "Open the settings" }).getAttribute("href");
  return Number(href!.split("/").pop());
}

browserTest(
  "interactions - an administrator creates a vote and a voice interaction through the wizard",
  async ({ page, baseUrl, server, shot, consoleErrors }) => {
    await loginAs(page, server, baseUrl, "manager", { welcomeSeen: true });
    await page.goto(`${baseUrl}/interactions`);
    assert.ok(await page.locator(".segment-table tbody tr").count() >= 10);
    await shot("list-1280");
    await axe(page, "/interactions");

    const voteId = await createThroughWizard(page, shot, {
      category: "Survey",
      template: "Poll",
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
      template: "Voice message",
      title: "Tell us about your morning",
    });
    const [voice] = await server.sql`select status, type from segments where id = ${voiceId}`;
    assert.deepEqual({ ...voice }, { status: "ready", type: "recording_question" });

    // the voice interaction becomes permanent: Up to → permanent clears and disables the end
    await page.goto(`${baseUrl}/interactions/${voiceId}`);
    await page.waitForSelector('[data-island="SegmentEditForm"][data-hydrated]'); // a change before is lost
    await page.getByLabel("Up to").selectOption("permanent");
    assert.equal(await page.getByLabel("End date").isDisabled(), true);
    await page.getByText("Saved !").first().waitFor();
    const [permanent] = await server.sql`select to_mode, end_date from segments where id = ${voiceId}`;
    assert.deepEqual({ ...permanent }, { to_mode: "permanent", end_date: null });

    // the vote: edit its choices, schedule it, read the results, share it, export it
    await page.goto(`${baseUrl}/interactions/${voteId}`);
    await page.waitForSelector('[data-island="SegmentEditForm"][data-hydrated]');
    await page.getByRole("button", { name: "Add an answer" }).click();
    await page.getByLabel("Answer D", { exact: true }).fill("Yellow");
    await page.getByLabel("Answer B", { exact: true }).fill("Crimson");
    await page.getByText("Saved !").first().waitFor();
    await waitFor(async () =>
      (await server.sql`select label from segment_choices where segment_id = ${voteId} order by position`)
        .map((c) => c.label).join() === "Blue,Crimson,Green,Yellow"
    );
    // the type waits for its own Save button (no autosave)
    await page.getByLabel("Type", { exact: true }).selectOption("multiple_choice_question");
    await page.getByLabel("Ask why after the vote").check();
    await skip(page, SEGMENT_AUTOSAVE_MS + 500); // past the autosave: the type is not in it
    const [before] = await server.sql`select type, testimonial_demanded from segments where id = ${voteId}`;
    assert.deepEqual({ ...before }, { type: "single_choice_question", testimonial_demanded: false });
    await page.locator(".explicit-box").getByRole("button", { name: "Save" }).click();
    await waitFor(async () =>
      (await server.sql`select type from segments where id = ${voteId}`)[0].type ===
        "multiple_choice_question"
    );
    await page.getByLabel("Incentive text").fill("Tell us why!");
    await waitFor(async () =>
      (await server.sql`select testimonial from segments where id = ${voteId}`)[0].testimonial ===
        "Tell us why!"
    );

    await page.getByLabel("From").selectOption("programmed");
    await page.getByLabel("Start date").fill("04/05/2031");
    await page.getByLabel("Start date").dispatchEvent("change");
    await waitFor(async () => {
      const [row] = await server
        .sql`select from_mode, start_date, end_date from segments where id = ${voteId}`;
      return row.from_mode === "programmed" && new Date(row.start_date).getUTCFullYear() === 2031 &&
        new Date(row.end_date).getTime() - new Date(row.start_date).getTime() >= 3600_000;
    });

    // a vote arrives: the live panel shows it within a poll
    const [blue] = await server
      .sql`select id from segment_choices where segment_id = ${voteId} and position = 0`;
    await server
      .sql`insert into vote_counts (segment_id, choice_id, shard, count) values (${voteId}, ${blue.id}, 0, 3)`;
    await page.locator(".results-panel").getByText("3 votes").waitFor({ timeout: 15_000 });
    await page.evaluate(() => scrollTo(0, 0));
    await shot("edit-1280");
    await axe(page, "/interactions/{id}");

    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl });
    await page.getByRole("button", { name: "Copy the link" }).click();
    await page.getByRole("button", { name: "Copied" }).first().waitFor();
    const [uuid] = await server.sql`select uuid from segments where id = ${voteId}`;
    const shareUrl = `${publicUrl(server.deps.config)}/s/${uuid.uuid}`;
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), shareUrl);
    const qr = await page.getByRole("link", { name: "QR code with SVG and PNG download" }).getAttribute(
      "href",
    );
    assert.equal(qr, `/qr-code?qrData=${encodeURIComponent(shareUrl)}`);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download the participations (CSV)" }).click(),
    ]);
    assert.equal(download.suggestedFilename(), "export.csv");
    const csv = await Deno.readFile((await download.path())!);
    assert.deepEqual([...csv.slice(0, 3)], [0xef, 0xbb, 0xbf]);

    // row actions: duplicate the vote from the list, then archive the copy
    await page.goto(`${baseUrl}/interactions`);
    await page.locator('[data-hydrated] summary[aria-label="Actions for Best album of the year"]').click();
    // the reload's load event is consumed here, so the one awaited for Archive is Archive's own
    await Promise.all([
      page.waitForEvent("load"),
      page.getByRole("button", { name: "Duplicate", exact: true }).click(),
    ]);
    await page.getByRole("link", { name: "Best album of the year (copy)" }).waitFor();
    const [copy] = await server
      .sql`select id, status from segments where title = 'Best album of the year (copy)'`;
    assert.equal(copy.status, "draft");
    await page.locator('[data-hydrated] summary[aria-label="Actions for Best album of the year (copy)"]')
      .click();
    await Promise.all([
      page.waitForEvent("load"),
      page.getByRole("button", { name: "Archive", exact: true }).click(),
    ]);
    await waitFor(async () =>
      (await server.sql`select status from segments where id = ${copy.id}`)[0].status === "archived"
    );

    await page.setViewportSize({ width: 375, height: 800 });
    await page.evaluate(() => scrollTo(0, 0));
    await shot("edit-375");
    await page.goto(`${baseUrl}/interactions`);
    await shot("list-375");
    await page.goto(`${baseUrl}/interactions/create`);
    await page.locator("dialog.wizard[open]").getByRole("radio", { name: "Voice" }).click();
    await shot("wizard-step0-375");
    await page.goto(`${baseUrl}/interactions/${voteId}/webview`);
    await shot("webview-375");
    await page.goto(`${baseUrl}/timeline`);
    await shot("timeline-week-375");
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${baseUrl}/timeline`);
    await page.locator(".gantt").getByRole("link", { name: "Le tube de l'été" }).first().waitFor();
    await shot("timeline-week-1280");
    await axe(page, "/timeline");
    await page.getByRole("link", { name: "Month" }).click();
    await page.waitForURL(/view=month/);
    await shot("timeline-month-1280");
    await page.getByRole("link", { name: "Broadcasting channel" }).click();
    await page.getByRole("heading", { name: "Live now" }).waitFor();
    await shot("broadcast-1280");
    await axe(page, "/broadcast");
    assert.deepEqual(consoleErrors.filter((e) => !e.includes("/widgets/")), []);
  },
  { clock: true },
);

browserTest(
  "interactions - one interaction of each allowed type through the wizard, shared and opened",
  async ({ page, baseUrl, server, shot, consoleErrors }) => {
    await loginAs(page, server, baseUrl, "manager", { welcomeSeen: true });
    const kinds = [
      { category: "Survey", template: "Poll", type: "single_choice_question", choices: ["Yes", "No"] },
      {
        category: "Survey",
        template: "Multiple choice",
        type: "multiple_choice_question",
        choices: ["A", "B"],
      },
      { category: "Voice", template: "Voice message", type: "recording_question" },
      { category: "Video", template: "Video testimony", type: "video", shown: "Video" },
      { category: "Image", template: "Photo contest", type: "video", shown: "Photo" },
      { category: "Text", template: "Written message", type: "message" },
      { category: "Game", template: "Quiz", type: "game", choices: ["Right", "Wrong"] },
      { category: "Registration", template: "Registration", type: "registration" },
      { category: "SMS", template: "SMS game", type: "sms" },
    ];
    const created: number[] = [];
    for (const [i, k] of kinds.entries()) {
      await page.goto(`${baseUrl}/interactions?lang=en`);
      const id = await createThroughWizard(page, shot, { ...k, title: `Every type ${i + 1}` });
      const [row] = await server.sql`select status, type from segments where id = ${id}`;
      assert.deepEqual({ ...row }, { status: "ready", type: k.type }, k.template);
      created.push(id);
    }
    // each opens from its share link on the public widget
    for (const id of created) {
      const [seg] = await server.sql<{ uuid: string; channel_id: number }[]>`
        select uuid, channel_id from segments where id = ${id}`;
      await page.context().clearCookies();
      await page.goto(`${baseUrl}/s/${seg.uuid}?lang=en`);
      assert.match(page.url(), new RegExp(`/widgets/${seg.channel_id}/${id}/`));
      await page.locator('[data-island="SingleWidget"]').waitFor();
    }
    await shot("every-type-widget");
    // the QR code of a share link downloads as svg
    const [seg] = await server.sql<{ uuid: string }[]>`select uuid from segments where id = ${created[0]}`;
    await page.goto(`${baseUrl}/qr-code?qrData=${encodeURIComponent(`${baseUrl}/s/${seg.uuid}`)}&lang=en`);
    await page.waitForSelector('[data-island="QrDownload"][data-hydrated] button');
    const [svg] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download SVG" }).click(),
    ]);
    assert.match(new TextDecoder().decode(await Deno.readFile((await svg.path())!)), /<svg/);
    assert.deepEqual(consoleErrors, []);
  },
);
