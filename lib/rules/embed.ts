// Embedding the widgets in a station's site: the iframe snippet and the oEmbed answer. Pure.

/** Default size of an embedded widget (widget §2: 420 px wide at most). */
export const EMBED_SIZE = { width: 420, height: 720 } as const;

const escape = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * The HTML a station pastes into its site: the widget iframe (microphone and camera allowed) and the
 * script that sizes it to its content.
 * @example embedCode("https://im.example", "/widgets/channel/1/", { title: "Radio" })
 */
export function embedCode(
  base: string,
  widgetPath: string,
  options: { title: string; width?: number; height?: number },
): string {
  const width = options.width ?? EMBED_SIZE.width;
  const height = options.height ?? EMBED_SIZE.height;
  return `<iframe src="${escape(base + widgetPath)}" title="${escape(options.title)}" data-im-widget ` +
    `width="${width}" height="${height}" style="width:100%;max-width:${width}px;border:0" ` +
    `allow="microphone; camera; autoplay; clipboard-write" loading="lazy"></iframe>` +
    `<script async src="${escape(base)}/static/embed.js"></script>`;
}

/** Which widget a public address points to, or null when it is not one of ours. */
export type WidgetTarget =
  | { kind: "channel"; channelId: number }
  | { kind: "segment"; channelId: number; segmentId: number }
  | { kind: "share"; uuid: string };

/** Reads a widget or share-link address of this server (same origin as `base` only). */
export function widgetTarget(base: string, address: string): WidgetTarget | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  if (url.origin !== new URL(base).origin) return null;
  const path = url.pathname;
  let m = path.match(/^\/widgets\/channel\/(\d{1,15})\/?$/);
  if (m) return { kind: "channel", channelId: Number(m[1]) };
  m = path.match(/^\/widgets\/(\d{1,15})\/(\d{1,15})\/?$/);
  if (m) return { kind: "segment", channelId: Number(m[1]), segmentId: Number(m[2]) };
  m = path.match(/^\/s\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i);
  if (m) return { kind: "share", uuid: m[1].toLowerCase() };
  return null;
}

/**
 * Width and height within the consumer's maxwidth / maxheight, however small (oEmbed 1.0 §2.2: a provider
 * must respect them; the widget's page is fluid and scrolls in a small frame).
 */
export function fitSize(maxWidth: number | null, maxHeight: number | null) {
  return {
    width: Math.min(EMBED_SIZE.width, maxWidth ?? Infinity),
    height: Math.min(EMBED_SIZE.height, maxHeight ?? Infinity),
  };
}

// Pages a station may show in an iframe on its own site: the widgets, share links, the QR code page,
// and the on-air overlays. Every other page (the back office) forbids framing by another site.
const EMBEDDABLE_PREFIXES = ["/widgets/", "/s/", "/qr-code/", "/overlay/", "/static/"] as const;

/**
 * True when a path may be framed by any site; false for back-office pages, which send
 * `frame-ancestors 'self'` and `X-Frame-Options: SAMEORIGIN`.
 * @example isEmbeddablePath("/widgets/1/2/") // true
 */
export function isEmbeddablePath(path: string): boolean {
  return path === "/widgets" || path === "/qr-code" ||
    EMBEDDABLE_PREFIXES.some((prefix) => path.startsWith(prefix));
}
