// Browser tests: a real server on a free port over a fresh seeded database, driven by Playwright in
// Debian's Chromium. Without /usr/bin/chromium the tests are reported as ignored, loudly.
import assert from "node:assert/strict";
import AxeBuilder from "@axe-core/playwright";
import { type Browser, chromium, type Page } from "playwright-core";
import { openSession } from "../../lib/platform/sessions.ts";
import { type TestApp, testApp } from "../_helpers.ts";
import { STORAGE_KEYS } from "../../lib/rules/widget.ts";
import { monoWav } from "../../lib/media/demo.ts";

export const CHROMIUM = Deno.env.get("CHROMIUM_PATH") ?? "/usr/bin/chromium";
export const DEMO_PASSWORD = "Demo-Password-1!";
export const hasChromium = await Deno.stat(CHROMIUM).then(() => true, () => false);
const SHOTS = new URL("./screenshots/", import.meta.url).pathname;

/**
 * A steady voice-like sound for the fake microphone: 2 s of a 220 Hz tone whose loudness rises and falls
 * three times a second and never drops to silence, as a 16-bit 48 kHz mono WAV that Chromium plays in a loop.
 * Chromium's own fake microphone beeps for 170 ms every 500 ms, and the product cuts a recording's leading
 * and trailing silence before it goes on air, so a 1 s recording came out anywhere between 0.5 and 1 s.
 */
export function writeFakeVoice(path: string): string {
  const loudness = (t: number) => 0.6 + 0.4 * Math.sin(2 * Math.PI * 3 * t);
  Deno.writeFileSync(path, monoWav(2, 48_000, (t) => 0.3 * loudness(t) * Math.sin(2 * Math.PI * 220 * t)));
  return path;
}

/** Chromium's fake camera and microphone, allowed without asking; the microphone plays writeFakeVoice's sound. */
export const FAKE_MEDIA = [
  "--use-fake-device-for-media-stream",
  "--use-fake-ui-for-media-stream",
  `--use-file-for-fake-audio-capture=${writeFakeVoice(Deno.makeTempFileSync({ suffix: ".wav" }))}`,
];
/**
 * The walks' screenshots are for a person to look at; CI keeps no files, so there it takes only the one of a
 * failure (a full-page PNG costs Chromium and the test a third of a walk's CPU). SCREENSHOTS=1 takes them
 * in CI too.
 */
const TAKE_SHOTS = Deno.env.get("CI") !== "true" || Deno.env.get("SCREENSHOTS") === "1";

if (!hasChromium) {
  console.warn(`\n!!! BROWSER TESTS SKIPPED: ${CHROMIUM} is missing (apt-get install chromium) !!!\n`);
}

export interface BrowserContext {
  page: Page;
  browser: Browser;
  baseUrl: string;
  server: TestApp;
  /** Saves a screenshot under tests/e2e/screenshots/ (outside CI, see TAKE_SHOTS). */
  shot(name: string): Promise<void>;
  /** Errors printed in the browser console or thrown by the page. */
  consoleErrors: string[];
}

/** Launches Debian's Chromium headless with the flags this machine's closed network needs. */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
      ...extraArgs,
    ],
  });
}

/**
 * The Chromium of this test file, one per set of extra flags, launched by the first test that needs it and
 * closed when the file's last browser test ends: a launch costs about a second, a fresh context (its own
 * cookies, storage and service workers) a few milliseconds. Deno runs each test file in its own worker, so
 * a file's tests never share a browser with another file's.
 */
const browsers = new Map<string, Promise<Browser>>();
let browserTestsLeft = 0;

async function sharedBrowser(extraArgs: string[] = []): Promise<Browser> {
  const key = extraArgs.join(" ");
  let launched = browsers.get(key);
  if (launched && !(await launched.then((b) => b.isConnected(), () => false))) launched = undefined;
  if (!launched) {
    launched = launchBrowser(extraArgs);
    browsers.set(key, launched);
  }
  return await launched;
}

async function browserTestEnded(): Promise<void> {
  if (--browserTestsLeft > 0) return;
  const all = [...browsers.values()];
  browsers.clear();
  await Promise.all(all.map((b) => b.then((browser) => browser.close(), () => {})));
}

