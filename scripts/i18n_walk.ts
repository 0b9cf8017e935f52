// The five-language pass: walks, in Chromium, every widget screen and the back-office screens of the
// votes, live screens, statistics, studio inbox and creation wizard, in fr, en, pt, es and pl, at 375 px
// (and at 1280 px in pt, es and pl),
// and fails on what tests/e2e/_i18n_audit.ts finds (raw keys, another language's texts, `{{`, undefined,
// NaN, dates and numbers of another language, text wider than its box at 375 px) and on console errors.
// Screenshots of every screen go to I18N_SHOTS (default /tmp/i18n-walk).
//
//   deno run -A scripts/i18n_walk.ts [pt es …]
import type { Browser } from "playwright-core";
import { seedDemo } from "../lib/demo/seed.ts";
import { openSession } from "../lib/platform/sessions.ts";
import { translator } from "../app/i18n.ts";
import { type Language, LANGUAGES } from "../lib/rules/i18n.ts";
import { testApp } from "../tests/_helpers.ts";
import { spokenWav } from "../tests/_audio.ts";
import { processMedia } from "../lib/media/processing.ts";
import { DEMO_PASSWORD, launchBrowser } from "../tests/e2e/_browser.ts";
import { auditPage, type Finding, foreignTexts } from "../tests/e2e/_i18n_audit.ts";

const SHOTS = Deno.env.get("I18N_SHOTS") ?? "/tmp/i18n-walk";
const languages = (Deno.args.length ? Deno.args : LANGUAGES) as Language[];
// I18N_WIDTHS=375 walks at that width only (a quicker pass while fixing)
const onlyWidths = Deno.env.get("I18N_WIDTHS")?.split(",").map(Number);
// A failed login is answered 401, then 429 while the wait lasts: the browser logs both.
const EXPECTED_CONSOLE = /Failed to load resource: the server responded with a status of (401|429)/;

const server = await testApp({ jobs: true });
await seedDemo(server.sql, { password: DEMO_PASSWORD });
const http = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, server.app.fetch);
const base = `http://127.0.0.1:${http.addr.port}`;
const sql = server.sql;
await Deno.mkdir(SHOTS, { recursive: true });

const one = async (query: Promise<{ id: number }[]>) => (await query)[0].id;
const radio = await one(sql`select id::int as id from channels order by id limit 1`);
const byTitle = (title: string) => one(sql`select id::int as id from segments where title = ${title}`);
const vote = await byTitle("Le tube de l'été");
const voice = await byTitle("Votre dédicace du matin");
const message = await byTitle("Posez votre question à l'invité");
const video = await byTitle("Montrez-nous votre festival");
const singles = await sql<{ id: number; type: string }[]>`
  select distinct on (type) id::int as id, type from segments
  where channel_id = ${radio} and status = 'published' and (end_date is null or end_date > now())
  order by type, id`;
const [ended] = await sql<{ id: number }[]>`select id::int as id from segments
  where channel_id = ${radio} and end_date < now() order by id limit 1`;
const [listener] = await sql<{ email: string }[]>`select email from app_users
  where channel_id = ${radio} and not is_anonymous and email is not null order by id limit 1`;
const [liked] = await sql<{ id: number }[]>`select segment_id::int as id from messages where liked
  group by segment_id having count(*) >= 3 order by count(*) desc limit 1`;
await sql`update channels set my_space_enabled = true where id = ${radio}`;
// a voice message processed as the worker does, so the inbox shows its waveform, loudness and trim
{
  const dir = await Deno.makeTempDir({ prefix: "im-walk-" });
  const key = `messages/${radio}/walk-voice.wav`;
  await server.deps.storage.put(key, await Deno.readFile(await spokenWav(dir, "walk", 0)), "audio/wav");
  const [media] = await sql<{ id: string }[]>`
    insert into media (channel_id, kind, original_path, extension, content_type, status)
    values (${radio}, 'audio', ${key}, 'wav', 'audio/wav', 'uploaded') returning id`;
  await sql`update messages set media_id = ${media.id}, created_at = now(), status = 'received',
      moderation = 'none'
    where id = (select id from messages where segment_id = ${voice} and media_id is null order by id limit 1)`;
  await processMedia({ sql, storage: server.deps.storage }, media.id);
  await Deno.remove(dir, { recursive: true });
}
await sql`update segments set registration_required = true where id = ${vote}`;

const content = (await sql<{ text: string }[]>`
  select title as text from segments union select text from segments where text is not null
  union select label from segment_choices union select text from messages where text is not null
  union select transcript from messages where transcript is not null
  union select author_name from messages where author_name is not null
  union select text from replies where text is not null`).map((r) => r.text.replace(/\s+/g, " "));

