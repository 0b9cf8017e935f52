// The default customisation of a channel's interactions (back-office §3 Customisation).
import { DEFAULT_PRIMARY_COLOR, DEFAULT_WIDGET_COLOR } from "./constants.ts";

export const DEFAULT_TITLE_CONSENT = "Consent Personal Data";

/**
 * The data-consent title a station wrote, or null when it is the untouched English default (back-office
 * §3): the widget then shows its own title in the listener's language.
 * @example customConsentTitle("Consent Personal Data") // null
 */
export function customConsentTitle(stored: unknown): string | null {
  if (typeof stored !== "string" || !stored.trim() || stored.trim() === DEFAULT_TITLE_CONSENT) return null;
  return stored;
}

/** A channel's default customisation (the API validates it with customisationSchema). */
export interface Customisation {
  background_outer: string;
  background_inner: string;
  btn_1_color: string;
  btn_1_text_color: string;
  text_personal: string;
  text_thanks: string;
  language: "fr" | "en" | "pt" | "es" | "pl";
  consent_checkbox: boolean;
  consent_gdpr: boolean;
  consent_gdpr_text: string;
  title_consent: string;
  image_right: boolean;
  image_right_text: string;
  title_consent_image_right: string;
  consent_checkbox_image_right: boolean;
  with_connexion: boolean;
}

/** The defaults that load into an empty customisation. */
export function defaultCustomisation(language: Customisation["language"] = "fr"): Customisation {
  return {
    background_outer: DEFAULT_PRIMARY_COLOR,
    background_inner: "#ffffff",
    btn_1_color: DEFAULT_WIDGET_COLOR,
    btn_1_text_color: "#ffffff",
    text_personal: "",
    text_thanks: "",
    language,
    consent_checkbox: false,
    consent_gdpr: false,
    consent_gdpr_text: "",
    title_consent: DEFAULT_TITLE_CONSENT,
    image_right: false,
    image_right_text: "",
    title_consent_image_right: "",
    consent_checkbox_image_right: false,
    with_connexion: false,
  };
}

/** True when a stored customisation has none of the fields (the form then loads the defaults). */
export function isEmptyCustomisation(value: unknown): boolean {
  return !value || typeof value !== "object" || Object.keys(value).length === 0;
}

/** Spec §4: toggling a consent option resets its checkbox option. */
export function toggleConsent(
  c: Customisation,
  option: "consent_gdpr" | "image_right",
  on: boolean,
): Customisation {
  return option === "consent_gdpr"
    ? { ...c, consent_gdpr: on, consent_checkbox: false }
    : { ...c, image_right: on, consent_checkbox_image_right: false };
}

/**
 * WCAG contrast ratio of two #rrggbb colours (1 to 21); the form warns under 4.5.
 * @example contrastRatio("#000000", "#ffffff") // 21
 */
export function contrastRatio(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}
export const MIN_CONTRAST = 4.5;

/** Ink for text on a coloured background when the customisation sets no text colour. */
export const DARK_TEXT = "#1c2230";

/**
 * White or dark text, whichever reads better on a #rrggbb colour (white for anything else).
 * @example readableOn("#c48b9f") // "#1c2230"
 */
export function readableOn(background: string): string {
  if (!/^#[0-9a-fA-F]{6}$/.test(background)) return "#ffffff";
  return contrastRatio(background, "#ffffff") >= contrastRatio(background, DARK_TEXT) ? "#ffffff" : DARK_TEXT;
}

/**
 * The text colour of a widget button: the one chosen when it reads on the button (4.5:1), else white or
 * dark, whichever reads better (white on #e07a5f is 2.95:1).
 * @example buttonText("#e07a5f", "#ffffff") // "#1c2230"
 */
export function buttonText(button: string, chosen: unknown): string {
  const valid = (v: unknown): v is string => typeof v === "string" && /^#[0-9a-fA-F]{6}$/.test(v);
  if (valid(chosen) && valid(button) && contrastRatio(button, chosen) >= MIN_CONTRAST) return chosen;
  return readableOn(button);
}

/**
 * The button of the customisation preview as the widget will draw it (same rule as the widget's
 * `--w-btn-text`): the chosen text colour when it reads on the button at WCAG AA (4.5:1), else white or
 * dark; `switched` says the widget will not use the chosen colour, so the form can say why.
 * @example previewButton("#ffd43b", "#ffffff") // { background: "#ffd43b", color: "#1c2230", switched: true }
 */
export function previewButton(
  button: string,
  chosen: string,
): { background: string; color: string; switched: boolean } {
  const color = buttonText(button, chosen);
  return { background: button, color, switched: color !== chosen };
}

/** A segment's customisation over its channel's default one; empty values of the segment do not override. */
export function mergedCustomisation(channel: unknown, segment: unknown): Record<string, unknown> {
  const own = (v: unknown) => (v && typeof v === "object" ? v as Record<string, unknown> : {});
  const merged: Record<string, unknown> = { ...own(channel) };
  for (const [k, v] of Object.entries(own(segment))) {
    if (v !== "" && v !== null && v !== undefined) merged[k] = v;
  }
  return merged;
}
