// The quiz's question editor on the interaction page, as staff use it on a desktop (1280 px) and a phone
// (375 px): a game without questions gets its first ones, a broken field says why next to itself, questions
// are reordered and removed, and once a question was played the editor no longer changes anything.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { browserTest, loginAs } from "./_browser.ts";
import { randomSegment } from "../api/_participation.ts";
import { step } from "../api/_quiz.ts";
import { demoStaff } from "../_helpers.ts";

const SHOTS = Deno.env.get("QUIZ_SHOTS_DIR"); // screenshots for a person to look at, outside the repo

/** Writes a question's text, choices and right choice in the editor's question `i`. */
async function fillQuestion(page: Page, i: number, text: string, choices: string[], right: number) {
  const q = page.locator(`.quiz-question-edit[data-index="${i}"]`);
  await q.getByLabel("Question", { exact: true }).fill(text);
  for (const [k, label] of choices.entries()) {
    await q.getByLabel(`Choice ${k + 1}`, { exact: true }).fill(label);
  }
  await q.getByRole("checkbox", { name: `Choice ${right + 1}: Right answer` }).check();
}

browserTest("quiz editor - staff write, reorder and remove questions; refused once played", async (ctx) => {
  const { page, browser, baseUrl, server, consoleErrors } = ctx;
  const { radio, token } = await demoStaff(server);
  const game = await randomSegment(server.sql, radio, { type: "game", title: "Saturday quiz" });
  const shot = async (p: Page, name: string) => {
    if (SHOTS) await p.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  };
  await loginAs(page, server, baseUrl, "manager", { welcomeSeen: true });
  await page.goto(`${baseUrl}/interactions/${game.id}`);
  const editor = page.locator(".quiz-editor");
  await editor.getByText("No question yet").waitFor();
  // the page is drawn by the server: its buttons answer once the editor's script runs
  await page.waitForSelector('[data-island="QuizEditor"][data-hydrated]');

  // a first question sent half written: the server's rules show next to their fields
  await editor.getByRole("button", { name: "Add a question" }).click();
  await editor.getByLabel("Question", { exact: true }).fill("Which river flows through Lisbon?");
  await editor.getByLabel("Time limit (seconds)").fill("2");
  await editor.getByRole("button", { name: "Save the questions" }).click();
  await page.locator("#quiz-q0-choices-error").waitFor();
  assert.equal(await page.locator("#quiz-q0-c0-error").textContent(), "Write this choice.");
  assert.equal(
    await page.locator("#quiz-q0-time-error").textContent(),
    "A time limit between 5 and 600 seconds.",
  );
  assert.equal(await page.locator("#quiz-q0-c0").getAttribute("aria-invalid"), "true");
  await shot(page, "editor-errors-1280");

  // fixed, with a second question: saved, and the presenter's panel appears
  await fillQuestion(page, 0, "Which river flows through Lisbon?", ["Douro", "Tagus", "Minho"], 1);
  await editor.getByLabel("Time limit (seconds)").fill("25");
  await editor.getByRole("button", { name: "Add a question" }).click();
  await fillQuestion(page, 1, "Which city hosts the Eurovision 2026?", ["Vienna", "Basel", "Malmö"], 0);
  await editor.getByRole("button", { name: "Save the questions" }).click();
  await page.locator(".quiz-panel .quiz-steps li").nth(1).waitFor();
  const stored = await server.sql<{ text: string; time_limit_s: number; right_choice_ids: number[] }[]>`
    select text, time_limit_s, right_choice_ids from quiz_questions where segment_id = ${game.id} order by position`;
  assert.deepEqual(stored.map((q) => [q.text, q.time_limit_s, q.right_choice_ids]), [
    ["Which river flows through Lisbon?", 25, [2]],
    ["Which city hosts the Eurovision 2026?", 20, [1]],
  ]);
  await shot(page, "editor-saved-1280");

  // the second question moved up, then the other one removed
  await page.getByRole("button", { name: "Move question 2 up" }).click();
  await page.getByRole("button", { name: "Remove question 2" }).click();
  await editor.getByRole("button", { name: "Save the questions" }).click();
  await editor.getByText("Questions saved.").waitFor();
  const after = await server.sql<{ text: string }[]>`
    select text from quiz_questions where segment_id = ${game.id} order by position`;
  assert.deepEqual(after.map((q) => q.text), ["Which city hosts the Eurovision 2026?"]);

  // on a phone: the same editor in one column, nothing wider than the screen
  const phone = await (await browser.newContext({ viewport: { width: 375, height: 800 } })).newPage();
  phone.on("pageerror", (e) => consoleErrors.push(String(e)));
  await phone.context().addCookies(await page.context().cookies());
  await phone.goto(`${baseUrl}/interactions/${game.id}`);
  await phone.locator(".quiz-question-edit").first().waitFor();
  await phone.getByRole("button", { name: "Add a question" }).click();
  await phone.getByRole("button", { name: "Save the questions" }).click();
  await phone.locator("#quiz-q1-text-error").getByText("Write the question.").waitFor();
  const overflow = await phone.locator(".quiz-editor").evaluate((el) => el.scrollWidth - el.clientWidth);
  assert.equal(overflow, 0, "the editor fits a 375 px screen");
  if (SHOTS) await phone.locator(".quiz-editor").screenshot({ path: `${SHOTS}/editor-errors-375.png` });

  // once a question was opened, the editor says so and its fields are locked
  const [{ id: first }] = await server.sql<{ id: number }[]>`
    select id::int as id from quiz_questions where segment_id = ${game.id}`;
  assert.equal((await step(server, await token("manager"), game.id, first, "open")).status, 200);
  await page.reload();
  await editor.getByText("The quiz has started: its questions can no longer be changed.").waitFor();
  assert.equal(await editor.getByLabel("Question", { exact: true }).first().isDisabled(), true);
  assert.equal(await editor.getByRole("button", { name: "Save the questions" }).isDisabled(), true);
  await shot(page, "editor-started-1280");
  // the refused saves above are the only failed requests the browser reports
  assert.deepEqual(consoleErrors.filter((e) => !e.includes("status of 400")), []);
});
