// The live quiz in the browser: a presenter runs a three-question quiz from the interaction page while three
// listeners (phones, 375 px) answer in the widget; the overlay (1920×1080) follows the countdown, the bars at
// reveal, the top 10 and the winners; an answer after zero is refused; the leaderboard follows the points and
// the server's times (the app's clock is moved by the test, so nothing waits for a countdown to run out).
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { browserTest, loginAs } from "./_browser.ts";
import { randomQuiz, testClock } from "../api/_quiz.ts";
import { demoStaff } from "../_helpers.ts";

const SHOTS = Deno.env.get("QUIZ_SHOTS_DIR"); // screenshots for a person to look at, outside the repo

browserTest("quiz - a presenter runs three questions, phones answer, the overlay follows", async (ctx) => {
  const { page, browser, baseUrl, server, consoleErrors } = ctx;
  const { radio, token } = await demoStaff(server);
  await server
    .sql`update channels set primary_color = '#0b3d91', widget_primary_color = '#e4572e', language = 'en'
    where id = ${radio}`;
  const clock = testClock(server);
  const quiz = await randomQuiz(server, radio, await token("manager"));
  const shot = async (p: Page, name: string) => {
    if (SHOTS) await p.screenshot({ path: `${SHOTS}/${name}.png` });
  };

  // the presenter: the interaction page's quiz panel
  await loginAs(page, server, baseUrl, "manager", { welcomeSeen: true });
  await page.goto(`${baseUrl}/interactions/${quiz.id}`);
  await page.locator(".quiz-panel").waitFor();
  const overlayUrl = await page.locator("#overlay-url").inputValue();

  // the overlay, as a studio's mixer would open it
  const screen = await (await browser.newContext({ viewport: { width: 1920, height: 1080 } })).newPage();
  screen.on("pageerror", (e) => consoleErrors.push(String(e)));
  await screen.goto(new URL(new URL(overlayUrl).pathname, baseUrl).toString());
  await screen.locator(".overlay-screen[data-live=live]").waitFor();
  await screen.getByText("The next question is coming").waitFor();

  // three listeners on their phones
  const names = ["Ann", "Bob", "Cy"];
  const phones: Page[] = [];
  for (const name of names) {
    const phone = await (await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true }))
      .newPage();
    phone.on("pageerror", (e) => consoleErrors.push(String(e)));
    await phone.goto(`${baseUrl}/widgets/${radio}/${quiz.id}/?lang=en`);
    await phone.getByText("The next question is coming").waitFor();
    await phone.getByLabel("Your name on air").fill(name);
    phones.push(phone);
  }
  await shot(phones[0], "phone-waiting");

  const openQuestion = async (position: number) => {
    await page.locator(".quiz-steps li").nth(position - 1).getByRole("button", { name: "Open" }).click();
    await screen.locator(`.quiz-question[data-phase=open]`).getByText(`Question ${position} of 3`).waitFor();
    for (const phone of phones) await phone.locator(".quiz-choice").first().waitFor();
  };
  const answerAs = async (phone: Page, label: string) => {
    await phone.getByRole("button", { name: label }).click();
    await phone.getByText("Answer received").waitFor();
  };
  const closeAndReveal = async (position: number) => {
    clock.advance(60_000); // the countdown reaches zero on the server
    await page.locator(".quiz-steps li").nth(position - 1).getByRole("button", { name: "Reveal the answer" })
      .click();
    await screen.locator(".quiz-question[data-phase=revealed] .quiz-bars").waitFor();
  };

  await openQuestion(1);
  await shot(screen, "overlay-countdown");
  await shot(phones[0], "phone-question");
  await answerAs(phones[1], "Jupiter"); // Bob first and right
  clock.advance(4_000);
  await answerAs(phones[0], "Jupiter"); // Ann right, 4 s later
  await shot(phones[0], "phone-answered");
  await screen.getByText("2 answers").waitFor();
  // Cy waits too long: after zero the server refuses the answer its phone still sends
  clock.advance(60_000);
  const refused = await phones[2].evaluate(async ([id, question]) => {
    const device = localStorage.getItem("interaction-manager.device_id");
    const res = await fetch(`/api/v1/quizzes/${id}/answers`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ question_id: question, choice_ids: [2], device_id: device }),
    });
    return [res.status, (await res.json()).code];
  }, [quiz.id, quiz.questionIds[0]]);
  assert.deepEqual(refused, [410, "quiz_answers_closed"]);
  await phones[2].getByText("Time's up!").waitFor();
  await closeAndReveal(1);
  await phones[0].getByText("Right answer!").waitFor();
  await shot(screen, "overlay-reveal");
  await shot(phones[0], "phone-reveal");

  await openQuestion(2);
  await answerAs(phones[2], "Four"); // Cy right at once
  await answerAs(phones[0], "Five"); // Ann wrong
  await answerAs(phones[1], "Four"); // Bob right, no later on the server clock
  await closeAndReveal(2);
  await phones[0].getByText("Wrong answer.").waitFor();

  await openQuestion(3);
  // two right choices: Ann picks one of them only and sends, which is wrong
  await phones[0].getByRole("button", { name: "Red" }).click();
  assert.equal(await phones[0].getByRole("button", { name: "Red" }).getAttribute("aria-pressed"), "true");
  await shot(phones[0], "phone-multiple");
  await phones[0].getByRole("button", { name: "Answer", exact: true }).click();
  await phones[0].getByText("Answer received").waitFor();
  await closeAndReveal(3);

  // leaderboard: Bob 150 + 300 (at 0 s on the server's clock both times), Cy 300, Ann 140 (4 s later) + 0 + 0
  const top = await screen.locator(".quiz-top li").allInnerTexts();
  const order = top.map((line) => line.replace(/\s+/g, " ").trim());
  assert.equal(order.length, 3);
  assert.match(order[0], /^1 Bob 450 pts$/);
  assert.match(order[1], /^2 Cy 300 pts$/);
  assert.match(order[2], /^3 Ann 140 pts$/);
  await shot(screen, "overlay-leaderboard");

  await page.getByRole("button", { name: "Top scores win" }).click();
  await screen.locator(".quiz-winners li").first().waitFor();
  assert.deepEqual(await screen.locator(".quiz-winners li").allInnerTexts(), ["Bob", "Cy", "Ann"]);
  await phones[1].getByText("You won!").waitFor();
  await shot(screen, "overlay-winners");
  await shot(phones[1], "phone-winner");
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/presenter.png`, fullPage: true });
  assert.deepEqual(consoleErrors, []);
});
