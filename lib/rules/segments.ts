// Segment (interaction) rules of back-office §3–§5: allowed types, wizard validity, data collection and
// consent rules, choices. Pure: the API enforces them, the islands apply them while editing.
import {
  COLLECTING_TYPES,
  CONTACT_ITEMS,
  DATA_ITEMS,
  DELIVERY_OPTIONS,
  DELIVERY_TRIGGERS,
  MIN_CHOICES,
  type SegmentType,
  TITLE_MAX_LENGTH,
  WEBVIEW_VERSIONS,
} from "./constants.ts";

export type DataItem = typeof DATA_ITEMS[number];
export type InformationToGather = Record<DataItem, { active: boolean; mandatory: boolean }>;

/** A choice of a segment (position 0 is A). */
export interface ChoiceRow {
  id: number;
  position: number;
  label: string;
}

/**
 * A segment row with every column, as stored (db/migrations/001_schema.sql, 013_vote_integrity.sql) and read
 * by db/segments.ts: the one source of a segment's fields. Every other segment shape (list row, widget view,
 * rules input) is a Pick of it, plus what that layer computes.
 */
export type SegmentRow = {
  id: number;
  uuid: string;
  channel_id: number;
  show_id: string | null;
  program_id: string | null;
  template_id: number | null;
  type: SegmentType;
  title: string;
  text: string | null;
  legal_notice: string | null;
  testimonial: string | null;
  testimonial_demanded: boolean;
  testimonial_format: "voice" | "text";
  limit_1_vote: boolean;
  show_results: boolean;
  from_mode: "now" | "programmed";
  to_mode: "scheduled" | "permanent";
  start_date: Date | null;
  end_date: Date | null;
  time_offset: number | null;
  status: SegmentStatus;
  gather_information: boolean;
  information_to_gather: Record<string, { active: boolean; mandatory: boolean }>;
  enable_written_answer: boolean;
  enable_audio_answer: boolean;
  media_type: "image" | "video" | null;
  game_type: "answer" | "registration";
  correct_choice_id: number | null;
  max_recording_time: number;
  background_url: string | null;
  background_kind: string | null;
  webview_version: typeof WEBVIEW_VERSIONS[number];
  customed: boolean;
  customisation: Record<string, unknown>;
  is_gdpr_consent: boolean;
  is_image_right_consent: boolean;
  registration_required: boolean;
  sms_template: string | null;
  sms_receiver: string | null;
  delivery_option: typeof DELIVERY_OPTIONS[number];
  delivery_trigger: typeof DELIVERY_TRIGGERS[number];
  requires_approval: boolean;
  created_by: number | null;
  created_at: Date;
  updated_at: Date;
  vote_cap_per_address: number;
  hide_results_until_end: boolean;
  high_stakes: boolean;
};

/** Segment statuses (§4) and the ones staff can set from the list. */
export const SEGMENT_STATUSES = ["draft", "ready", "published", "archived", "trash"] as const;
export type SegmentStatus = typeof SEGMENT_STATUSES[number];

/**
 * The status a trashed segment takes back on Restore: ready, so it is listed again and its dates say
 * whether it is active, programmed or finished (the status it had before the trash is not kept).
 */
export const RESTORED_STATUS: SegmentStatus = "ready";

/** The media a template's interaction takes: a photo contest is a video interaction that takes images. */
export function templateMediaType(category: string): "image" | "video" | null {
  return category === "image" ? "image" : category === "video" ? "video" : null;
}

/**
 * The i18n key of an interaction's kind as staff read it: its type, except a video interaction that takes
 * photos, which is a photo interaction (listing a photo contest as "Video" misled staff).
 * @example typeLabelKey({ type: "video", media_type: "image" }) // "interactions.types.photo"
 */
export function typeLabelKey(s: { type: string; media_type?: string | null }): string {
  return s.type === "video" && s.media_type === "image"
    ? "interactions.types.photo"
    : `interactions.types.${s.type}`;
}

/** Types whose participants pick among choices ("vote or survey", §4 Wizard validity). */
export const CHOICE_TYPES: readonly string[] = ["single_choice_question", "multiple_choice_question"];

/** True when the segment type asks for choices (votes, surveys, and quiz games). */
export function hasChoices(type: string, gameType?: string | null): boolean {
  return CHOICE_TYPES.includes(type) || (type === "game" && gameType !== "registration");
}

/** The kinds of interaction a channel may offer, each with its `interaction_available_*` flag. */
type Offered = "voice" | "video" | "vote" | "text" | "sms" | "registration" | "game" | "choice";
type Flags = { [K in `interaction_available_${Offered}`]?: boolean | null };

/**
 * Types the channel's interaction_available_* flags allow (§6: voice, video, vote, choice game,
 * registration game, sms game, plus text).
 */
export function allowedTypes(channel: Flags): SegmentType[] {
  const f = (name: Offered) => channel[`interaction_available_${name}`] === true;
  const out: SegmentType[] = [];
  if (f("voice")) out.push("recording_question");
  if (f("video")) out.push("video");
  if (f("vote")) out.push("single_choice_question", "multiple_choice_question");
  if (f("text")) out.push("message");
  if (f("sms")) out.push("sms");
  if (f("registration")) out.push("registration");
  if (f("game") || f("choice") || f("registration")) out.push("game");
  return out;
}

/**
 * The game kind a template starts with: a draw or a registration game takes entries (no answer to find,
 * so no answers to write), any other game has a right answer among its choices.
 * @example templateGameType({ type: "game", widget_model: "game_draw" }) // "registration"
 */
