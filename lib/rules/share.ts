// Sharing an interaction (back-office §2 "Sharing is by shareUrl or QR code") and embedding widgets.
import { embedCode } from "./embed.ts";
import { isLanguage } from "./languages.ts";

/** The public link of a segment: `${PUBLIC_URL}/s/{uuid}`. */
export const shareUrl = (base: string, uuid: string) => `${base}/s/${uuid}`;

/** The QR code page of a value (the existing /qr-code page with svg and png downloads). */
export const qrCodeUrl = (value: string) => `/qr-code?qrData=${encodeURIComponent(value)}`;

/** The path of the widget of one segment: `/widgets/{channelId}/{segmentId}/`. */
export const segmentWidgetPath = (channelId: number, segmentId: number) =>
  `/widgets/${channelId}/${segmentId}/`;

/**
 * The staff preview of a segment's widget, in the staff member's language (the back office's, not the
 * browser's the public widget would follow): `?lang=` comes first in the widget's language rule. The
 * technical language, which the widget does not have, leaves the widget's own rule.
 * @example segmentPreviewPath(3, 7, "fr") // "/widgets/3/7/?preview=1&lang=fr"
 */
export const segmentPreviewPath = (channelId: number, segmentId: number, staffLang: string) =>
  `${segmentWidgetPath(channelId, segmentId)}?preview=1${isLanguage(staffLang) ? `&lang=${staffLang}` : ""}`;

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
  const embed = embedCode(base, href.slice(base.length), {
    title: w.name,
    width: w.width ?? undefined,
    height: w.height ?? undefined,
  });
  return { url: href, embed };
}
