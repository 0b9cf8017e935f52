import assert from "node:assert/strict";
import { openSession } from "../../lib/platform/sessions.ts";
import type { Page } from "playwright-core";
import { Buffer } from "node:buffer";
import {
  assertAccessible,
  browserTest,
  DEMO_PASSWORD,
  FAKE_MEDIA,
  recorded,
  skip,
  storeListener,
  waitUntil,
} from "./_browser.ts";
import { THANKS_TO_RESULTS_MS } from "../../lib/rules/constants.ts";

async function segmentId(sql: import("postgres").Sql, title: string): Promise<number> {
  const [row] = await sql<{ id: number }[]>`select id::int as id from segments where title = ${title}`;
  return row.id;
}

/** The demo radio (the first channel). */
async function firstChannel(sql: import("postgres").Sql): Promise<{ id: number }> {
  const [row] = await sql<{ id: number }[]>`select id::int as id from channels order by id limit 1`;
  return row;
}

const VOTE = "Le tube de l'été";
const VOICE = "Votre dédicace du matin";

async function participate(page: Page) {
  await page.locator("[data-ready]").waitFor();
  await page.getByRole("link", { name: "Participate" }).first().click();
}

for (const viewport of [{ width: 375, height: 740 }, { width: 1280, height: 800 }]) {
  browserTest(
    `channel widget flow - a listener registers, votes, records and finds it in my space at ${viewport.width}px`,
    async ({ page, baseUrl, server, shot, consoleErrors }) => {
      const w = viewport.width;
      const radio = await firstChannel(server.sql);
      const vote = await segmentId(server.sql, VOTE);
      const voice = await segmentId(server.sql, VOICE);
      await server.sql`update segments set registration_required = true where id = ${vote}`;
      const home = `${baseUrl}/widgets/channel/${radio.id}/?lang=en`;

      // my space, logged out: the reserved space
      await page.goto(`${home}&interaction_id=${vote}`);
      await page.locator("[data-ready]").waitFor();
      await page.getByTitle("My space").click();
      await page.getByText("Reserved space").waitFor();
      await shot(`cw-space-reserved-${w}`);
      await page.getByRole("button", { name: "Back" }).click();

      // a vote that requires registration: the login panel without the anonymous option
      await participate(page);
      await page.getByText("What is your choice?").waitFor();
      await page.getByRole("button", { name: /Nuits blanches/ }).click();
      await page.getByText("Confirm your choice").waitFor();
      await shot(`cw-voting-${w}`);
      await page.getByRole("button", { name: "Send" }).click();
      await page.getByText(
        "This interaction requires that you are registered and logged in to participate ;-)",
      )
        .waitFor();
      assert.equal(await page.getByRole("button", { name: "Send without registering" }).count(), 0);
      assert.equal(await page.locator("#cw-login-title").textContent(), "Log in");
      await shot(`cw-login-main-${w}`);
      await assertAccessible(page, "login panel");

      // login by email: a wrong password marks the field invalid, without text
      await page.getByRole("button", { name: "Login" }).click();
      await page.getByLabel("Email").fill("nobody@example.com");
      await page.getByRole("button", { name: "Next" }).click();
      assert.equal(await page.locator("#cw-login-title").textContent(), "Reconnect");
      await page.getByLabel("Password").fill("wrong-password");
      await page.getByRole("button", { name: "Login" }).click();
      await page.locator("input[type=password][aria-invalid=true]").waitFor();
      await shot(`cw-login-password-${w}`);
      await page.getByRole("button", { name: "Forgot password?" }).click();
      await shot(`cw-login-forgot-${w}`);
      // back: forgot → password → email → main
      for (const _ of [1, 2, 3]) await page.getByRole("button", { name: "Back" }).click();
      await page.getByRole("button", { name: "Register" }).click();
      assert.equal(await page.locator("#cw-login-title").textContent(), "To register");

      // register: email availability, password ≥ 8, then pseudonym and phone
      const email = `listener-${w}@example.com`;
      await page.getByLabel("Email").fill("seed@");
      await page.getByText("The email address is not valid.").waitFor();
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill("short");
      await page.getByText("Password must be at least 8 characters long").waitFor();
      const next = page.getByRole("button", { name: "Next" });
      assert.equal(await next.isDisabled(), true);
      await page.getByLabel("Password").fill("long-enough-1");
      await page.waitForFunction(() =>
        !document.querySelector<HTMLButtonElement>(".cw-form .cw-btn")?.disabled
      );
      await shot(`cw-register-${w}`);
      await next.click();
      await page.getByLabel("Pseudonym").fill(`Lina${w}`);
      await page.getByLabel("Phone").fill("061");
      const register = page.getByRole("button", { name: "Register" });
      assert.equal(await register.isDisabled(), true);
      await page.getByLabel("Phone").fill("+336 123 4567");
      await page.waitForFunction(() =>
        !document.querySelector<HTMLButtonElement>(".cw-form .cw-btn")?.disabled
      );
      await shot(`cw-register-finish-${w}`);
      await register.click();

      // the panel closes and the vote is sent; a testimonial is demanded
      await page.getByText("Participation sent").waitFor();
      await page.getByText("Dites-nous pourquoi ce titre vous fait vibrer !").waitFor();
      await shot(`cw-thanks-vote-${w}`);
      // no results while the testimonial is pending (the 2 s to the results go by at once); the written
      // testimonial, then the results after 2 s
      await skip(page, THANKS_TO_RESULTS_MS.channel + 500);
      assert.equal(await page.getByText("For now, the results are:").count(), 0);
      await page.getByRole("button", { name: "Write my answer" }).click();
      await page.getByPlaceholder("Write here your message").fill("Parce que c'est l'été !");
      await page.getByRole("button", { name: "Send" }).click();
      await page.getByText("For now, the results are:").waitFor({ timeout: 10_000 });
      await page.locator(".cw-result-rows li").first().waitFor();
      await shot(`cw-results-${w}`);
      const stored = await page.evaluate(() => localStorage.getItem("interaction-manager.user"));
      assert.match(stored!, /access_token/);

      // voice: REC, maximum time, stop, send, thanks
      await page.goto(`${home}&interaction_id=${voice}`);
      await participate(page);
      await page.getByText("Maximum recording time: 60 seconds").waitFor();
      await page.getByRole("button", { name: "Record" }).click();
      await page.locator(".rec-dot").waitFor();
      await shot(`cw-recording-${w}`);
      await recorded(page, 1);
      await page.getByRole("button", { name: "Stop" }).click();
      await page.getByRole("button", { name: "Send" }).click();
      await page.getByText("Message sent").waitFor({ timeout: 30_000 });
      await page.getByText("See you soon !").waitFor();
      await page.getByRole("button", { name: "Share" }).waitFor();
      await shot(`cw-thanks-voice-${w}`);

      // staff like and broadcast each of the listener's messages through the inbox API: 3 × (10 + 100)
      const [user] = await server.sql<
        { id: number }[]
      >`select id::int as id from app_users where email = ${email}`;
      const [manager] = await server.sql<
        { id: number }[]
      >`select id::int as id from users where login = 'manager'`;
      const staff = await openSession(server.deps.sql, server.deps.jwtSecret, manager.id, "staff");
      const mine = await server.sql<{ id: number }[]>`
        select id::int as id from messages where author_app_user_id = ${user.id} order by id`;
      assert.equal(mine.length, 3, "the vote, its testimonial and the voice message");
      for (const { id } of mine) {
        for (const key of ["like", "broadcast"]) {
          const res = await server.request(`/api/v1/interaction/${id}/action`, {
            method: "POST",
            json: { key },
            token: staff,
          });
          assert.equal(res.status, 200, `${key} ${id}`);
        }
      }
      await page.getByRole("button", { name: "Close" }).click();
      await page.getByTitle("My space").click();
      await page.getByText("Today").waitFor();
      await page.getByText("330 points").waitFor();
      await page.getByText("Amateur").first().waitFor();
      // the vote and its testimonial, newest first: the vote is the older one
      await page.getByRole("button", { name: /Quel titre va s'imposer/ }).last().click();
      await page.getByText(/Participation sent on \d\d\/\d\d\/\d{4} - \d\d:\d\d/).waitFor();
      await page.getByText("You have won 110 points").waitFor();
      const active = await page.locator(".cw-indicators li.is-active").allTextContents();
      assert.deepEqual(active, ["Message liked (10 points)", "Message broadcasted (100 points)"]);
      await page.getByText("Message quoted (50 points)").waitFor();
      await shot(`cw-space-${w}`);
      await assertAccessible(page, "my space");
      await page.getByRole("button", { name: /Amateur/ }).click();
      assert.equal(await page.locator(".cw-levels li").count(), 7);
      await shot(`cw-levels-${w}`);
      await page.getByRole("button", { name: "Back" }).click();
      await page.getByRole("button", { name: "Ranking" }).click();
      await page.locator(".cw-ranking li.is-me").getByText(`Lina${w}`).waitFor();
      await shot(`cw-ranking-${w}`);
      await assertAccessible(page, "ranking");
      await page.getByRole("button", { name: "Back" }).click();
      await page.getByRole("button", { name: "Edit my profile" }).click();
      // avatar: image files only
      const avatarInput = page.locator(".cw-avatar-upload input[type=file]");
      await avatarInput.setInputFiles({
        name: "notes.txt",
        mimeType: "text/plain",
        buffer: Buffer.from("hi"),
      });
      await page.getByText("Please choose an image file.").waitFor();
      const png = await page.screenshot({ clip: { x: 0, y: 0, width: 120, height: 120 } });
      await avatarInput.setInputFiles({ name: "me.png", mimeType: "image/png", buffer: Buffer.from(png) });
      await page.locator(".cw-avatar-upload img").waitFor();
      await page.getByLabel("First name").fill("Lina");
      await page.getByLabel("City / Region").fill("Lyon");
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByText("Profile saved").waitFor();
      await shot(`cw-profile-${w}`);
      await assertAccessible(page, "profile");
      // the stored user is restored on load; im_screen=profile opens the profile
      await page.goto(`${home}&im_screen=profile`);
      await page.getByLabel("City / Region").waitFor();
      assert.equal(await page.getByLabel("City / Region").inputValue(), "Lyon");
      await page.getByRole("button", { name: "Log out" }).click();
      assert.equal(await page.evaluate(() => localStorage.getItem("interaction-manager.user")), null);
      assert.deepEqual(consoleErrors.filter((e) => !/Failed to load resource/.test(e)), []);
    },
    { chromiumArgs: FAKE_MEDIA, jobs: true, viewport, clock: true },
  );
}

browserTest(
  "channel widget flow - a confirmed recording waits for the login: the home button reads Record, then it is sent",
  async ({ page, baseUrl, server, shot, consoleErrors }) => {
    const radio = await firstChannel(server.sql);
    const voice = await segmentId(server.sql, VOICE);
    await server.sql`update segments set registration_required = true where id = ${voice}`;
    const [listener] = await server.sql<{ id: number; email: string }[]>`
      select id::int as id, email from app_users where not is_anonymous and email is not null order by id limit 1`;
    await page.goto(`${baseUrl}/widgets/channel/${radio.id}/?lang=en&interaction_id=${voice}`);
    await participate(page);
    await page.getByRole("button", { name: "Record" }).click();
    await page.locator(".rec-dot").waitFor();
    await recorded(page, 1);
    await page.getByRole("button", { name: "Stop" }).click();
    await page.getByRole("button", { name: "Send" }).click();
    await page.getByText("This interaction requires that you are registered and logged in to participate ;-)")
      .waitFor();
    // the visitor closes the login panel (back arrow on main): home again, the interaction's button reads Record
    await page.locator(".cw-panel").getByRole("button", { name: "Back" }).click();
    const slide = page.locator(".cw-slide", { hasText: VOICE });
    await slide.getByRole("link", { name: "Record" }).waitFor();
    await shot("cw-home-record-1280");
    // Record: the login again, and once logged in the recording is sent
    await slide.getByRole("link", { name: "Record" }).click();
    await page.getByRole("button", { name: "Login" }).click();
    await page.getByLabel("Email").fill(listener.email);
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Login" }).click();
    await page.getByText("Message sent").waitFor({ timeout: 30_000 });
    // stored once, and processed (the test ends with no media job left running on its database)
    await waitUntil(async () => {
      const sent = await server.sql<{ processing_status: string }[]>`
        select processing_status from messages where segment_id = ${voice}
          and author_app_user_id = ${listener.id} and media_id is not null`;
      assert.equal(sent.length, 1);
      return sent[0].processing_status === "done";
    }, "the recording processed");
    // Close resets everything: Participate again
    await page.getByRole("button", { name: "Close" }).click();
    await slide.getByRole("link", { name: "Participate" }).waitFor();
    assert.deepEqual(consoleErrors.filter((e) => !/Failed to load resource/.test(e)), []);
  },
  { chromiumArgs: FAKE_MEDIA, jobs: true, viewport: { width: 1280, height: 800 } },
);

browserTest(
  "channel widget flow - an anonymous listener votes and sees the results after 2 s",
  async ({ page, baseUrl, server, shot, consoleErrors }) => {
    const radio = await firstChannel(server.sql);
    const vote = await segmentId(server.sql, VOTE);
    await server.sql`update segments set testimonial_demanded = false where id = ${vote}`;
    await page.goto(`${baseUrl}/widgets/channel/${radio.id}/?lang=en&interaction_id=${vote}`);
    await page.locator("[data-ready]").waitFor();
    await participate(page);
    await page.getByRole("button", { name: /Soleil d'août/ }).click();
    await page.getByRole("button", { name: "Send" }).click();
    // without an account: how to participate, with the anonymous option
    await page.getByText("How do you want to participate ?").waitFor();
    await page.getByRole("button", { name: "Send without registering" }).click();
    assert.equal(await page.locator("#cw-login-title").textContent(), "Send without registering");
    const send = page.locator(".cw-panel").getByRole("button", { name: "Send" });
    await page.getByLabel("Pseudonym").fill("Seed");
    await page.getByLabel("Pseudonym").fill("Nightbird");
    await page.waitForFunction(() =>
      !document.querySelector<HTMLButtonElement>(".cw-form .cw-btn")?.disabled
    );
    await shot("cw-anonymous-1280");
    await send.click();
    await page.getByText("Participation sent").waitFor();
    // anonymous users are not stored locally
    assert.equal(await page.evaluate(() => localStorage.getItem("interaction-manager.user")), null);
    await page.getByText("For now, the results are:").waitFor({ timeout: 6000 });
    assert.equal(await page.locator(".cw-result-rows li").count(), 4);
    assert.match(
      await page.locator(".cw-result-rows li").first().textContent() ?? "",
      /^1.*Soleil d'août.*\d+\s%$/,
    );
    await shot("cw-anonymous-results-1280");
    await assertAccessible(page, "vote results");
    // the same device votes again: already registered
    await page.getByRole("button", { name: "Close" }).click();
    await participate(page);
    await page.getByRole("button", { name: /Soleil d'août/ }).click();
    await page.getByRole("button", { name: "Send" }).click();
    await page.getByText("Your participation has already been registered for that vote").waitFor();
    await shot("cw-already-1280");
    assert.deepEqual(consoleErrors.filter((e) => !/Failed to load resource/.test(e)), []);
  },
  { jobs: true, viewport: { width: 1280, height: 800 } },
);

browserTest(
  "channel widget flow - shared message, sms, registration and a gallery image",
  async ({ page, baseUrl, server, shot, consoleErrors }) => {
    const radio = await firstChannel(server.sql);
    const home = `${baseUrl}/widgets/channel/${radio.id}/?lang=en`;

    // shared message view (s=)
    const [shared] = await server.sql<{ token: string }[]>`
      update messages set shared_at = now() where id = (
        select id from messages where channel_id = ${radio.id} and status = 'received'
          and moderation in ('none', 'approved') and text is not null order by id limit 1)
      returning share_token::text as token`;
    await page.goto(`${home}&s=${shared.token}`);
    await page.getByText("Message posted on").waitFor();
    await page.locator("[data-ready]").waitFor();
    await shot("cw-shared-375");
    await page.getByRole("button", { name: "I want to participate too" }).click();
    await page.locator(".cw-slide").first().waitFor();

    // sms: the gathered fields, Send, the sms: link opened, Registration sent
    await page.addInitScript(() => {
      const opened: string[] = [];
      Object.assign(globalThis, { opened });
      globalThis.open = (url?: string | URL) => {
        opened.push(String(url));
        return null;
      };
    });
    const sms = await segmentId(server.sql, "Jeu SMS : vos places pour le Horizon Live");
    await server.sql`update segments set to_mode = 'permanent', end_date = null where id = ${sms}`;
    await page.goto(`${home}&interaction_id=${sms}`);
    await participate(page);
    await page.getByLabel(/First name/).fill("Ana");
    await page.getByLabel(/City/).fill("Lyon");
    await page.getByRole("button", { name: "Send" }).click();
    await shot("cw-sms-confirm-375");
    await page.getByRole("button", { name: "Send" }).click();
    const consent = page.locator(".cw-flow input[type=checkbox]");
    if (await consent.count()) {
      for (const box of await consent.all()) await box.check();
      await page.getByRole("button", { name: "Send" }).click();
    }
    await page.getByText("Registration sent").waitFor();
    await shot("cw-sms-thanks-375");
    assert.deepEqual(await page.evaluate(() => (globalThis as unknown as { opened: string[] }).opened), [
      "sms:71010?body=HORIZON%20Ana%20Lyon",
    ]);
    assert.equal(
      await page.getByRole("link", { name: "Send the SMS" }).getAttribute("href"),
      "sms:71010?body=HORIZON%20Ana%20Lyon",
    );
    const [sent] = await server.sql<{ text: string }[]>`
      select text from messages where segment_id = ${sms} order by id desc limit 1`;
    assert.equal(sent.text, "HORIZON Ana Lyon");

    // registration: information, consent, Registration sent
    const club = await segmentId(server.sql, "Rejoignez le club des auditeurs");
    await page.goto(`${home}&interaction_id=${club}`);
    await participate(page);
    await page.getByRole("button", { name: "Send" }).click();
    await page.getByText(/Missing required/).first().waitFor();
    await page.getByLabel(/First name/).fill("Ana");
    await page.getByLabel(/^Name/).fill("Lopes");
    await page.getByLabel(/Phone/).fill("+336 123 4567");
    await page.getByLabel(/Email/).fill("ana@example.com");
    await page.getByRole("button", { name: "Send" }).click();
    await page.getByRole("button", { name: "Send" }).click();
    for (const box of await page.locator(".cw-flow input[type=checkbox]").all()) await box.check();
    await shot("cw-registration-consent-375");
    await assertAccessible(page, "consent");
    await page.getByRole("button", { name: "Send" }).click();
    await page.getByText("Registration sent").waitFor();

    // video with several permanent interactions: the gallery, an image file, sent
    const video = await segmentId(server.sql, "Montrez-nous votre festival");
    await server.sql`update segments set to_mode = 'permanent', end_date = null, status = 'published',
      start_date = now() - interval '1 day' where id = ${video}`;
    await server.sql`update channels set my_space_enabled = false where id = ${radio.id}`;
    await page.goto(home);
    await page.locator("[data-ready]").waitFor();
    const slide = page.locator(".cw-slide", { hasText: "Montrez-nous votre festival" });
    await slide.getByRole("link", { name: "Participate" }).dispatchEvent("click");
    await page.getByText("Import a file").waitFor();
    await shot("cw-gallery-375");
    const png = await page.screenshot({ clip: { x: 0, y: 0, width: 200, height: 200 } });
    await page.locator(".cw-file input[type=file]").setInputFiles({
      name: "photo.png",
      mimeType: "image/png",
      buffer: Buffer.from(png),
    });
    await page.getByText("Droit à l'image").waitFor();
    for (const box of await page.locator(".cw-flow input[type=checkbox]").all()) await box.check();
    await page.getByRole("button", { name: "Send" }).click();
    await page.getByText("Message sent").waitFor({ timeout: 30_000 });
    await shot("cw-thanks-video-375");

    // the Facebook / Instagram in-app browser: recording is blocked with a prompt to open a browser
    const inApp = await page.context().browser()!.newContext({
      userAgent: "Mozilla/5.0 (iPhone) [FBAN/FBIOS;FBAV/400.0]",
      viewport: { width: 375, height: 740 },
    });
    const fb = await inApp.newPage();
    await fb.goto(`${home}&interaction_id=${await segmentId(server.sql, VOICE)}`);
    await participate(fb);
    await fb.getByText("You are almost there !").waitFor();
    await fb.screenshot({ path: new URL("./screenshots/cw-in-app-375.png", import.meta.url).pathname });
    await inApp.close();
    assert.deepEqual(consoleErrors.filter((e) => !/Failed to load resource|sms:/.test(e)), []);
  },
  { jobs: true, viewport: { width: 375, height: 740 } },
);

browserTest(
  "channel widget - my space shows a registration as such, not an empty bubble",
  async ({ page, baseUrl, server, shot, consoleErrors }) => {
    const radio = await firstChannel(server.sql);
    await server.sql`update channels set my_space_enabled = true where id = ${radio.id}`;
    const [segment] = await server.sql<{ id: number }[]>`
      insert into segments (channel_id, type, title, status, start_date)
      values (${radio.id}, 'registration', 'Concert du 14 juillet', 'published', now()) returning id::int as id`;
    const [user] = await server.sql<{ id: number }[]>`
      insert into app_users (channel_id, nickname, email, language)
      values (${radio.id}, 'Capucine', 'capucine@example.com', 'en') returning id::int as id`;
    await server.sql`insert into messages (channel_id, segment_id, type, author_app_user_id, author_name,
        only_user_data, extra_user_information)
      values (${radio.id}, ${segment.id}, 'registration', ${user.id}, 'Capucine', true, '{"city":"Brest"}')`;
    await page.goto(`${baseUrl}/widgets/channel/${radio.id}/?lang=en`);
    await storeListener(page, server, {
      id: user.id,
      nickname: "Capucine",
      language: "en",
      avatar_url: null,
    });
    await page.goto(`${baseUrl}/widgets/channel/${radio.id}/?lang=en&im_screen=space`);
    await page.locator(".cw-message-head", { hasText: "Concert du 14 juillet" }).click();
    const entry = page.locator(".cw-registered");
    await entry.waitFor();
    assert.equal(await entry.textContent(), "Registered for “Concert du 14 juillet”");
    await page.getByText("Participation sent on").waitFor();
    await shot("registration-375");
    assert.deepEqual(consoleErrors, []);
  },
  { viewport: { width: 375, height: 740 } },
);