export interface WalkOptions {
  viewport?: { width: number; height: number };
  chromiumArgs?: string[];
  jobs?: boolean;
  /** Extra environment of the app (e.g. AI_BASE_URL of a stub the test starts), read when the test starts. */
  env?: () => Record<string, string>;
  /**
   * Installs Playwright's clock before the first page loads: time flows as usual, and the test skips a
   * delay of the spec at once with `skip(page, CONSTANT)` instead of sitting through it.
   */
  clock?: boolean;
  /** Left out of the run, with the reason said where it is set (e.g. a walk that one database run covers). */
  ignore?: boolean;
  /**
   * Run on PostgreSQL too (DATABASE_URL set). A browser walk tests what a person sees, which the database
   * under the app does not change, so one run covers it: CI's embedded one. The walks where the
   * database's own behaviour reaches the screen (live notifications across connections, concurrent
   * writes, the inbox's counts and the statistics' rollups) run on both.
   */
  bothDatabases?: boolean;
}

/**
 * How many times CI runs a browser walk that fails. A walk drives a real Chromium against a real server on a
 * shared two-core machine, where one of its waits can run out under load; a second run tells such a walk from
 * a broken one. The first failure is printed with its stack under WALK_RETRIED, and .ci/run names these
 * walks above its last line, so a walk that fails now and then is seen, not hidden. Elsewhere a walk runs once.
 */
const WALK_RUNS = Deno.env.get("CI") === "true" ? 2 : 1;
export const WALK_RETRIED = "BROWSER WALK RUN AGAIN AFTER A FAILURE";

/**
 * Declares a browser test: the app on a free port with the demo data (password DEMO_PASSWORD), a
 * page at the given viewport in a fresh browser context, and a screenshot when it fails.
 */
export function browserTest(
  name: string,
  fn: (ctx: BrowserContext) => Promise<void>,
  options: WalkOptions = {},
) {
  const ignore = !hasChromium || options.ignore === true ||
    (Deno.env.has("DATABASE_URL") && options.bothDatabases !== true);
  if (!ignore) browserTestsLeft++;
  Deno.test({
    name,
    ignore,
    sanitizeOps: false,
    sanitizeResources: false,
    async fn() {
      try {
        for (let run = 1;; run++) {
          try {
            return await walkOnce(name, fn, options);
          } catch (error) {
            if (run >= WALK_RUNS) throw error;
            // said where CI's log shows it (.ci/run lists these walks above its last line), never hidden
            console.error(`${WALK_RETRIED}: ${name}\n${error instanceof Error ? error.stack : error}`);
          }
        }
      } finally {
        await browserTestEnded();
      }
    },
  });
}

/** One run of a browser walk: its own app, server and page, all closed after it. */
async function walkOnce(
  name: string,
  fn: (ctx: BrowserContext) => Promise<void>,
  options: WalkOptions,
): Promise<void> {
  // the address is known before the app is built: mail links are made from PUBLIC_URL
  const listener = Deno.listen({ port: 0, hostname: "127.0.0.1" });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = await testApp({
    jobs: options.jobs,
    env: { PUBLIC_URL: baseUrl, ...options.env?.() },
    demoPassword: DEMO_PASSWORD,
  });
  const http = Deno.serve({ port, hostname: "127.0.0.1", onListen: () => {} }, server.app.fetch);
  const browser = await sharedBrowser(options.chromiumArgs);
  // the contexts the test opens itself (a second visitor, a screen on air) are closed with its own
  const contextsBefore = new Set(browser.contexts());
  const page = await browser.newPage({ viewport: options.viewport ?? { width: 1280, height: 800 } });
  if (options.clock) await page.clock.install();
  const consoleErrors: string[] = [];
  page.on("console", (msg) => msg.type() === "error" && consoleErrors.push(msg.text()));
  page.on("pageerror", (error) => consoleErrors.push(String(error)));
  const slug = name.replace(/[^\w]+/g, "-").toLowerCase();
  const screenshot = async (label: string) => {
    await Deno.mkdir(SHOTS, { recursive: true });
    // a transition still running (the side menu after a change of width) is shown as it ends
    await page.screenshot({ path: `${SHOTS}${slug}--${label}.png`, fullPage: true, animations: "disabled" });
  };
  const shot = TAKE_SHOTS ? screenshot : () => Promise.resolve();
  try {
    await fn({ page, browser, baseUrl, server, shot, consoleErrors });
  } catch (error) {
    await screenshot("failure").catch(() => {});
    throw error;
  } finally {
    await Promise.all(browser.contexts().filter((c) => !contextsBefore.has(c)).map((c) => c.close()));
    await http.shutdown();
    await server.close();
  }
}

