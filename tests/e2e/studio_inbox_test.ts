import assert from "node:assert/strict";
import { assertAccessible, browserTest, loginAs } from "./_browser.ts";
import type { TestApp } from "../_helpers.ts";
import { spokenWav } from "../_audio.ts";
import { probe, processMedia } from "../../lib/media/processing.ts";
import { formatDuration } from "../../lib/rules/inbox.ts";

const SHOTS = "/tmp/shots-22";

/** Three voice messages processed by the worker's code (quiet, clipped, normal) on a recording segment. */
async function voices(server: TestApp) {
  const [seg] = await server.sql<{ id: number; channel_id: number }[]>`
    select s.id, s.channel_id from segments s join messages m on m.segment_id = s.id
    where s.type = 'recording_question' group by s.id order by count(*) desc limit 1`;
  const dir = await Deno.makeTempDir({ prefix: "im-e2e-air-" });
  const ids: number[] = [];
  const takes = [
    { name: "quiet", gain: -20, author: "Zoé Lambert" },
    { name: "clipped", gain: 12, author: "Marc Dupuis" },
    { name: "normal", gain: 0, author: "Inès Moreau" },
  ];
  for (const [i, take] of takes.entries()) {
    const wav = await spokenWav(dir, take.name, take.gain);
    const key = `messages/${seg.channel_id}/e2e-${take.name}.wav`;
    await server.deps.storage.put(key, await Deno.readFile(wav), "audio/wav");
    const [media] = await server.sql<{ id: string }[]>`
      insert into media (channel_id, kind, original_path, extension, content_type, status)
      values (${seg.channel_id}, 'audio', ${key}, 'wav', 'audio/wav', 'uploaded') returning id`;
    const [m] = await server.sql<{ id: number }[]>`
      update messages set media_id = ${media.id}, read = false, author_name = ${take.author},
        created_at = now() - ${i} * interval '1 minute', status = 'received', moderation = 'none'
      where id = (select id from messages where segment_id = ${seg.id} and media_id is null
        order by id limit 1) returning id::int as id`;
    await processMedia({ sql: server.sql, storage: server.deps.storage }, media.id);
    ids.push(m.id);
  }
  await Deno.remove(dir, { recursive: true });
  return { seg, ids };
}

async function waitFor<T>(
  check: () => Promise<T | null | undefined | false>,
  ms = 30_000,
  what = "a state",
): Promise<T> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const value = await check();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

