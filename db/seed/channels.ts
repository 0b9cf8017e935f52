// The demo channels (back-office §3 Channel): a radio with every interaction type, a TV in demo status.
import { background, type ChannelKey, DAY } from "./units.ts";

export const RADIO_CUSTOMISATION = {
  background_outer: "#1b2a4a",
  background_inner: "#ffffff",
  btn_1_color: "#a0506f", // a deep rose that white text reads on (5.4:1)
  btn_1_text_color: "#ffffff",
  text_personal: "Vos messages passent peut-être à l'antenne !",
  text_thanks: "Merci ! Toute l'équipe de Radio Horizon écoute vos messages.",
  language: "fr",
  consent_checkbox: true,
  consent_gdpr: true,
  consent_gdpr_text:
    "<p>J'accepte que Radio Horizon utilise mes données pour me recontacter au sujet de ma participation.</p>",
  title_consent: "Consent Personal Data",
  image_right: false,
  image_right_text: "",
  title_consent_image_right: "Droit à l'image",
  consent_checkbox_image_right: false,
  with_connexion: false,
};

export const TV_CUSTOMISATION = {
  ...RADIO_CUSTOMISATION,
  background_outer: "#0f3d3e",
  btn_1_color: "#e07a5f",
  text_personal: "Votre avis peut passer à l'écran !",
  text_thanks: "Merci ! La rédaction de Canal Neuf regarde toutes vos vidéos.",
  consent_gdpr_text:
    "<p>J'accepte que Canal Neuf TV utilise mes données pour me recontacter au sujet de ma participation.</p>",
  image_right: true,
  image_right_text: "<p>J'autorise Canal Neuf TV à diffuser mon image à l'antenne et sur ses sites.</p>",
  consent_checkbox_image_right: true,
};

/** A demo channel: its key, when it was created (ms from now) and its columns (JSON ones as objects). */
export interface DemoChannel {
  key: ChannelKey;
  created: number;
  row: Record<string, string | number | boolean | object>;
}

/** In insert order. */
export const CHANNELS: DemoChannel[] = [
  {
    key: "radio",
    created: -180 * DAY,
    row: {
      label: "Radio Horizon",
      type: "radio",
      status: "active",
      interaction_available_voice: true,
      interaction_available_vote: true,
      interaction_available_choice: true,
      interaction_available_sms: true,
      interaction_available_registration: true,
      interaction_available_video: true,
      interaction_available_text: true,
      interaction_available_game: true,
      primary_color: "#1b2a4a",
      widget_primary_color: "#c48b9f",
      background_url: background(1),
      background_preset: 1,
      show_product_logo: true,
      gamification: true,
      my_space_enabled: true,
      sharing_enabled: true,
      segment_customisation: { character_text_zone_length: 250 },
      customisation: RADIO_CUSTOMISATION,
      ftp_naming: "{channel}_{segment}_{date}_{id}",
      language: "fr",
    },
  },
  {
    key: "tv",
    created: -30 * DAY,
    row: {
      label: "Canal Neuf TV",
      type: "tv",
      status: "demo",
      interaction_available_voice: true,
      interaction_available_vote: true,
      interaction_available_video: true,
      primary_color: "#0f3d3e",
      widget_primary_color: "#c48b9f",
      background_url: background(4),
      background_preset: 4,
      show_product_logo: true,
      segment_customisation: { character_text_zone_length: 250 },
      customisation: TV_CUSTOMISATION,
      language: "fr",
    },
  },
];
