// The default customisation of a channel's interactions (back-office §3 Customisation).
import { z } from "zod";
import { DEFAULT_PRIMARY_COLOR, DEFAULT_WIDGET_COLOR } from "./constants.ts";
import { LANGUAGES } from "./i18n.ts";

/** Delay before the defaults fill an empty customisation form (spec §3: "after 1 s if empty"). */
export const CUSTOMISATION_DEFAULTS_DELAY_MS = 1000;
export const DEFAULT_TITLE_CONSENT = "Consent Personal Data";

const color = z.string().regex(/^#[0-9a-fA-F]{6}$/, "color");
const text = (max: number) => z.string().max(max);

/** Every customisation field, all required on save. */
export const customisationSchema = z.object({
  background_outer: color,
  background_inner: color,
  btn_1_color: color,
  btn_1_text_color: color,
  text_personal: text(500),
  text_thanks: text(500),
  language: z.enum(LANGUAGES),
  consent_checkbox: z.boolean(),
  consent_gdpr: z.boolean(),
  consent_gdpr_text: text(5000),
  title_consent: text(200),
  image_right: z.boolean(),
  image_right_text: text(5000),
  title_consent_image_right: text(200),
  consent_checkbox_image_right: z.boolean(),
  with_connexion: z.boolean(),
}).strict();
export type Customisation = z.infer<typeof customisationSchema>;

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
export function toggleConsent(c: Customisation, option: "consent_gdpr" | "image_right", on: boolean): Customisation {
  return option === "consent_gdpr"
    ? { ...c, consent_gdpr: on, consent_checkbox: false }
    : { ...c, image_right: on, consent_checkbox_image_right: false };
}
