// The inbox tab of the messages awaiting moderation says what is to do, in every language: "Moderated" read
// as "already moderated", and staff looked there for the messages they had approved.
import assert from "node:assert/strict";
import { renderToString } from "preact-render-to-string";
import { I18nContext } from "../../framework/island.tsx";
import { Tabs } from "../../components/participations/MessageList.tsx";
import { translator } from "../../app/i18n.ts";

const EXPECTED = {
  en: "To moderate",
  fr: "À modérer",
  pt: "Por moderar",
  es: "Por moderar",
  pl: "Do moderacji",
};

Deno.test("inbox tabs - the tab of messages awaiting moderation reads 'To moderate' in each language", () => {
  for (const [lang, label] of Object.entries(EXPECTED)) {
    const html = renderToString(
      <I18nContext.Provider value={{ t: translator(lang), lang }}>
        <Tabs tab="all" counts={{ moderated: 3 }} onChange={() => {}} />
      </I18nContext.Provider>,
    );
    assert.ok(html.includes(`${label}<span class="inbox-count">3</span>`), `${lang}: ${html}`);
  }
});
