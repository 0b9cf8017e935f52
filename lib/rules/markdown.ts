// Markdown staff write (help items) and AI answers, turned into HTML that is safe to show: no script,
// no event handler, no unknown tag.
import { marked } from "marked";
import sanitizeHtml from "sanitize-html";

/**
 * Markdown to safe HTML (help items, AI answers): scripts, event handlers and unknown tags are
 * removed; links open in a new tab without an opener.
 * @example renderMarkdown("**hi** <script>x</script>") // "<p><strong>hi</strong> </p>\n"
 */
export function renderMarkdown(markdown: string, options: { images?: boolean } = {}): string {
  const html = marked.parse(markdown, { async: false, gfm: true, breaks: false }) as string;
  const images = options.images ?? true;
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
