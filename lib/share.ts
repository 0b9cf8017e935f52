// Sharing an interaction (back-office §2 "Sharing is by shareUrl or QR code") and embedding widgets.

const escapeAttr = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The public link of a segment: `${PUBLIC_URL}/s/{uuid}`. */
export const shareUrl = (base: string, uuid: string) => `${base}/s/${uuid}`;

/** The QR code page of a value (the existing /qr-code page with svg and png downloads). */
export const qrCodeUrl = (value: string) => `/qr-code?qrData=${encodeURIComponent(value)}`;

/** The widget of one segment: `${PUBLIC_URL}/widgets/{channelId}/{segmentId}/`. */
export const segmentWidgetUrl = (base: string, channelId: number, segmentId: number) =>
  `${base}/widgets/${channelId}/${segmentId}/`;

/** An iframe snippet for a widget URL. */
export function iframeSnippet(url: string, title: string, width = 420, height = 640): string {
  return `<iframe src="${escapeAttr(url)}" title="${
    escapeAttr(title)
  }" width="${width}" height="${height}" ` +
    `style="border:0;max-width:100%" allow="microphone; camera; autoplay; clipboard-write"></iframe>`;
}

/**
 * The URL and embed code of a saved widget configuration (visitor-widget §2 query parameters): the
 * channel widget with width, height, background, interaction_id (its permanent segment) and ref.
 */
export function widgetEmbed(
  base: string,
  w: {
    channel_id: number;
    name: string;
    width: number | null;
    height: number | null;
    background: string | null;
    segment_id: number | null;
    site_ref: string | null;
  },
): { url: string; embed: string } {
  const url = new URL(`${base}/widgets/channel/${w.channel_id}/`);
  if (w.width) url.searchParams.set("width", String(w.width));
  if (w.height) url.searchParams.set("height", String(w.height));
  if (w.background) url.searchParams.set("background", w.background);
  if (w.segment_id) url.searchParams.set("interaction_id", String(w.segment_id));
  if (w.site_ref) url.searchParams.set("ref", w.site_ref);
  const href = url.toString();
  return { url: href, embed: iframeSnippet(href, w.name, w.width ?? 420, w.height ?? 640) };
}
