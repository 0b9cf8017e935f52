// The presenter screen (a studio monitor, ?mode=presenter) runs the live quiz with keys for a staff member
// who may run it: O opens the next question, C closes it, A reveals the answer; the screen follows through
// its event stream. Opened without a session (a mixer's browser) it shows the quiz and its keys do nothing.
import assert from "node:assert/strict";
import { browserTest, loginAs } from "./_browser.ts";
import { randomQuiz, testClock } from "../api/_quiz.ts";
import { demoStaff } from "../_helpers.ts";

browserTest("quiz presenter keys - O, C and A run the quiz from the presenter screen", async (ctx) => {
  const { page, browser, baseUrl, server, consoleErrors, shot } = ctx;
  const { radio, token } = await demoStaff(server);
  await server.sql`update channels set language = 'en' where id = ${radio}`;
  testClock(server);
  const quiz = await randomQuiz(server, radio, await token("manager"));
  const phases = async () =>
    (await server.sql<{ opened_at: Date | null; revealed_at: Date | null; closes_at: Date | null }[]>`
      select opened_at, revealed_at, closes_at from quiz_questions where segment_id = ${quiz.id}
      order by position`).map((q) => q.revealed_at ? "revealed" : q.opened_at ? "played" : "ready");

  await loginAs(page, server, baseUrl, "manager", { welcomeSeen: true });
  await page.goto(`${baseUrl}/interactions/${quiz.id}`);
  const overlayPath = new URL(await page.locator("#overlay-url").inputValue()).pathname;

  // a mixer's browser, no session: the quiz shows, its keys do nothing
  const mixer = await (await browser.newContext({ viewport: { width: 1280, height: 720 } })).newPage();
  mixer.on("pageerror", (e) => consoleErrors.push(String(e)));
  await mixer.goto(`${baseUrl}${overlayPath}?mode=presenter`);
  await mixer.locator("[data-island=OverlayScreen][data-hydrated]").waitFor();
  assert.equal(await mixer.getByText("O open the next question").count(), 0);
  await mixer.keyboard.press("o");
  await mixer.waitForTimeout(500);
  assert.deepEqual(await phases(), ["ready", "ready", "ready"]);

  // the manager's presenter screen
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`${baseUrl}${overlayPath}?mode=presenter`);
  await page.locator("[data-island=OverlayScreen][data-hydrated]").waitFor();
  await page.getByText("O open the next question · C close · A reveal the answer").waitFor();
  await page.keyboard.press("o");
  await page.locator(".quiz-question[data-phase=open]").getByText("Question 1 of 3").waitFor();
  await mixer.locator(".quiz-question[data-phase=open]").getByText("Question 1 of 3").waitFor();
  await page.keyboard.press("o"); // one question at a time: nothing more
  await page.keyboard.press("c");
  await page.locator(".quiz-question[data-phase=closed]").waitFor();
  await page.keyboard.press("a");
  await page.locator(".quiz-question[data-phase=revealed] .quiz-bars").waitFor();
  await shot("presenter-revealed");
  assert.deepEqual(await phases(), ["revealed", "ready", "ready"]);
  await page.keyboard.press("o");
  await page.locator(".quiz-question[data-phase=open]").getByText("Question 2 of 3").waitFor();
  assert.deepEqual(await phases(), ["revealed", "played", "ready"]);
  assert.equal(await page.locator(".overlay-refused").count(), 0);
  assert.deepEqual(consoleErrors, []);
});
