// Texts everyone can read: a button text that reads on the widget's colour, help images with a description,
// count texts with real plural forms.
import assert from "node:assert/strict";
import { buttonText, contrastRatio, MIN_CONTRAST, previewButton } from "../../lib/rules/customisation.ts";
import { imagesWithoutAlt } from "../../lib/rules/markdown.ts";
import { widgetStyle } from "../../lib/widgets/page.ts";

Deno.test("button text - the chosen colour when it reads, else a readable one", () => {
  // the seeded channel 2: white on #e07a5f is 2.95:1
  assert.ok(contrastRatio("#e07a5f", "#ffffff") < MIN_CONTRAST);
  assert.equal(buttonText("#e07a5f", "#ffffff"), "#1c2230");
  assert.ok(contrastRatio("#e07a5f", buttonText("#e07a5f", "#ffffff")) >= MIN_CONTRAST);
  assert.equal(buttonText("#1b2a4a", "#ffffff"), "#ffffff");
  assert.equal(buttonText("#1b2a4a", "#ffe08a"), "#ffe08a");
  assert.equal(buttonText("#1b2a4a", "red;x"), "#ffffff");
  assert.equal(buttonText("#ffe08a", undefined), "#1c2230");
});

Deno.test("button text - the widget page's CSS variable", () => {
  const style = widgetStyle("#c48b9f", { btn_1_color: "#e07a5f", btn_1_text_color: "#ffffff" }, {});
  assert.match(style, /--w-btn:#e07a5f;--w-btn-text:#1c2230/);
});

Deno.test("help images - those without a description are counted", () => {
  assert.equal(imagesWithoutAlt("No image here"), 0);
  assert.equal(imagesWithoutAlt("![](https://x.org/a.png)"), 1);
  assert.equal(imagesWithoutAlt("![ ](https://x.org/a.png) ![A map of the studio](https://x.org/b.png)"), 1);
  assert.equal(imagesWithoutAlt('<img src="https://x.org/a.png">'), 1);
  assert.equal(imagesWithoutAlt("![The studio](https://x.org/a.png)"), 0);
});

Deno.test("plurals - no '(s)' texts and none of the old single-form count keys in any language", async () => {
  for (const language of ["en", "fr", "pt", "es", "pl"]) {
    const text = await Deno.readTextFile(new URL(`../../locales/${language}.json`, import.meta.url));
    const locale = JSON.parse(text);
    assert.ok(!/\{\{count\}\}[^"]*\((s|es)\)/.test(text), `${language}: a "(s)" count text`);
    for (const old of ["unread_total", "total", "archived_all", "drawn"]) {
      assert.equal(locale.participations[old], undefined, `${language}: participations.${old}`);
    }
    assert.equal(locale.admin.unread, undefined, `${language}: admin.unread`);
    assert.equal(locale.interactions.total, undefined, `${language}: interactions.total`);
    for (const key of ["points", "won"]) {
      assert.equal(locale.channel_widget.space[key], undefined, `${language}: space.${key}`);
      assert.ok(locale.channel_widget.space[`${key}_one`], `${language}: space.${key}_one`);
    }
  }
});

Deno.test("customisation preview - the button shows the widget's text colour, at WCAG AA, and says when it switched", () => {
  // white on yellow: 1.5:1 as chosen; the widget writes dark, and so does the preview
  const yellow = previewButton("#ffd43b", "#ffffff");
  assert.deepEqual(yellow, { background: "#ffd43b", color: "#1c2230", switched: true });
  assert.ok(contrastRatio(yellow.background, yellow.color) >= MIN_CONTRAST);
  // a readable choice is kept as chosen
  assert.deepEqual(previewButton("#1b2a4a", "#ffe08a"), {
    background: "#1b2a4a",
    color: "#ffe08a",
    switched: false,
  });
  // the same colour as the widget page's --w-btn-text, whatever the pair
  for (const [button, chosen] of [["#ffd43b", "#ffffff"], ["#e07a5f", "#ffffff"], ["#1b2a4a", "#000000"]]) {
    const shown = previewButton(button, chosen);
    assert.ok(
      widgetStyle("#000000", { btn_1_color: button, btn_1_text_color: chosen }, {})
        .includes(`--w-btn-text:${shown.color}`),
    );
    assert.ok(contrastRatio(button, shown.color) >= MIN_CONTRAST, `${button}/${shown.color}`);
  }
});
