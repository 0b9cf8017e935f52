// A quiz answer is never lost to a phone's network: picked while the network is gone, it waits (the listener
// reads so, in their language) and goes as soon as the network is back, while the question is open; an
// answer that arrived but whose reply was lost is not refused on its second try. Through the proxy that
// drops connections, on the slow phone network, at 375 px. The app's clock is held by the test, so the
// question stays open however long the drop.
import assert from "node:assert/strict";
import { browserTest, waitUntil } from "./_browser.ts";
import { behindProxy, listenerTab, newDevice, proxyFor } from "./_network.ts";
import { randomQuiz, step, testClock } from "../api/_quiz.ts";
import { demoStaff } from "../_helpers.ts";

const OFFLINE = "No network: your answer will be sent as soon as you are back online";

browserTest(
  "quiz network - an answer picked offline goes once the network is back; a lost reply is no error",
  async ({ browser, baseUrl, server }) => {
    const { radio, token } = await demoStaff(server);
    testClock(server);
    const manager = await token("manager");
    const quiz = await randomQuiz(server, radio, manager);
    const proxy = proxyFor(baseUrl);
    const answers = async (question: number) =>
      await server.sql<{ choice_ids: number[] }[]>`
        select choice_ids from quiz_answers where question_id = ${question}`;
    try {
      const tab = await listenerTab(await newDevice(browser), proxy);
      const { page } = tab;
      assert.equal((await step(server, manager, quiz.id, quiz.questionIds[0], "open")).status, 200);
      await page.goto(`${proxy.url}/widgets/${radio}/${quiz.id}/?lang=en`);
      await page.getByRole("button", { name: "Jupiter" }).waitFor({ timeout: 60_000 });

      // picked with no network: the listener is told, the choices go, nothing reaches the app yet
      await tab.offline(true);
      await page.getByRole("button", { name: "Jupiter" }).click();
      await page.getByText(OFFLINE).waitFor();
      assert.equal(await page.locator(".quiz-choice").count(), 0, "no second pick while it waits");
      assert.equal((await answers(quiz.questionIds[0])).length, 0);
      await new Promise((r) => setTimeout(r, 3_000));
      await tab.offline(false);
      await page.getByText("Answer received").waitFor({ timeout: 60_000 });
      assert.equal(await page.getByText(OFFLINE).count(), 0);
      assert.deepEqual((await answers(quiz.questionIds[0])).map((a) => a.choice_ids), [[2]]);

      // the next question: the answer reaches the app, its reply is lost on the way back
      assert.equal((await step(server, manager, quiz.id, quiz.questionIds[0], "close")).status, 200);
      assert.equal((await step(server, manager, quiz.id, quiz.questionIds[1], "open")).status, 200);
      await page.getByRole("button", { name: "Four" }).waitFor({ timeout: 60_000 });
      const lost = proxy.cutRequest({ startsWith: "POST /api/v1/quizzes/", lose: "response" });
      await page.getByRole("button", { name: "Four" }).click();
      await lost;
      await page.getByText("Answer received").waitFor({ timeout: 60_000 });
      // the widget may read that it answered (its live view) before its answer goes again: the second
      // sending comes all the same, and is told "already answered", which says nothing to the listener
      await waitUntil(
        () => Promise.resolve(proxy.seen("POST /api/v1/quizzes/") >= 3),
        "the lost reply's answer sent again",
        60_000,
      );
      assert.equal(await page.locator(".quiz-error").count(), 0, "stored once: nothing to say");
      assert.deepEqual((await answers(quiz.questionIds[1])).map((a) => a.choice_ids), [[1]]);
    } finally {
      await proxy.close();
    }
  },
  { viewport: { width: 375, height: 740 }, env: behindProxy },
);
