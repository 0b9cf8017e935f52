// How a refused field reads in the back office's forms (back-office §8 Forms): its message under it, tied to
// it for screen readers. Shared by the walks of the forms' errors.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";

/** The text under a field, read through its aria-describedby as a screen reader does (errors only). */
export async function describedError(page: Page, fieldId: string): Promise<string> {
  return await page.evaluate((id) => {
    const ids = (document.getElementById(id)!.getAttribute("aria-describedby") ?? "").split(" ");
    return ids.map((i) => document.getElementById(i)).filter((el) => el?.classList.contains("field-error"))
      .map((el) => el!.textContent).join(" ");
  }, fieldId);
}

/** The message sits right under its field (the field's bottom edge, at most 40 px above the text). */
export async function assertUnder(page: Page, fieldId: string) {
  const field = await page.locator(`#${fieldId}`).boundingBox();
  const text = await page.locator(`#${fieldId}-error`).boundingBox();
  assert.ok(field && text, `${fieldId} and its message are shown`);
  assert.ok(
    text.y >= field.y + field.height && text.y - (field.y + field.height) < 40,
    `${fieldId}: ${text.y}`,
  );
}
