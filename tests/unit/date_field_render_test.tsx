import assert from "node:assert/strict";
import { renderToString } from "preact-render-to-string";
import { I18nContext } from "../../framework/island.tsx";
import { translator } from "../../app/i18n.ts";
import { DateField } from "../../components/DateField.tsx";

const render = (lang: string, node: preact.JSX.Element) =>
  renderToString(<I18nContext.Provider value={{ t: translator(lang), lang }}>{node}</I18nContext.Provider>);

Deno.test("date field - a plain form shows DD/MM/YYYY and sends YYYY-MM-DD under its name", async (t) => {
  const html = render("fr", <DateField id="audit-from" label="Du" name="from" value="2026-07-14" picker />);
  await t.step("the text read and typed, in the page's order, its format said and tied to it", () => {
    assert.match(html, /<input id="audit-from" type="text" value="14\/07\/2026"/);
    assert.match(html, /aria-describedby="audit-from-hint"/);
    assert.match(html, /<span class="field-hint" id="audit-from-hint">JJ\/MM\/AAAA<\/span>/);
  });
  await t.step("what the form sends, as a native date field sent it", () => {
    assert.match(html, /<input type="hidden" name="from" value="2026-07-14"\/>/);
  });
  await t.step(
    "the device's calendar behind a named button, kept from the keyboard and the screen reader",
    () => {
      assert.match(
        html,
        /<button type="button" class="btn btn-secondary" aria-label="Ouvrir le calendrier">/,
      );
      assert.match(html, /<input type="date" tabindex="-1" aria-hidden="true" class="date-field-native"\/>/);
    },
  );
});

Deno.test("date field - a message from the server is said under the field and tied to it", () => {
  const html = render(
    "en",
    <DateField id="seg-start-date" label="Start date" value="" error="Give a start date." />,
  );
  assert.match(html, /aria-invalid="true"/);
  assert.match(html, /aria-describedby="seg-start-date-error seg-start-date-hint"/);
  assert.match(html, /<span class="field-error" id="seg-start-date-error">Give a start date.<\/span>/);
  assert.doesNotMatch(html, /type="hidden"/, "an island's field sends nothing by itself");
  assert.doesNotMatch(html, /<button/, "no calendar unless offered");
});
