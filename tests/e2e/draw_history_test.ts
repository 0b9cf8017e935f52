// The draws' history where staff draw: the inbox's draw dialog lists the interaction's
// draws newest first (who, when, among how many, the tab, the winners, re-draws), a winner opens its
// message from the keyboard, a draw replays for an audit; at 375 and 1280 px, in English and French.
import assert from "node:assert/strict";
import { openSession } from "../../lib/platform/sessions.ts";
import { assertAccessible, browserTest, loginAs } from "./_browser.ts";

/** The dialog alone, beside the full pages of `shot` (the inbox below it is long). */
const DIALOG_SHOTS = new URL("./screenshots/draw-history--dialog", import.meta.url).pathname;

browserTest(
  "draw history - the draw dialog lists who drew, when, among how many, the winners and re-draws",
  async ({ page, baseUrl, server, shot, consoleErrors }) => {
    await loginAs(page, server, baseUrl, "operator", { welcomeSeen: true });
    const [seg] = await server.sql<{ segment_id: number }[]>`
      select segment_id::int as segment_id from messages
      where liked and status = 'received' and moderation in ('none','approved')
      group by segment_id having count(*) >= 3 order by count(*) desc limit 1`;
    const names = Object.fromEntries(
      (await server.sql<{ login: string; id: number; name: string }[]>`
        select login, id::int as id, trim(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) as name
        from users where login in ('manager', 'operator')`).map((u) => [u.login, u]),
    );
    // an earlier draw, made by the manager through the API
    const managerToken = await openSession(server.sql, server.deps.jwtSecret, names.manager.id, "staff");
    const first = await server.request("/api/v1/interaction/draw_winners", {
      method: "POST",
      token: managerToken,
      json: { segment_id: seg.segment_id, count: 1, tab: "liked", exclude_previous: true },
    });
    assert.equal(first.status, 200);
    const firstDraw: { id: number; ids: number[]; candidates: number } = await first.json();
    const [winner] = await server.sql<{ author_name: string | null }[]>`
      select author_name from messages where id = ${firstDraw.ids[0]}`;

    const openDialog = async (width: number) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`${baseUrl}/participations/${seg.segment_id}`);
      await page.locator('[data-island="MessageInbox"][data-hydrated]').waitFor();
      await page.getByRole("button", { name: "Draw winners…" }).click();
      const dialog = page.getByRole("dialog", { name: "Draw winners" });
      await dialog.getByRole("heading", { name: "Previous draws" }).waitFor();
      return dialog;
    };

    // 1280 px: a re-draw from the dialog appears on top of the history at once
    let dialog = await openDialog(1280);
    const entries = dialog.getByTestId("draw-entry");
    await entries.first().waitFor();
    assert.equal(await entries.count(), 1);
    const only = entries.first();
    await only.getByText(`Draw no. ${firstDraw.id}`).waitFor();
    await only.getByText(`by ${names.manager.name}`).waitFor();
    await only.getByText(`1 winner among ${firstDraw.candidates} · Liked participations`, { exact: false })
      .waitFor();
    assert.equal(await only.getByText("Re-draw").count(), 0, "the first draw is no re-draw");
    await dialog.getByLabel("Among").selectOption("liked");
    await dialog.getByRole("button", { name: "Continue" }).click();
    await dialog.getByRole("button", { name: "Draw 1 winner" }).click();
    await dialog.getByText(/^1 winner drawn among \d+\.$/).waitFor();
    await entries.nth(1).waitFor();
    const redraw = entries.first();
    await redraw.getByText("Re-draw").waitFor();
    await redraw.getByText(`by ${names.operator.name}`).waitFor();
    // previous winners were left out: one candidate fewer
    await redraw.getByText(
      `among ${firstDraw.candidates - 1} · Liked participations · previous winners left out`,
      {
        exact: false,
      },
    ).waitFor();
    await redraw.locator("time").waitFor();
    await shot("history-1280");
    await dialog.screenshot({ path: `${DIALOG_SHOTS}-1280.png` });
    await assertAccessible(page, "the draw history at 1280 px");
    await redraw.getByRole("button", { name: /^Replay draw no\. \d+ for an audit$/ }).click();
    await redraw.getByText("Replayed: the same winners, in the same order.").waitFor();

    // 375 px: the history is readable, and a winner opens its message from the keyboard
    dialog = await openDialog(375);
    await entries.nth(1).waitFor();
    const overflow = await dialog.evaluate((el) => el.scrollWidth - el.clientWidth);
    assert.ok(overflow <= 0, `the dialog scrolls sideways by ${overflow} px at 375 px`);
    await shot("history-375");
    await dialog.screenshot({ path: `${DIALOG_SHOTS}-375.png` });
    await assertAccessible(page, "the draw history at 375 px");
    const winnerName = winner.author_name || "Anonymous";
    const open = entries.last().getByRole("button", {
      name: new RegExp(`^${winnerName.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}.*, open the message$`),
    });
    await open.focus();
    await page.keyboard.press("Enter");
    await dialog.waitFor({ state: "hidden" });
    await page.locator(`article.inbox-detail[aria-labelledby="message-${firstDraw.ids[0]}"]`).waitFor();

    // French: the same history in the staff's language
    await server.sql`update users set language = 'fr' where login = 'operator'`;
    await page.goto(`${baseUrl}/participations/${seg.segment_id}`);
    await page.locator('[data-island="MessageInbox"][data-hydrated]').waitFor();
    await page.getByRole("button", { name: "Tirer des gagnants…" }).click();
    const fr = page.getByRole("dialog", { name: "Tirer des gagnants" });
    await fr.getByRole("heading", { name: "Tirages précédents" }).waitFor();
    await fr.getByTestId("draw-entry").first().getByText("Nouveau tirage").waitFor();
    await fr.getByText(`par ${names.manager.name}`).waitFor();
    await shot("history-375-fr");
    await fr.screenshot({ path: `${DIALOG_SHOTS}-375-fr.png` });
    assert.deepEqual(consoleErrors, []);
  },
);
