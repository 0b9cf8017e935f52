// The widget pages carry their own module inline (framework/bundle.ts inlineModule): Chromium runs it under
// the page's Content-Security-Policy, which allows that text by its hash, and refuses any other inline
// script, even the same module with a statement added.
import assert from "node:assert/strict";
import { browserTest } from "./_browser.ts";

browserTest(
  "widget inline module - the policy runs the page's own module and refuses an inline script of other text",
  async ({ page, baseUrl, server, consoleErrors }) => {
    const [segment] = await server.sql<{ id: number; channel_id: number }[]>`
      select id, channel_id from segments where status = 'published'
        and (end_date is null or end_date > now()) order by id limit 1`;
    for (
      const path of [
        `/widgets/${segment.channel_id}/${segment.id}/`,
        `/widgets/channel/${segment.channel_id}/`,
      ]
    ) {
      await page.goto(`${baseUrl}${path}?lang=en`);
      // hydrated: the inline module ran
      await page.locator("[data-island][data-hydrated]").first().waitFor();
      assert.equal(await page.locator("script[type=module]:not([src])").count(), 1, path);
      assert.deepEqual(consoleErrors, [], `${path}: no error, no refusal of the policy`);
    }
    const refused = await page.evaluate(async () => {
      const own = document.querySelector("script[type=module]:not([src])")!.textContent!;
      const results = [];
      for (const text of ["globalThis.__otherRan = 1;", `${own};globalThis.__otherRan = 1;`]) {
        const violation = new Promise<SecurityPolicyViolationEvent>((resolve) =>
          document.addEventListener("securitypolicyviolation", resolve, { once: true })
        );
        const script = document.createElement("script");
        script.type = "module";
        script.textContent = text;
        document.body.append(script);
        const event = await violation;
        results.push({ directive: event.effectiveDirective, blocked: event.blockedURI });
      }
      return { results, ran: (globalThis as { __otherRan?: number }).__otherRan ?? null };
    });
    assert.deepEqual(refused.results, [
      { directive: "script-src-elem", blocked: "inline" },
      { directive: "script-src-elem", blocked: "inline" },
    ]);
    assert.equal(refused.ran, null, "neither ran");
    // Chromium says so in the console, naming the policy
    assert.equal(consoleErrors.length, 2, consoleErrors.join("\n"));
    for (const error of consoleErrors) assert.match(error, /Content Security Policy/);
  },
);