export function templateGameType(
  template: { type: string; widget_model: string },
): "answer" | "registration" {
  return template.type === "game" && /draw|registration/.test(template.widget_model)
    ? "registration"
    : "answer";
}

/** The wizard's fields that decide whether a step may be left. */
export interface WizardState {
  template_id: number | null;
  type: string;
  title: string;
  choices: { label: string }[];
  start_date: string | Date | null;
  information_to_gather?: InformationToGather | null;
}

/** The wizard's steps by name; "data" (which fields are collected) only for the types that collect. */
export type WizardStep = "template" | "settings" | "data" | "availability" | "summary";

/**
 * The wizard's steps for an interaction type: a registration, a draw, a quiz or an SMS game asks which
 * data it collects between its settings and its availability.
 * @example wizardSteps("game") // ["template", "settings", "data", "availability", "summary"]
 */
export function wizardSteps(type: string): WizardStep[] {
  return COLLECTING_TYPES.includes(type)
    ? ["template", "settings", "data", "availability", "summary"]
    : ["template", "settings", "availability", "summary"];
}

/** True when the data collected holds a way to reach the participant (an e-mail address or a phone). */
export function collectsContact(info: InformationToGather | null | undefined): boolean {
  return CONTACT_ITEMS.some((item) => info?.[item]?.active === true);
}

/**
 * §4 Wizard validity: step 0 needs a template; 1 a title and, for a vote or survey, a choice; the data
 * step a contact field (e-mail or phone); 2 a start date; 3 (summary) is always valid. A step is given by
 * name, or by its number among the four steps of the types that collect nothing.
 */
export function wizardStepValid(step: number | WizardStep, s: WizardState): boolean {
  const name = typeof step === "number" ? wizardSteps("")[step] : step;
  if (name === "template") return s.template_id !== null;
  if (name === "settings") {
    const choices = s.choices.filter((c) => c.label.trim() !== "").length;
    return s.title.trim() !== "" && (!CHOICE_TYPES.includes(s.type) || choices >= 1);
  }
  if (name === "data") return collectsContact(s.information_to_gather);
  if (name === "availability") return !!s.start_date;
  return true;
}

/** The six data items, none collected. */
export function emptyInformation(): InformationToGather {
  return Object.fromEntries(
    DATA_ITEMS.map((k) => [k, { active: false, mandatory: false }]),
  ) as InformationToGather;
}

/** §4: disabling gather_information clears every information_to_gather flag. */
export function setGatherInformation(
  info: InformationToGather,
  on: boolean,
): { gather_information: boolean; information_to_gather: InformationToGather } {
  return { gather_information: on, information_to_gather: on ? info : emptyInformation() };
}

/** §4: unchecking active clears mandatory. */
export function setItemActive(
  info: InformationToGather,
  item: DataItem,
  active: boolean,
): InformationToGather {
  return { ...info, [item]: { active, mandatory: active ? info[item].mandatory : false } };
}

/** §4: mandatory cannot be set unless the item is active (then nothing changes). */
export function setItemMandatory(
  info: InformationToGather,
  item: DataItem,
  mandatory: boolean,
): InformationToGather {
  if (mandatory && !info[item].active) return info;
  return { ...info, [item]: { ...info[item], mandatory } };
}

/** The stored form of any information_to_gather: all six items, mandatory only where active. */
export function normaliseInformation(value: unknown, gather = true): InformationToGather {
  const out = emptyInformation();
  if (!gather || !value || typeof value !== "object") return out;
  for (const item of DATA_ITEMS) {
    const v = (value as Record<string, { active?: unknown; mandatory?: unknown }>)[item];
    const active = v?.active === true;
    out[item] = { active, mandatory: active && v?.mandatory === true };
  }
  return out;
}

/** §4: gather-information is disabled when the customisation requires a connexion. */
export function gatherDisabled(customisation: unknown): boolean {
  return (customisation as { with_connexion?: unknown } | null)?.with_connexion === true;
}

/** The consent checkbox option reset by each segment consent (§4 "toggling a consent resets its checkbox"). */
const CONSENT_CHECKBOX = {
  is_gdpr_consent: "consent_checkbox",
  is_image_right_consent: "consent_checkbox_image_right",
} as const;

/** §4: toggling a consent option resets its checkbox option in the segment's customisation. */
export function toggleSegmentConsent<C extends Record<string, unknown>>(
  consent: keyof typeof CONSENT_CHECKBOX,
  on: boolean,
  customisation: C,
): { on: boolean; customisation: C } {
  return { on, customisation: { ...customisation, [CONSENT_CHECKBOX[consent]]: false } };
}

/** True for a title within the limit of §5. */
export const titleValid = (title: string) => title.length <= TITLE_MAX_LENGTH;

/**
 * Field errors of a segment about to leave draft (§5): title ≤ 100, at least 2 choices for a choice
 * type. Keys are field names, values i18n keys under errors.
 */
export function segmentIssues(s: {
  title: string;
  type: string;
  game_type?: string | null;
  choices: { label: string }[];
}): Record<string, string> {
  const issues: Record<string, string> = {};
  if (s.title.trim() === "") issues.title = "segment_title_required";
  else if (!titleValid(s.title)) issues.title = "segment_title_too_long";
  const choices = s.choices.filter((c) => c.label.trim() !== "").length;
  if (hasChoices(s.type, s.game_type) && choices < MIN_CHOICES) issues.choices = "segment_choices_min";
  return issues;
}
