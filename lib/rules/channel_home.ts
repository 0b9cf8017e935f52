// What the channel widget's home needs of its rules (visitor-widget §2 Channel widget screens), apart from
// channel_widget.ts so the first screen's script does not carry the rules of the screens loaded later:
// the screens, the screen a query opens, message dates, and the locale sections of each part.
import { ACCOUNT_TEXTS, LOGIN_PANEL_TEXTS } from "./login_panel_texts.ts";
import { DATE_FIELD_TEXTS } from "./wall_clock.ts";

/** The channel widget's screens (§2). */
export type ChannelScreen =
  | "record"
  | "login"
  | "mySpace"
  | "profileEdit"
  | "levels"
  | "ranking"
  | "voting"
  | "recording"
  | "sending"
  | "thanks"
  | "voteResults"
  | "listen";

const pad = (n: number) => String(n).padStart(2, "0");

/** YYYY-MM-DD of a date in local time (the day groups of §9). */
export const dayKey = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** DD/MM/YYYY (§9). */
export const formatDay = (d: Date) => `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;

/** Message dates DD/MM/YYYY - HH:mm (§9). */
export const formatMessageDate = (d: Date) => `${formatDay(d)} - ${pad(d.getHours())}:${pad(d.getMinutes())}`;

/** The `{product}_screen` query value: space opens my space, profile the profile edit (§2). */
export function screenOfQuery(value: string | null): ChannelScreen | null {
  return value === "space" ? "mySpace" : value === "profile" ? "profileEdit" : null;
}

/**
 * The locale sections (framework/sections.ts) of each part of the channel widget: the page carries the
 * home's (the carousel, the shared message, the frame) and the participation flow's (`page`: a tap on
 * Participate asks for nothing, a round trip on a phone network); the login panel, my space and the quiz
 * fetch theirs with their code, when they first open.
 */
export const CHANNEL_WIDGET_TEXTS = {
  // the slides, the shared message and the frame ("widget.record": a slide whose recording waits for a login)
  // (and the account notice of a registration-required interaction opened from the channel's link)
  home: [
    "channel_widget.home",
    "widget.record",
    "widget.account_needed",
    "widget.account_login",
    "widget.account_as",
  ],
  login: LOGIN_PANEL_TEXTS,
  space: [
    "channel_widget.space",
    "channel_widget.levels",
    "channel_widget.profile",
    "channel_widget.login",
    "channel_widget.phone_link",
    "data_rights",
    ...ACCOUNT_TEXTS,
    ...DATE_FIELD_TEXTS,
  ],
  // the recorder, the forms and the thanks screens are the single widget's, under "widget"
  flow: ["channel_widget.flow", "channel_widget.close", "widget"],
  // a game with questions, played as a live quiz (islands/QuizPlay.tsx) in the frame
  quiz: ["quiz", "channel_widget.close", "widget"],
};

/** The sections the channel widget's page carries: its home's and its participation flow's. */
export const CHANNEL_WIDGET_PAGE_TEXTS = [...CHANNEL_WIDGET_TEXTS.home, ...CHANNEL_WIDGET_TEXTS.flow];