/**
 * Fails on serious or critical axe-core violations of the page (legacy mode: the page of
 * browserTest() has its own context, where axe cannot open its helper page).
 */
export async function assertAccessible(page: Page, where: string, exclude: string[] = []) {
  let builder = new AxeBuilder({ page }).setLegacyMode(true);
  for (const selector of exclude) builder = builder.exclude(selector);
  const result = await builder.analyze();
  const bad = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  assert.deepEqual(
    bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    [],
    `axe violations on ${where}`,
  );
}

/**
 * Opens a staff session in the browser (the session cookie), with English texts; `welcomeSeen` marks
 * the welcome help item as seen so it does not open by itself.
 */
export async function loginAs(
  page: Page,
  server: TestApp,
  baseUrl: string,
  login: string,
  options: { welcomeSeen?: boolean } = {},
) {
  const [user] = await server.sql<{ id: number }[]>`
    update users set language = 'en' where login = ${login} returning id`;
  if (options.welcomeSeen) {
    await server.sql`insert into help_item_seen (user_id, help_item_key) values (${user.id}, 'welcome')
      on conflict do nothing`;
  }
  const token = await openSession(server.deps.sql, server.deps.jwtSecret, user.id, "staff");
  // the page's other cookies go; its session is replaced in one step, never absent: a request the open page
  // sends meanwhile (a poll, a live stream) still has a session and is not refused
  await page.context().clearCookies({ name: /^(?!im_session$)/ });
  await page.context().addCookies([{ name: "im_session", value: token, url: baseUrl }]);
}

/**
 * Moves the page's clock `ms` ahead at once (a browserTest with `clock: true`), running the timers due
 * meanwhile: the test reads the delay from lib/rules/constants.ts and skips it, e.g.
 * `await skip(page, TOAST_MS.success)` instead of waiting two seconds for the toasts to go.
 */
export async function skip(page: Page, ms: number): Promise<void> {
  await page.clock.fastForward(ms);
}

/** Waits until the page's CSS transitions and finite animations have ended (a fade, a slide). */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) =>
      a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity
    )
  );
}

/** Waits until the recorder's timer (`.rec-timer`, mm:ss.cc) shows at least `seconds` recorded. */
export async function recorded(page: Page, seconds = 1): Promise<void> {
  await page.waitForFunction((least) => {
    const m = /^(\d+):(\d+)/.exec(document.querySelector(".rec-timer")?.textContent ?? "");
    return m !== null && Number(m[1]) * 60 + Number(m[2]) >= least;
  }, seconds);
}

/** How often waitUntil asks again. */
const POLL_MS = 100;

/**
 * Waits until `check` answers something truthy (a database row, a file the worker wrote) and returns it;
 * fails with `what` after `timeoutMs`.
 */
export async function waitUntil<T>(
  check: () => Promise<T | null | undefined | false>,
  what: string,
  timeoutMs = 30_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/**
 * Signs a listener in the way the widget remembers one (a visitor session in the page's storage), on the
 * page's current origin: the next load of a widget page restores them.
 */
export async function storeListener(
  page: Page,
  server: TestApp,
  listener: { id: number; nickname: string; language: string } & Record<string, unknown>,
): Promise<void> {
  const token = await openSession(server.deps.sql, server.deps.jwtSecret, listener.id, "visitor");
  const stored = JSON.stringify({ is_anonymous: false, ...listener, access_token: token });
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [STORAGE_KEYS.user, stored]);
}
