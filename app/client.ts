/// <reference lib="dom" />
// The browser entry of every page with islands (bundled as "client"): the framework's loader, with
// the app's translator over the texts the page carries.
import { hydrateIslands } from "../framework/client.ts";
import { createTranslator } from "../lib/rules/i18n.ts";

hydrateIslands(createTranslator);
