/// <reference lib="dom" />
// The browser entry of every page with islands (bundled as "client"): the framework's loader, with a
// small translator over the resolved texts the page carries (i18next stays on the server).
import { hydrateIslands } from "../framework/client.ts";
import { dictionaryTranslator } from "../lib/rules/dictionary.ts";

hydrateIslands(dictionaryTranslator);
