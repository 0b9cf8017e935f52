// The inbox's weight as Chromium gets it, shared by tests/e2e/inbox_weight_test.ts and bench/inbox_weight.ts.
import type { Browser } from "playwright-core";

/** The studio inbox's goals: HTML kilobytes as sent, and DOM elements, whatever the number of messages. */
export const INBOX_WEIGHT_GOALS = { kb: 200, domElements: 2_000 };

/** What the inbox page of interaction `segmentId` weighs for the staff member of `token`, once hydrated. */
export async function inboxWeight(browser: Browser, baseUrl: string, token: string, segmentId: number) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    await context.addCookies([{ name: "im_session", value: token, url: baseUrl }]);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/participations/${segmentId}?lang=en`);
    await page.waitForSelector('[data-island="MessageInbox"][data-hydrated]');
    return await page.evaluate(() => {
      const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      return {
        sentBytes: nav.encodedBodySize,
        htmlBytes: nav.decodedBodySize,
        domElements: document.getElementsByTagName("*").length,
        rendered: document.querySelectorAll(".inbox-list > li").length,
      };
    });
  } finally {
    await context.close();
  }
}

/** The goal for the time until the inbox answers the keyboard, on this two-core machine. */
export const INBOX_USABLE_GOAL_MS = 300;

/**
 * Milliseconds from the start of the navigation to the inbox of `segmentId` until its list answers the
 * keyboard: the first moment a "j" (next message) selects one. Staff start working on the list from the
 * keyboard, so this is when the page is of use to them, not when it has painted. The key is pressed again
 * every few milliseconds from the first byte on; the time is the page's own clock (from its time origin).
 */
export async function inboxUsableMs(browser: Browser, baseUrl: string, token: string, segmentId: number) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    await context.addCookies([{ name: "im_session", value: token, url: baseUrl }]);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/participations/${segmentId}?lang=en`, { waitUntil: "commit" });
    const answered = await page.waitForFunction(
      () => {
        if (document.querySelector(".inbox.has-selection")) return performance.now();
        document.body?.dispatchEvent(new KeyboardEvent("keydown", { key: "j", bubbles: true }));
        return document.querySelector(".inbox.has-selection") ? performance.now() : 0;
      },
      null,
      { polling: 5, timeout: 30_000 },
    );
    return Math.round(await answered.jsonValue() as number);
  } finally {
    await context.close();
  }
}
