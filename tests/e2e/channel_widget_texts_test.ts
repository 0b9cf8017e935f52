import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { browserTest, storeListener } from "./_browser.ts";
import { TEXTS_VERSION } from "../../app/i18n.ts";
import { IDLE_FETCH_MARK } from "../../framework/client.ts";

const SHOTS = "/tmp/s6/20t";
const VOTE = "Le tube de l'été";

const TEXTS = {
  en: { choice: "What is your choice?", mySpace: "My space", reserved: "Reserved space", login: "Login" },
  fr: {
    choice: "Quel est votre choix ?",
    mySpace: "Mon espace",
    reserved: "Espace réservé",
    login: "Connexion",
  },
  pt: {
    choice: "Qual é a sua escolha?",
    mySpace: "O meu espaço",
    reserved: "Espaço reservado",
    login: "Entrar",
  },
};
// a key shown as it is: "channel_widget.login.email", "widget.send", "data_rights.title"…
const RAW_KEY = /\b(channel_widget|widget|widget_forms|data_rights|sessions|common)\.[a-z_]+/;

/** What the browser asked and received, in order: `> path?query` for a request, `< path` for a response. */
function network(page: Page): string[] {
  const events: string[] = [];
  page.on("request", (req) => events.push(`> ${new URL(req.url()).pathname}${new URL(req.url()).search}`));
  page.on("response", (res) => events.push(`< ${new URL(res.url()).pathname}`));
  return events;
}

const textRequests = (events: string[]) =>
  events.filter((e) => e.startsWith("> /api/v1/locales/")).map((e) => {
    const url = new URL(e.slice(2), "http://x");
    return {
      lang: url.pathname.split("/").pop(),
      ns: url.searchParams.get("ns")!.split(","),
      // the version of the texts the page was made with (app/i18n.ts TEXTS_VERSION)
      v: url.searchParams.get("v"),
    };
  });

async function noRawKeys(page: Page, where: string) {
  const text = await page.locator("body").innerText();
  assert.doesNotMatch(text, RAW_KEY, where);
}

for (const viewport of [{ width: 375, height: 740 }, { width: 1280, height: 800 }]) {
  browserTest(
    `channel widget texts - the home carries its own and the flow's, the login panel fetches its at ${viewport.width}px`,
    async ({ page, baseUrl, server, consoleErrors }) => {
      const w = viewport.width;
      await Deno.mkdir(SHOTS, { recursive: true });
      const [radio] = await server.sql<{ id: number }[]>`select id from channels order by id limit 1`;
      const events = network(page);
      for (const lang of ["fr", "en"] as const) {
        const home = `${baseUrl}/widgets/channel/${radio.id}/?lang=${lang}`;
        events.length = 0;
        await page.goto(home);
        await page.locator("[data-ready]").waitFor();
        const data = JSON.parse(await page.locator("#__islands").textContent() ?? "{}");
        const keys = Object.keys(data.texts);
        assert.ok(keys.includes("channel_widget.home.participate"), "the home's own texts are in the page");
        // and the flow's, so that a tap on Participate asks for none (a round trip on a phone network)
        assert.ok(keys.includes("channel_widget.flow.your_choice"), "the flow's texts are in the page");
        assert.deepEqual(
          keys.filter((k) => /^(channel_widget\.(login|space|profile)|data_rights|sessions)\./.test(k)),
          [],
          "no text of a part loaded later",
        );
        // once idle the flow is loaded: its texts asked for by no one
        await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, IDLE_FETCH_MARK);
        await page.waitForLoadState("networkidle");
        assert.deepEqual(textRequests(events), [], "the page asks for no text");
        await page.screenshot({ path: `${SHOTS}/home-${lang}-${w}.png`, fullPage: true });

        // a participation: its texts are there, in the page's language, and nothing more is asked
        await page.locator(".cw-slide", { hasText: VOTE }).locator(".cw-participate").click();
        await page.getByText(TEXTS[lang].choice).waitFor();
        await noRawKeys(page, `participation in ${lang}`);
        assert.deepEqual(textRequests(events), [], "the first tap fetches no text");
        await page.screenshot({ path: `${SHOTS}/participation-${lang}-${w}.png`, fullPage: true });

        // my space then the login panel: each fetches only what the page does not hold yet
        await page.goto(home);
        await page.locator("[data-ready]").waitFor();
        events.length = 0;
        await page.getByTitle(TEXTS[lang].mySpace).click();
        await page.getByText(TEXTS[lang].reserved).waitFor();
        await page.getByRole("button", { name: TEXTS[lang].login, exact: true }).click();
        await page.locator("#cw-login-title").waitFor();
        await noRawKeys(page, `login panel in ${lang}`);
        const [space, login] = textRequests(events);
        assert.ok(
          space.ns.includes("widget_forms") && space.ns.includes("channel_widget.login"),
          space.ns.join(),
        );
        assert.equal(login.lang, lang);
        assert.deepEqual([space.v, login.v], [TEXTS_VERSION, TEXTS_VERSION]);
        assert.ok(login.ns.includes("sessions"), login.ns.join());
        assert.ok(
          !login.ns.includes("widget_forms") && !login.ns.includes("channel_widget.login"),
          login.ns.join(),
        );
        await page.screenshot({ path: `${SHOTS}/login-${lang}-${w}.png`, fullPage: true });
      }
      assert.deepEqual(consoleErrors, []);
    },
    { viewport },
  );
}

browserTest(
  "channel widget texts - a part opened on a page switched to the listener's language comes in that language",
  async ({ page, baseUrl, server, consoleErrors }) => {
    const [radio] = await server.sql<{ id: number }[]>`select id from channels order by id limit 1`;
    const [listener] = await server.sql<{ id: number }[]>`
      insert into app_users (nickname, language, email) values ('Lia', 'pt', 'lia@example.test')
      returning id::int as id`;
    const events = network(page);
    // Chromium asks for English; the listener's stored language is Portuguese
    await page.goto(`${baseUrl}/widgets/channel/${radio.id}/`);
    await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, IDLE_FETCH_MARK);
    await page.waitForLoadState("networkidle");
    await storeListener(page, server, { id: listener.id, nickname: "Lia", language: "pt" });
    // the page's texts, the flow's among them, come once in Portuguese: the tap asks for none
    events.length = 0;
    await page.reload();
    await page.locator(".cw-slide").first().getByRole("link", { name: "Participar" }).waitFor();
    await page.locator(".cw-slide", { hasText: VOTE }).locator(".cw-participate").click();
    await page.getByText(TEXTS.pt.choice).waitFor();
    await noRawKeys(page, "participation in pt");
    const asked = textRequests(events);
    // the page's own texts in Portuguese with the flow's, once, never an English text
    assert.deepEqual(asked.map((r) => [r.lang, r.v]), [["pt", TEXTS_VERSION]]);
    assert.ok(asked[0].ns.includes("channel_widget.home"), asked[0].ns.join());
    assert.ok(asked[0].ns.includes("channel_widget.flow"), asked[0].ns.join());
    assert.deepEqual(consoleErrors, []);
  },
);