const problems: string[] = [];
/** Texts cut with an ellipsis at 375 px: printed once each, to be looked at (a long name in a list row is). */
const cuts = new Set<string>();
let screens = 0;
let browser: Browser | undefined;

async function walk(lang: Language, width: number) {
  const t = translator(lang);
  const foreign = foreignTexts(lang);
  const context = await browser!.newContext({ locale: lang, viewport: { width, height: 800 } });
  const page = await context.newPage();
  let consoleErrors: string[] = [];
  page.on("console", (m) => m.type() === "error" && consoleErrors.push(m.text()));
  page.on("pageerror", (e) => consoleErrors.push(String(e)));
  const where = (name: string) => `${lang} ${width}px ${name}`;

  /** Audits the page as it is now, saves its screenshot, and notes the console errors since the last one. */
  const check = async (name: string, allowConsole?: RegExp) => {
    screens++;
    const findings: Finding[] = await auditPage(page, lang, foreign, content);
    for (const error of consoleErrors) {
      if (!allowConsole?.test(error)) findings.push({ kind: "console", text: error });
    }
    consoleErrors = [];
    await page.screenshot({ path: `${SHOTS}/${lang}-${width}-${name}.png`, fullPage: true });
    for (const f of findings) {
      const line = `${where(name)} ${f.kind}: ${f.text}`;
      if (f.kind === "cut") cuts.add(`${lang} ${f.text}`);
      else problems.push(line);
    }
    console.log(`${where(name)}: ${findings.filter((f) => f.kind !== "cut").length} problem(s)`);
  };
  /** Runs one part of the walk; a part that cannot be walked is a problem, and the walk goes on. */
  const part = async (name: string, fn: () => Promise<void>) => {
    try {
      await fn();
    } catch (error) {
      problems.push(`${where(name)} could not be walked: ${String(error).split("\n")[0]}`);
      await page.screenshot({ path: `${SHOTS}/${lang}-${width}-${name}-failed.png` }).catch(() => {});
    }
  };
  const widget = `${base}/widgets/channel/${radio}/?lang=${lang}`;
  const ready = () => page.locator("[data-ready]").waitFor();

  // the visitor widgets, signed out
  await part("channel-home", async () => {
    await page.goto(widget);
    await ready();
    await check("channel-home");
    await page.getByTitle(t("channel_widget.home.my_space")).click();
    await page.getByText(t("channel_widget.space.reserved")).waitFor();
    await check("space-signed-out");
  });
  for (const single of singles) {
    await part(`single-${single.type}`, async () => {
      await page.goto(`${base}/widgets/${radio}/${single.id}/?lang=${lang}`);
      await page.locator('[data-island="SingleWidget"][data-hydrated]').waitFor();
      await check(`single-${single.type}`);
    });
  }
  if (ended) {
    await part("single-ended", async () => {
      await page.goto(`${base}/widgets/${radio}/${ended.id}/?lang=${lang}`);
      // the page of an ended interaction is answered 410, which the browser logs
      await check("single-ended", /status of 410/);
    });
  }
  await part("single-vote-thanks", async () => {
    await sql`update segments set registration_required = false where id = ${vote}`;
    await page.goto(`${base}/widgets/${radio}/${vote}/?lang=${lang}`);
    await page.getByRole("button", { name: t("widget.participate_survey") }).click();
    await page.locator(".w-choice, [role=radio], .choice").first().click();
    await check("single-vote-choice");
    await page.getByRole("button", { name: t("widget.send"), exact: true }).click();
    await page.getByText(t("widget.participation_sent")).first().waitFor({ timeout: 15_000 });
    await check("single-vote-thanks");
    await sql`update segments set registration_required = true where id = ${vote}`;
  });
  await part("widget-login-wait", async () => {
    await sql`delete from login_failures`;
    await page.goto(`${widget}&interaction_id=${vote}`);
    await ready();
    await page.getByRole("link", { name: t("channel_widget.home.participate") }).first().click();
    await page.getByRole("button", { name: /Nuits blanches/ }).click();
    await check("channel-vote-confirm");
    await page.getByRole("button", { name: t("widget.send"), exact: true }).click();
    await page.locator("#cw-login-title").waitFor();
    await check("widget-login");
    await page.getByRole("button", { name: t("channel_widget.login.login"), exact: true }).click();
    await page.getByLabel(t("channel_widget.login.email")).fill(listener.email);
    await page.getByRole("button", { name: t("channel_widget.login.next") }).click();
    for (let i = 0; i < 6; i++) {
      if (i === 5) {
        await sql`update login_failures set blocked_until = now() + interval '30 seconds'
          where key like ${`login:visitor:${listener.email}|%`}`;
      }
      await page.getByLabel(t("channel_widget.login.password")).fill(`wrong-${i}-password`);
      await Promise.all([
        page.waitForResponse((r) => r.url().endsWith("/api/v1/app_users/login")),
        page.getByRole("button", { name: t("channel_widget.login.login"), exact: true }).click(),
      ]);
    }
    await page.locator(".cw-alert[data-wait]").waitFor();
    await check("widget-login-wait", EXPECTED_CONSOLE);
    await sql`delete from login_failures`;
  });

  // the visitor widgets, as a signed-in listener: a message, its thanks and share, my space
  await part("listener", async () => {
    const [user] = await sql<{ id: number }[]>`
      insert into app_users (channel_id, nickname, email, first_name, language)
      values (${radio}, ${`Walker ${lang}${width}`}, ${`walker-${lang}-${width}@example.com`}, 'Walker', ${lang})
      returning id::int as id`;
    const session = JSON.stringify({
      id: user.id,
      is_anonymous: false,
      nickname: `Walker ${lang}${width}`,
      avatar_url: null,
      access_token: await openSession(server.deps.sql, server.deps.jwtSecret, user.id, "visitor"),
    });
    await page.goto(`${base}/robots.txt`);
    await page.evaluate((s) => localStorage.setItem("interaction-manager.user", s), session);
    await page.goto(`${widget}&interaction_id=${message}`);
    await ready();
    await page.getByRole("link", { name: t("channel_widget.home.participate") }).first().click();
    await page.locator("textarea").first().fill("Bonjour, une question pour l'invité.");
    await check("channel-message-write");
    const send = page.getByRole("button", { name: t("widget.send"), exact: true });
    await send.click();
    // the interaction gathers a first name and a city first
    const thanks = page.getByRole("heading", { name: t("channel_widget.flow.message_sent") });
    const gather = page.locator("form.w-gather");
    await thanks.or(gather).first().waitFor({ timeout: 15_000 });
    if (await gather.isVisible()) {
      await check("channel-message-gather");
      await gather.getByRole("button", { name: t("widget.send"), exact: true }).click();
    }
    await thanks.waitFor({ timeout: 15_000 });
    await check("channel-thanks");
    // a message its author shared (the Share button of a recording's thanks screen), as others see it
    const [shared] = await sql<{ token: string }[]>`update messages set shared_at = now()
      where id = (select id from messages where channel_id = ${radio} and text is not null order by id limit 1)
      returning share_token::text as token`;
    await page.goto(`${widget}&s=${shared.token}`);
    await ready();
    await check("channel-shared-message");
    await page.goto(`${widget}&im_screen=space`);
    await ready();
    await page.getByRole("button", { name: t("data_rights.download") }).waitFor();
    await check("space-signed-in");
    await page.getByRole("button", { name: t("data_rights.download") }).click();
    await page.getByTestId("data-export-link").waitFor({ timeout: 30_000 });
    await check("space-data-ready");
    await page.getByRole("button", { name: t("data_rights.delete") }).click();
    await page.getByRole("alertdialog").waitFor();
    await check("space-delete-confirm");
    await page.getByRole("button", { name: t("data_rights.cancel") }).click();
    await page.getByRole("button", { name: t("channel_widget.space.ranking"), exact: true }).click();
    await page.getByRole("heading", { name: t("channel_widget.space.title_ranking") }).waitFor();
    await page.locator(".cw-rank-name").first().waitFor();
    await check("space-ranking");
  });

  // the back office: the login page and its wait, signed out
  await part("staff-login-wait", async () => {
    await context.clearCookies();
    await sql`delete from login_failures`;
    await page.goto(`${base}/login?lang=${lang}&email=manager%40example.com`);
    await page.waitForSelector('[data-island="LoginPanel"][data-hydrated] form');
    await check("staff-login");
    for (let i = 0; i < 6; i++) {
      if (i === 5) {
        await sql`update login_failures set blocked_until = now() + interval '30 seconds'
          where key like 'login:staff:manager@example.com|%'`;
      }
      await page.fill("#login-password", `Wrong-${i}!`);
      await Promise.all([
        page.waitForResponse((r) => r.url().endsWith("/api/v1/auth") && r.request().method() === "POST"),
        page.click('button[type="submit"]'),
      ]);
    }
    await page.locator(".notice-error [data-wait]").waitFor();
    await check("staff-login-wait", EXPECTED_CONSOLE);
    await sql`delete from login_failures`;
  });

  // the back office, as the channel's administrator speaking `lang`
  const [manager] = await sql<{ id: number }[]>`update users set language = ${lang}
    where login = 'manager' returning id::int as id`;
  await sql`insert into help_item_seen (user_id, help_item_key) values (${manager.id}, 'welcome')
    on conflict do nothing`;
  await context.addCookies([{
    name: "im_session",
    value: await openSession(server.deps.sql, server.deps.jwtSecret, manager.id, "staff"),
    url: base,
  }]);
  const inbox = async (segment: number) => {
    await page.goto(`${base}/participations/${segment}`);
    await page.locator('[data-island="MessageInbox"][data-hydrated]').waitFor();
  };
  await part("wizard", async () => {
    await page.goto(`${base}/interactions/create`);
    await page.locator('[data-island="CreationWizard"][data-hydrated]').waitFor();
    await check("wizard");
  });
  await part("inbox-voice", async () => {
    await inbox(voice);
    await check("inbox-voice");
    await page.locator(".inbox-item").first().locator("button").first().click();
    await page.locator(".inbox-detail").waitFor();
    await page.locator(".audio-facts").waitFor({ timeout: 15_000 });
    await check("inbox-voice-detail");
    await page.keyboard.press("t");
    await page.locator(".playout-queue [data-playout-id]").first().waitFor({
      state: "attached",
      timeout: 15_000,
    });
    await check("inbox-playout");
    if (width < 500) {
      await page.locator(".inbox-detail a, .inbox-detail button").first().click();
      await check("inbox-playout-list");
    }
    await page.getByRole("switch", { name: t("studio_delivery.compact") }).check().catch(() => {});
    const boxes = page.locator(".inbox-check");
    await boxes.nth(0).click();
    await boxes.nth(1).click();
    await page.getByRole("group", { name: t("studio_delivery.bulk") }).waitFor().catch(() => {});
    await check("inbox-multi-select");
  });
  await part("inbox-erase", async () => {
    await inbox(message);
    await page.locator(".inbox-item-button").first().click();
    await page.getByRole("button", { name: t("data_rights.staff_erase") }).click();
    await page.getByRole("alertdialog").waitFor();
    await check("inbox-erase-confirm");
    await page.keyboard.press("Escape");
  });
  await part("inbox-draw", async () => {
    await inbox(liked.id);
    await page.getByRole("button", { name: t("winner_draw.open") }).click();
    const dialog = page.getByRole("dialog", { name: t("winner_draw.title") });
    await dialog.waitFor();
    await check("draw-ask");
    await dialog.getByRole("button", { name: t("winner_draw.next") }).click();
    await check("draw-confirm");
    await dialog.getByRole("button", { name: t("winner_draw.cancel") }).click();
  });
  await part("inbox-video-subtitles", async () => {
    await inbox(video);
    await page.locator(".inbox-item").first().locator("button").first().click();
    await page.locator(".inbox-detail").waitFor();
    await check("inbox-video");
  });
  await part("moderation", async () => {
    await page.goto(`${base}/moderation`);
    await check("moderation");
  });
  await part("interaction-vote", async () => {
    await page.goto(`${base}/interactions/${vote}`);
    await page.locator('[data-island="SegmentEditForm"][data-hydrated]').waitFor();
    await check("interaction-vote");
  });
  await part("interaction-delivery", async () => {
    await page.goto(`${base}/interactions/${message}`);
    await page.locator('[data-island="SegmentEditForm"][data-hydrated]').waitFor();
    await page.locator("#seg-delivery").selectOption("ftpclassic").catch(() => {});
    await check("interaction-delivery");
  });
  await part("overlay", async () => {
    await page.goto(`${base}/interactions/${vote}`);
    const url = await page.locator("#overlay-url").inputValue();
    await page.goto(`${new URL(new URL(url).pathname, base)}`);
    await page.locator(".overlay-screen").waitFor();
    await check("overlay-screen");
    await page.goto(`${new URL(new URL(url).pathname, base)}?mode=presenter`);
    await page.locator(".overlay-screen").waitFor();
    await check("overlay-presenter");
  });
  await part("webhooks", async () => {
    await page.goto(`${base}/channels/${radio}/webhooks`);
    await check("webhooks");
  });
  await part("statistics", async () => {
    await page.goto(`${base}/statistics?range=30d`);
    await check("statistics");
  });
  await part("settings", async () => {
    await page.goto(`${base}/settings`);
    await check("settings");
    await page.goto(`${base}/settings?edit`);
    await page.locator('[data-island="ChannelForm"][data-hydrated]').waitFor();
    await check("settings-edit");
  });
  await part("customisation", async () => {
    await page.goto(`${base}/customisation`);
    await check("customisation");
  });
  await context.close();
}

try {
  browser = await launchBrowser();
  for (const lang of languages) {
    const widths = onlyWidths ?? (lang === "fr" || lang === "en" ? [375] : [375, 1280]);
    for (const width of widths) await walk(lang, width);
  }
} finally {
  await browser?.close();
  await http.shutdown();
  await server.close();
}
console.log(`\n${screens} screens walked, screenshots in ${SHOTS}`);
for (const line of cuts) console.log(`cut: ${line}`);
for (const line of problems) console.log(`PROBLEM ${line}`);
console.log(`${problems.length} problem(s)`);
Deno.exit(problems.length ? 1 : 0);
