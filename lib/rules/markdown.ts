// Markdown staff write (help items) and AI answers, turned into HTML that is safe to show: no script,
// no event handler, no unknown tag.
import { createRequire } from "node:module";
import { marked } from "marked";
import type sanitizeHtml from "sanitize-html";

// sanitize-html (with its HTML parser) is half a second of the server's start: required by the first text
// that needs it (a help item, an AI answer, a widget's consent text), synchronously, rather than at start
const require = createRequire(import.meta.url);
let loaded: typeof sanitizeHtml | undefined;

/** The sanitize-html function, loaded on first use. */
export const sanitizer = (): typeof sanitizeHtml => loaded ??= require("sanitize-html");

/**
 * Markdown to safe HTML (help items, AI answers): scripts, event handlers and unknown tags are
 * removed; links open in a new tab without an opener.
 * @example renderMarkdown("**hi** <script>x</script>") // "<p><strong>hi</strong> </p>\n"
 */
export function renderMarkdown(markdown: string, options: { images?: boolean } = {}): string {
  const html = marked.parse(markdown, { async: false, gfm: true, breaks: false }) as string;
  const images = options.images ?? true;
  const sanitizeHtml = sanitizer();
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, ...(images ? ["img"] : []), "h1", "h2", "del"],
    allowedAttributes: { a: ["href", "title", "target", "rel"], img: ["src", "alt", "title"] },
    allowedSchemes: ["http", "https", "mailto"],
    allowedSchemesByTag: { img: ["http", "https"] },
    allowProtocolRelative: false,
    transformTags: {
      a: sanitizeHtml.simpleTransform("a", { target: "_blank", rel: "noopener noreferrer" }),
    },
  });
}

/**
 * How many images of a Markdown text have no description (alt text): a help item refuses them,
 * as a screen reader would say nothing of them.
 * @example imagesWithoutAlt("![](https://x/a.png) ![A map](https://x/b.png)") // 1
 */
export function imagesWithoutAlt(markdown: string): number {
  const html = marked.parse(markdown, { async: false, gfm: true, breaks: false }) as string;
  const images = html.match(/<img\b[^>]*>/gi) ?? [];
  return images.filter((tag) => !/\balt="[^"]*\S[^"]*"/i.test(tag)).length;
}
