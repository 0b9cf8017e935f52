// The shared templates (back-office §3 Template segment): category, type, widget model and texts; the
// default consents and the data collection they offer follow from the category.

/** [category, type, widget_model, description, under_description], in position order. */
const TEMPLATES = [
  ["survey", "single_choice_question", "survey_vote", "Sondage", "Une question, une seule réponse"],
  ["survey", "multiple_choice_question", "survey_multiple", "Choix multiple", "Plusieurs réponses possibles"],
  ["voice", "recording_question", "voice_question", "Message vocal", "Vos auditeurs enregistrent un message"],
  ["voice", "recording_question", "voice_dedication", "Dédicace", "Une dédicace vocale pour un proche"],
  ["video", "video", "video_testimony", "Témoignage vidéo", "Une courte vidéo filmée ou importée"],
  ["image", "video", "photo_contest", "Concours photo", "Une photo envoyée depuis la galerie"],
  ["text", "message", "text_message", "Message écrit", "Une question ou un avis par écrit"],
  ["game", "game", "game_quiz", "Quiz", "Une bonne réponse à trouver, des gagnants à tirer"],
  ["game", "game", "game_draw", "Tirage au sort", "Une inscription pour gagner un lot"],
  ["registration", "registration", "registration_form", "Inscription", "Collecte de coordonnées"],
  ["sms", "sms", "sms_game", "Jeu SMS", "Participation par SMS surtaxé"],
] as const;

/** The template rows, in position order. */
export const TEMPLATE_ROWS = TEMPLATES.map(([category, type, model, description, under], position) => ({
  category,
  type,
  widget_model: model,
  description,
  under_description: under,
  default_gdpr_consent: ["registration", "game", "sms"].includes(category),
  default_image_right_consent: category === "video" || category === "image",
  default_gather_information: ["registration", "game", "sms"].includes(category),
  default_webview_version: "01",
  show_customisation_incentive_text: category === "survey",
  show_data_collection_multiple_choice: category === "survey",
  show_data_collection_video: category === "video" || category === "image",
  show_data_collection_sound: category === "voice",
  position,
}));
