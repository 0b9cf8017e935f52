import assert from "node:assert/strict";
import { assertAccessible, browserTest } from "./_browser.ts";

for (const viewport of [{ width: 375, height: 740 }, { width: 1280, height: 800 }]) {
  browserTest(
    `account reset - a visitor chooses a new password from the mailed link at ${viewport.width}px`,
    async ({ page, baseUrl, server, shot, consoleErrors }) => {
      const [visitor] = await server.sql<{ email: string; channel_id: number }[]>`
        select email, channel_id from app_users where not is_anonymous and language = 'en' limit 1`;
      const res = await server.request("/api/v1/app_users/forgot_password", {
        method: "POST",
        json: { email: visitor.email, channel_id: visitor.channel_id },
      });
      assert.equal(res.status, 202);
      const [mail] = await server.sql`select text_body from outbox order by id desc limit 1`;
      const link = new URL(/https?:\/\/\S+\/account\/reset\/\S+/.exec(mail.text_body)![0]);
      await page.goto(`${baseUrl}${link.pathname}${link.search}`);
      await page.waitForLoadState("networkidle");
      await page.getByRole("heading", { name: "New password" }).waitFor();
      await shot(`${viewport.width}-form`);
      await assertAccessible(page, "the reset form");

      await page.getByLabel("New password").fill("short");
      await page.getByRole("button", { name: "Change my password" }).click();
      await page.getByText("Password must be at least 8 characters long").waitFor();
      await page.getByLabel("New password").fill("a-new-password");
      await page.getByLabel("Confirm the password").fill("another-one");
      await page.getByRole("button", { name: "Change my password" }).click();
      await page.getByText("The two passwords are different.").waitFor();
      await shot(`${viewport.width}-errors`);
      await assertAccessible(page, "the reset form with errors");

      await page.getByLabel("Confirm the password").fill("a-new-password");
      await page.getByRole("button", { name: "Change my password" }).click();
      await page.getByText("Password changed").waitFor();
      await page.getByText("You can now log in from the widget.").waitFor();
      await shot(`${viewport.width}-done`);

      const login = await server.request("/api/v1/app_users/login", {
        method: "POST",
        json: { email: visitor.email, password: "a-new-password" },
      });
      assert.equal(login.status, 200);

      await page.goto(`${baseUrl}${link.pathname}${link.search}`);
      await page.getByText("This link is no longer valid.").waitFor();
      await shot(`${viewport.width}-used`);
      assert.deepEqual(consoleErrors.filter((e) => !/status of 410/.test(e)), []);
    },
    { viewport },
  );
}
