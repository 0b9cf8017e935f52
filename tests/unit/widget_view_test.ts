import assert from "node:assert/strict";
import { effectiveCustomisation } from "../../lib/segments/view.ts";
import { buttonColour, widgetQuery, widgetStyle } from "../../lib/widgets/query.ts";
import { widgetSegment, type WidgetSegmentSource } from "../../lib/widgets/page.ts";
import { opensLater } from "../../lib/rules/participation.ts";
import { openingText } from "../../lib/rules/availability.ts";
import { customConsentTitle, DEFAULT_TITLE_CONSENT } from "../../lib/rules/customisation.ts";

Deno.test("effectiveCustomisation - segment over channel over defaults", () => {
  const c = effectiveCustomisation({ btn_1_color: "#111111", language: "en" }, {
    btn_1_text_color: "#222222",
  });
  assert.equal(c.btn_1_color, "#111111");
  assert.equal(c.btn_1_text_color, "#222222");
  assert.equal(c.language, "en");
  assert.equal(c.title_consent, "Consent Personal Data");
  assert.equal(effectiveCustomisation(null, {}).language, "fr");
});

Deno.test("widgetQuery - reads the spec's parameters and drops malformed ones", () => {
  const q = widgetQuery(
    new URLSearchParams(
      "width=380&height=9999&background=%23223344&ref=site-a&interaction_id=12&from_perm=2",
    ),
  );
  assert.equal(q.width, 380);
  assert.equal(q.height, null);
  assert.equal(q.background, "#223344");
  assert.equal(q.ref, "site-a");
  assert.equal(q.interactionId, 12);
  assert.equal(q.fromPerm, "2");
  assert.equal(q.linkQuery, "?ref=site-a");
  const bad = widgetQuery(new URLSearchParams("background=red;x:url(evil)&interaction_id=-3&width=abc"));
  assert.equal(bad.background, null);
  assert.equal(bad.interactionId, null);
  assert.equal(bad.width, null);
  assert.equal(
    widgetStyle("#c48b9f", q),
    "--cw-primary:#c48b9f;--cw-on-primary:#1c2230;--cw-page:#223344;--cw-width:380px",
  );
  assert.equal(widgetStyle("nope;", bad), "--cw-primary:#c48b9f;--cw-on-primary:#1c2230");
  assert.match(widgetStyle("#1b2a4a", bad), /--cw-on-primary:#ffffff/, "white on a dark colour");
});

Deno.test("buttonColour - the channel's customised button colour, else its widget colour", () => {
  assert.equal(buttonColour({ btn_1_color: "#e07a5f" }, "#c48b9f"), "#e07a5f");
  assert.equal(buttonColour({}, "#c48b9f"), "#c48b9f");
  assert.equal(buttonColour(null, "#c48b9f"), "#c48b9f");
});

Deno.test("customConsentTitle - the untouched English default gives way to the widget's own translated title", () => {
  assert.equal(customConsentTitle(DEFAULT_TITLE_CONSENT), null);
  assert.equal(customConsentTitle(` ${DEFAULT_TITLE_CONSENT} `), null);
  assert.equal(customConsentTitle(""), null);
  assert.equal(customConsentTitle(undefined), null);
  assert.equal(customConsentTitle("Vos données chez Radio Horizon"), "Vos données chez Radio Horizon");
});

Deno.test("widgetSegment - a channel's default customisation shows the data-consent title in the listener's language", async (t) => {
  for (const language of ["fr", "en", "pt", "es", "pl"] as const) {
    await t.step(language, async () => {
      const custom = effectiveCustomisation({ language }, {}) as unknown as Record<string, unknown>;
      // only the customisation matters here: the segment's other columns are left out
      const segment = { id: 1, uuid: "u", type: "message" } as WidgetSegmentSource;
      const view = widgetSegment(segment, [], custom, null);
      // null: the consent screen reads widget.consent_title, translated in every locale
      assert.equal(view.texts.title_consent, null);
      const texts = JSON.parse(await Deno.readTextFile(`locales/${language}.json`));
      assert.ok(texts.widget.consent_title);
      assert.notEqual(texts.widget.consent_title, DEFAULT_TITLE_CONSENT);
    });
  }
});

Deno.test("opensLater - a scheduled interaction not started yet gives its start, anything else null", () => {
  const now = new Date("2026-06-01T00:00:00Z");
  const start = new Date("2026-06-02T08:00:00Z");
  assert.deepEqual(opensLater({ status: "published", start_date: start }, now), start);
  assert.equal(opensLater({ status: "draft", start_date: start }, now), null);
  assert.equal(opensLater({ status: "published", start_date: new Date("2026-05-01T00:00:00Z") }, now), null);
  assert.equal(opensLater({ status: "archived", start_date: start }, now), null);
});

Deno.test("openingText - the opening in the listener's language and the channel's time zone", () => {
  assert.match(openingText("2026-12-24T17:30:00Z", "en", "Europe/Paris"), /December 24, 2026 at 6:30\sPM/);
  assert.match(openingText("2026-12-24T17:30:00Z", "pl", "Europe/Warsaw"), /24 grudnia 2026.*18:30/);
  assert.match(openingText("2026-12-24T17:30:00Z", "en", "Not/AZone"), /5:30\sPM/, "UTC when unknown");
});
