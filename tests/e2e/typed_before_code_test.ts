// On a slow phone the page shows before its code arrives, and a listener types into what they see: the quiz's
// "Your name on air" here. Once the code arrives (framework/client.ts hydrateIslands) what they typed is the
// island's own, so the next render keeps it in the field and the answer goes on air under that name.
import assert from "node:assert/strict";
import { browserTest } from "./_browser.ts";
import { randomQuiz, step } from "../api/_quiz.ts";
import { demoStaff } from "../_helpers.ts";

browserTest(
  "typed before the code - a name typed before the widget's code arrived stays, and goes on air",
  async ({ page, baseUrl, server }) => {
    const { radio, token } = await demoStaff(server);
    const manager = await token("manager");
    const quiz = await randomQuiz(server, radio, manager, { title: "Slow phone quiz" });

    // the page's scripts are held until the listener has typed
    let release = () => {};
    const held = new Promise<void>((r) => release = r);
    await page.route("**/*.js", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${baseUrl}/widgets/${radio}/${quiz.id}/?lang=en`, { waitUntil: "commit" });
    const name = page.getByLabel("Your name on air");
    await name.fill("Ann");
    assert.equal(await page.locator("[data-island][data-hydrated]").count(), 0, "typed before the code ran");
    release();
    await page.locator("[data-island][data-hydrated]").first().waitFor();

    // the question opens: the widget renders again, with the name still in its field
    assert.equal((await step(server, manager, quiz.id, quiz.questionIds[0], "open")).status, 200);
    await page.getByRole("button", { name: "Jupiter" }).click();
    await page.getByText("Answer received").waitFor();
    assert.equal(await name.inputValue(), "Ann");
    const [stored] = await server.sql<{ pseudonym: string }[]>`
      select pseudonym from quiz_answers where segment_id = ${quiz.id}`;
    assert.equal(stored.pseudonym, "Ann");
  },
  { viewport: { width: 375, height: 740 } },
);
