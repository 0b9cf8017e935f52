/// <reference lib="dom" />
// The browser entry of every page with islands (bundled as "client"): the framework's loader, with a
// small translator over the resolved texts the page carries (i18next stays on the server). A widget page
// not given `?lang=` switches to the signed-in listener's language (lib/rules/i18n.ts widgetLanguage:
// second after `?lang=`), fetching that language's resolved texts.
import { hydrateIslands } from "../framework/client.ts";
import { dictionaryTranslator } from "../lib/rules/dictionary.ts";
import { isLanguage } from "../lib/rules/languages.ts";
import { visitorSession } from "../islands/browser/http.ts";

hydrateIslands(dictionaryTranslator, {
  preferred: () => {
    const language = visitorSession()?.language;
    return isLanguage(language) ? language : null;
  },
  load: async (lang, namespaces, version) => {
    const ns = encodeURIComponent(namespaces.join(","));
    const res = await fetch(`/api/v1/locales/${lang}?ns=${ns}${version ? `&v=${version}` : ""}`);
    return res.ok ? await res.json() : null;
  },
});