browserTest(
  "studio inbox - waveforms, loudness and flags; a trim on the waveform renders a broadcast copy of the new duration",
  async ({ page, baseUrl, server, consoleErrors }) => {
    await Deno.mkdir(SHOTS, { recursive: true });
    const { seg, ids } = await voices(server);
    await loginAs(page, server, baseUrl, "operator", { welcomeSeen: true });
    await page.goto(`${baseUrl}/participations/${seg.id}?lang=en`);
    await page.waitForSelector('[data-island="MessageInbox"][data-hydrated]');
    // a small waveform on each voice row; the clipped one is flagged
    assert.equal(await page.locator(".inbox-item .waveform-sm").count(), 3);
    const clippedRow = page.locator(".inbox-item", { hasText: "Marc Dupuis" });
    await clippedRow.locator(".badge-audio-clipped").waitFor();
    await page.screenshot({ path: `${SHOTS}/list-1280.png` });

    // the detail: large waveform, loudness and durations
    await page.locator(".inbox-item", { hasText: "Zoé Lambert" }).locator("button").click();
    const wave = page.getByRole("slider", { name: "Waveform: click to play from there" });
    await wave.waitFor();
    await page.locator(".audio-facts", { hasText: "LUFS" }).waitFor();
    const [row] = await server.sql<{ aired: number; on_air: number; lufs: number; path: string }[]>`
      select aired_duration_ms as aired, broadcast_duration_ms as on_air, loudness_lufs as lufs,
        broadcast_path as path from media where id = (select media_id from messages where id = ${ids[0]})`;
    assert.match(await page.locator(".audio-facts").innerText(), new RegExp(`${row.lufs.toFixed(1)} LUFS`));
    await assertAccessible(page, "studio inbox detail");
    await page.screenshot({ path: `${SHOTS}/detail-1280.png` });

    // click-to-seek: a click at 25 % moves the player there
    const box = (await wave.boundingBox())!;
    await wave.click({ position: { x: box.width * 0.25, y: box.height / 2 } });
    await page.waitForFunction(
      (expected) =>
        Math.abs((document.querySelector("#inbox-player") as HTMLAudioElement).currentTime - expected) < 0.3,
      row.aired / 4000,
    );
    await page.getByRole("button", { name: /Set in point/ }).click();
    await wave.click({ position: { x: box.width * 0.75, y: box.height / 2 } });
    await page.waitForFunction(
      (expected) =>
        Math.abs((document.querySelector("#inbox-player") as HTMLAudioElement).currentTime - expected) < 0.3,
      (row.aired * 3) / 4000,
    );
    await page.getByRole("button", { name: /Set out point/ }).click();
    await page.locator(".audio-trim", { hasText: /From 00:0\d to 00:0\d/ }).waitFor();
    await page.screenshot({ path: `${SHOTS}/trim-1280.png` });
    await page.getByRole("button", { name: "Save trim" }).click();
    await page.getByText("Trim saved").waitFor();

    // the worker renders the trimmed broadcast copy from the original: half the aired timeline
    const trimmed = await waitFor(async () => {
      const [m] = await server.sql<{ path: string; trim_in_ms: number; trim_out_ms: number }[]>`
        select broadcast_path as path, trim_in_ms, trim_out_ms from media
        where id = (select media_id from messages where id = ${ids[0]})`;
      return m.path !== row.path ? m : null;
    });
    const info = await probe(await server.deps.storage.localPath(trimmed.path));
    const expected = trimmed.trim_out_ms - trimmed.trim_in_ms;
    assert.ok(Math.abs(info.durationMs! - expected) < 150, `${info.durationMs} for ${expected}`);
    assert.ok(Math.abs(expected - row.aired / 2) < 400, `${expected} of ${row.aired}`);
    // the previous copy is gone, the original stays
    assert.equal(await server.deps.storage.size!(row.path), null);
    // reopened, the detail tells the new duration on air
    await page.reload();
    await page.waitForSelector('[data-island="MessageInbox"][data-hydrated]');
    await page.locator(".inbox-item", { hasText: "Zoé Lambert" }).locator("button").click();
    await page.getByTestId("on-air").getByText(`On air: ${formatDuration(info.durationMs!)}`).waitFor();

    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: `${SHOTS}/detail-375.png`, fullPage: true });
    await page.getByRole("button", { name: /Back/ }).click();
    await page.screenshot({ path: `${SHOTS}/list-375.png` });
    assert.deepEqual(consoleErrors, []);
  },
  { jobs: true, bothDatabases: true },
);

