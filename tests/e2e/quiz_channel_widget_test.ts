// The live quiz in the channel widget: a listener on the station's page (a phone, 375 px) taps the quiz's
// Participate and plays it in the widget's frame: waiting, the question when the presenter opens it, the
// answer received, the right answer at reveal; the ✕ goes back to the station's home. A game without
// questions stays a participation (its usual flow).
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { browserTest } from "./_browser.ts";
import { randomQuiz, step, testClock } from "../api/_quiz.ts";
import { randomSegment } from "../api/_participation.ts";
import { demoStaff } from "../_helpers.ts";

const SHOTS = Deno.env.get("QUIZ_SHOTS_DIR"); // screenshots for a person to look at, outside the repo
// the same walk on a wider screen (1280 for a desktop page embedding the widget), to look at its layout
const WIDTH = Number(Deno.env.get("QUIZ_SHOTS_WIDTH") ?? 375);

browserTest("quiz in the channel widget - a listener on the station's page plays it", async (ctx) => {
  const { page, baseUrl, server, consoleErrors } = ctx;
  const { radio, token } = await demoStaff(server);
  const manager = await token("manager");
  await server.sql`update channels set language = 'en' where id = ${radio}`;
  const clock = testClock(server);
  const quiz = await randomQuiz(server, radio, manager);
  const [q1] = quiz.questionIds;
  // the channel widget lists the channel's permanent interactions: the station put its quiz there
  await server.sql`update segments set to_mode = 'permanent' where id = ${quiz.id}`;
  const shot = async (p: Page, name: string) => {
    if (SHOTS) await p.screenshot({ path: `${SHOTS}/${name}-${WIDTH}.png`, fullPage: true });
  };

  await page.setViewportSize({ width: WIDTH, height: 740 });
  await page.goto(`${baseUrl}/widgets/channel/${radio}/?lang=en&interaction_id=${quiz.id}`);
  await page.locator("[data-ready]").waitFor();
  await page.locator(".cw-participate").first().click();
  await page.getByText("The next question is coming").waitFor();
  assert.equal(await page.locator(".cw-flow-title").innerText(), "Friday quiz");
  await page.getByLabel("Your name on air").fill("Dee");
  await shot(page, "channel-quiz-waiting");

  // the presenter opens the first question: the phone's widget shows it within its next read
  assert.equal((await step(server, manager, quiz.id, q1, "open")).status, 200);
  await page.getByRole("button", { name: "Jupiter" }).click();
  await page.getByText("Answer received").waitFor();
  await shot(page, "channel-quiz-answered");
  const [row] = await server.sql<{ pseudonym: string; correct: boolean }[]>`
    select pseudonym, correct from quiz_answers where question_id = ${q1}`;
  assert.deepEqual({ ...row }, { pseudonym: "Dee", correct: true });

  clock.advance(60_000);
  assert.equal((await step(server, manager, quiz.id, q1, "reveal")).status, 200);
  await page.getByText("Right answer!").waitFor();
  await shot(page, "channel-quiz-reveal");

  // ✕: back to the station's home, its Participate again
  await page.getByRole("button", { name: "Close" }).click();
  await page.locator(".cw-participate").first().waitFor();
  assert.equal(await page.locator(".quiz-play").count(), 0);

  // a game without questions is a participation as before: its flow, not the quiz
  const game = await randomSegment(server.sql, radio, {
    type: "game",
    title: "Registration game",
    to_mode: "permanent",
  });
  await page.goto(`${baseUrl}/widgets/channel/${radio}/?lang=en&interaction_id=${game.id}`);
  await page.locator("[data-ready]").waitFor();
  await page.locator(".cw-participate").first().click();
  await page.locator(".cw-flow").first().waitFor();
  assert.equal(await page.locator(".quiz-play").count(), 0);
  assert.deepEqual(consoleErrors, []);
});