browserTest(
  "studio inbox - keyboard only: help on ?, j/k, play, like, quote, winner, unread, archive and trash five messages",
  async ({ page, baseUrl, server, consoleErrors }) => {
    const [seg] = await server.sql<{ id: number; channel_id: number }[]>`
      select s.id, s.channel_id from segments s join messages m on m.segment_id = s.id
      where s.type = 'recording_question' group by s.id order by count(*) desc limit 1`;
    const five = (await server.sql<{ id: number }[]>`
      update messages set created_at = now() + (5 - n.i) * interval '1 minute', read = false, liked = false,
        winner = false, broadcast_status = 'none', status = 'received', moderation = 'none',
        author_name = 'Triage ' || n.i
      from (select id, row_number() over (order by id) as i from messages where segment_id = ${seg.id}
        order by id limit 5) n
      where messages.id = n.id returning messages.id::int as id, n.i`).sort((a, b) =>
      Number((a as unknown as { i: number }).i) - Number((b as unknown as { i: number }).i)
    ).map((r) => r.id);
    const key = `messages/${seg.channel_id}/e2e-keys.mp3`;
    await server.deps.storage.put(
      key,
      await Deno.readFile(new URL("../fixtures/tone.mp3", import.meta.url)),
      "audio/mpeg",
    );
    const [media] = await server.sql<{ id: string }[]>`
      insert into media (channel_id, kind, original_path, playable_path, status, content_type, duration_ms)
      values (${seg.channel_id}, 'audio', ${key}, ${key}, 'ready', 'audio/mpeg', 3000) returning id`;
    await server.sql`update messages set media_id = ${media.id}, duration_ms = 3000 where id = ${five[0]}`;
    const state = async (id: number) =>
      (await server.sql<
        { liked: boolean; winner: boolean; broadcast_status: string; status: string; read: boolean }[]
      >`
        select liked, winner, broadcast_status, status, read from messages where id = ${id}`)[0];
    const until = async (id: number, check: (s: Awaited<ReturnType<typeof state>>) => boolean) =>
      await waitFor(async () => check(await state(id)), 15_000, `${id}: ${check}`);
    const current = (id: number) =>
      page.waitForFunction(
        (id) =>
          document.activeElement?.closest(`[data-message-id="${id}"]`) !== null &&
          !!document.querySelector(`[data-message-id="${id}"] [aria-current="true"]`) &&
          !!document.querySelector(`.inbox-detail[aria-labelledby="message-${id}"] [data-shortcut]`),
        id,
      );

    await loginAs(page, server, baseUrl, "operator", { welcomeSeen: true });
    await page.goto(`${baseUrl}/participations/${seg.id}?lang=en`);
    await page.waitForSelector('[data-island="MessageInbox"][data-hydrated]');

    await page.keyboard.press("?");
    const dialog = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await dialog.waitFor();
    await dialog.getByText("Next message").waitFor();
    await page.screenshot({ path: `${SHOTS}/keys-help-1280.png` });
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });

    // 1: open, play, like, then back to unread
    await page.keyboard.press("j");
    await current(five[0]);
    await page.keyboard.press(" ");
    await page.waitForFunction(() =>
      !(document.querySelector(".inbox-detail audio") as HTMLAudioElement).paused
    );
    await page.keyboard.press(" ");
    await page.waitForFunction(() =>
      (document.querySelector(".inbox-detail audio") as HTMLAudioElement).paused
    );
    await page.keyboard.press("l");
    await until(five[0], (s) => s.liked && s.read);
    await page.keyboard.press("u");
    await until(five[0], (s) => !s.read);
    // 2: winner; k goes back to 1 and j again to 2
    await page.keyboard.press("j");
    await current(five[1]);
    await page.keyboard.press("k");
    await current(five[0]);
    // pressed at once, w waits for the detail of 2 (not the one of 1 still shown) instead of being lost
    await page.keyboard.press("j");
    await page.keyboard.press("w");
    await current(five[1]);
    await until(five[1], (s) => s.winner);
    // 3: quote
    await page.keyboard.press("j");
    await current(five[2]);
    await page.keyboard.press("q");
    await until(five[2], (s) => s.broadcast_status === "broadcast_1");
    // t sends it to the playout queue, shown beside the list with its place
    await page.keyboard.press("t");
    await waitFor(
      async () => (await server.sql`select 1 from playout_queue where message_id = ${five[2]}`).length === 1,
      15_000,
      "t",
    );
    await page.locator(`.playout-queue [data-playout-id="${five[2]}"]`).waitFor();
    await page.getByRole("button", { name: "In playout queue · 1" }).waitFor();
    await page.screenshot({ path: `${SHOTS}/playout-1280.png` });
    // 4: archive, and triage goes on with 5: trash
    await page.keyboard.press("j");
    await current(five[3]);
    await page.keyboard.press("e");
    await until(five[3], (s) => s.status === "archived");
    await current(five[4]);
    await page.keyboard.press("#");
    await until(five[4], (s) => s.status === "trash");
    // r goes to the reply of the message now selected, Escape leaves it, / goes to the search
    await page.waitForFunction(
      (ids) => ids.every((id) => !document.querySelector(`[data-message-id="${id}"]`)),
      [
        five[3],
        five[4],
      ],
    );
    await page.keyboard.press("k");
    await current(five[2]);
    await page.keyboard.press("r");
    await page.waitForFunction(
      (id) =>
        document.activeElement?.getAttribute("data-shortcut") === "r" &&
        document.activeElement.closest(`.inbox-detail[aria-labelledby="message-${id}"]`) !== null,
      five[2],
    );
    await page.keyboard.press("Escape");
    await page.keyboard.press("/");
    await page.waitForFunction(() => document.activeElement?.classList.contains("inbox-search"));
    // on a phone the list (with its playout queue) comes back with Back
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole("button", { name: /Back/ }).click();
    await page.locator(".playout-queue").scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/playout-375.png` });
    assert.deepEqual(consoleErrors, []);
  },
  { bothDatabases: true },
);

browserTest(
  "studio inbox - compact rows fit more on the screen; shift-click selects a range; bulk archive and playout",
  async ({ page, baseUrl, server, consoleErrors }) => {
    const [seg] = await server.sql<{ id: number }[]>`
      select s.id::int as id from segments s join messages m on m.segment_id = s.id
      where s.type = 'recording_question' group by s.id order by count(*) desc limit 1`;
    await loginAs(page, server, baseUrl, "operator", { welcomeSeen: true });
    await page.goto(`${baseUrl}/participations/${seg.id}?lang=en`);
    await page.waitForSelector('[data-island="MessageInbox"][data-hydrated]');
    // rows per 800 px of list: the average row height (with its gap) over the rows a person sees on the
    // screen (rows out of sight are not laid out until they come near it: their height is an estimate)
    const rowsOnScreen = () =>
      page.evaluate(() => {
        const rows = [...document.querySelectorAll(".inbox-item")].filter((row) => {
          const box = row.getBoundingClientRect();
          return box.top >= 0 && box.bottom <= innerHeight;
        });
        const span = rows[rows.length - 1].getBoundingClientRect().bottom -
          rows[0].getBoundingClientRect().top;
        return Math.floor(800 / (span / rows.length));
      });
    const comfortable = await rowsOnScreen();
    await page.getByRole("switch", { name: "Compact rows" }).check();
    await page.waitForSelector(".inbox.inbox-compact");
    const compact = await rowsOnScreen();
    console.log(`rows per 800 px of list at 1280 px: ${comfortable} comfortable, ${compact} compact`);
    assert.ok(compact >= comfortable * 2, `${compact} vs ${comfortable}`);
    await page.screenshot({ path: `${SHOTS}/compact-1280.png` });
    // kept in this browser
    await page.reload();
    await page.waitForSelector(".inbox.inbox-compact");

    const ids = await page.$$eval(
      ".inbox-item",
      (els) => els.slice(0, 5).map((el) => Number(el.getAttribute("data-message-id"))),
    );
    const box = (id: number) => page.locator(`[data-message-id="${id}"] .inbox-check`);
    await box(ids[0]).click();
    await box(ids[3]).click({ modifiers: ["Shift"] });
    await page.getByText("4 selected").waitFor();
    await page.screenshot({ path: `${SHOTS}/multiselect-1280.png` });
    await page.getByRole("group", { name: "Selected messages" }).getByRole("button", {
      name: "Send to playout",
    }).click();
    await waitFor(async () =>
      (await server.sql`select 1 from playout_queue where message_id in ${server.sql(ids.slice(0, 4))}`)
        .length === 4
    );
    const order = await server.sql<{ id: number }[]>`
      select message_id::int as id from playout_queue where segment_id = ${seg.id} order by position`;
    assert.deepEqual(order.map((r) => r.id), ids.slice(0, 4), "the queue takes them in the order shown");
    await box(ids[1]).click();
    await box(ids[2]).click();
    await page.getByText("2 selected").waitFor();
    await page.getByRole("group", { name: "Selected messages" }).getByRole("button", { name: "Archive" })
      .click();
    await waitFor(async () =>
      (await server.sql`select 1 from messages where id in ${server.sql([ids[1], ids[2]])}
        and status = 'archived'`).length === 2
    );
    await page.waitForFunction(
      (gone) => gone.every((id) => !document.querySelector(`[data-message-id="${id}"]`)),
      [
        ids[1],
        ids[2],
      ],
    );
    await page.setViewportSize({ width: 375, height: 800 });
    await box(ids[0]).click();
    await page.getByText("1 selected").waitFor();
    await page.screenshot({ path: `${SHOTS}/multiselect-375.png` });
    assert.deepEqual(consoleErrors, []);
  },
  { bothDatabases: true },
);
