// Rules of the channel widget's screens (visitor-widget §2 My space; §4 Channel widget flow). Pure:
// shared by the island and its unit tests. The login panel's rules are in visitor_login.ts, apart so
// the home's first paint does not carry them nor the validation patterns; the home's own are in
// channel_home.ts (re-exported here).
import { POINTS, SMS_MAX_LENGTH } from "./constants.ts";
import { isVoting, type WidgetScreen, type WidgetSegment } from "./widget.ts";
import { dayKey, formatDay } from "./channel_home.ts";

export { type ChannelScreen, dayKey, formatDay, formatMessageDate, screenOfQuery } from "./channel_home.ts";

/**
 * Participations grouped by day, newest first (§2 My space): `today` is true for today's group,
 * whose label is then shown as Today; other groups are labelled DD/MM/YYYY.
 */
export function groupByDay<T extends { created_at: string | Date }>(items: T[], now: Date) {
  const sorted = [...items].sort((a, b) =>
    new Date(b.created_at).getTime() - new Date(a.created_at).getTime()
  );
  const groups: { key: string; label: string; today: boolean; items: T[] }[] = [];
  const todayKey = dayKey(now);
  for (const item of sorted) {
    const date = new Date(item.created_at);
    const key = dayKey(date);
    let group = groups.find((g) => g.key === key);
    if (!group) {
      group = { key, label: formatDay(date), today: key === todayKey, items: [] };
      groups.push(group);
    }
    group.items.push(item);
  }
  return groups;
}

/**
 * The three indicators of an expanded participation (§2): liked (10 points), quoted (50, active on
 * broadcast_1) and broadcasted (100, active on broadcast_2).
 */
export function indicators(m: { liked: boolean; broadcast_status: string | null }) {
  return [
    { key: "liked", points: POINTS.liked, active: m.liked === true },
    { key: "quoted", points: POINTS.quoted, active: m.broadcast_status === "broadcast_1" },
    { key: "broadcasted", points: POINTS.broadcast, active: m.broadcast_status === "broadcast_2" },
  ] as const;
}

/** The sms text: the template with its {field} placeholders filled from the gathered fields (§3). */
export function composeSms(template: string | null, fields: Record<string, string>): string {
  return (template ?? "").replace(/\{(\w+)\}/g, (_, name: string) => fields[name] ?? "").slice(
    0,
    SMS_MAX_LENGTH,
  );
}

/** The `sms:` link to the receiver with the composed text. */
export const smsHref = (receiver: string, body: string) =>
  `sms:${receiver.replace(/[^\d+]/g, "")}?body=${encodeURIComponent(body)}`;

/** Thanks moves to the vote results after 2 s unless a testimonial is demanded and not yet received (§4). */
export const movesToResults = (
  s: { type: string; show_results: boolean; testimonial_demanded: boolean },
  testimonialReceived: boolean,
) =>
  (s.type === "single_choice_question" || s.type === "multiple_choice_question" || s.type === "game") &&
  s.show_results && (!s.testimonial_demanded || testimonialReceived);

/** A step of the channel widget's participation flow. */
export type FlowStep = WidgetScreen | "gallery" | "confirm" | "voteResults";

/**
 * The flow's first step (§4): voting for votes and choices, write for text, the gallery for video
 * when several permanent interactions exist (else the live recorder), the recorder for voice, and
 * for sms and registration the information form (or straight to the confirm Send).
 */
export function firstFlowStep(
  s: Pick<WidgetSegment, "type" | "game_type" | "fields">,
  galleryFirst: boolean,
): FlowStep {
  if (isVoting(s)) return "voting";
  if (s.type === "message") return "write";
  if (s.type === "video") return galleryFirst ? "gallery" : "recorder";
  if (s.type === "recording_question") return "recorder";
  return s.fields.length ? "gatherInformation" : "confirm";
}

/**
 * Where a failed send goes back to (§8): the record screen for a file (the gallery when the file
 * came from it, else the recorder), else the first step.
 */
export const stepAfterFailure = (sentFile: boolean, first: FlowStep): FlowStep =>
  sentFile ? (first === "gallery" ? "gallery" : "recorder") : first;

/**
 * True for a my-space entry that only registered the listener (a registration, or a game that gathers
 * details): nothing was written, chosen or recorded, so it reads "Registered for …", not an empty bubble.
 * @example isRegistrationEntry("registration", { text: null, choice_text: null, recording_url: null }) // true
 */
export function isRegistrationEntry(
  segmentType: string,
  content: { text: string | null; choice_text: string | null; recording_url: string | null },
): boolean {
  const empty = !content.text && !content.choice_text && !content.recording_url;
  return empty && (segmentType === "registration" || segmentType === "game");
}

/** What the birthday field says is wrong: a date it could not read, a date to come, a date before 1900. */
export type BirthProblem = "invalid" | "future" | "before_1900";

/**
 * What is wrong with the birthday of a date input (its value YYYY-MM-DD, "" when empty; `unreadable` when
 * the browser holds a date it could not complete, e.g. 31/02), or null when it is a real past date from
 * 1900 on (the rule the server applies, lib/rules/app_users.ts parseBirthDate).
 * @example birthProblem("2999-01-01", false) // "future"
 */
export function birthProblem(
  value: string,
  unreadable: boolean,
  now: Date = new Date(),
): BirthProblem | null {
  if (unreadable) return "invalid";
  if (value === "") return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return "invalid";
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (date.toISOString().slice(0, 10) !== value) return "invalid";
  if (Number(m[1]) < 1900) return "before_1900";
  return date.getTime() > now.getTime() ? "future" : null;
}

/**
 * A birthday between the API's form (DD/MM/YYYY, widget §9) and a date input's (YYYY-MM-DD), both ways;
 * anything else gives "".
 * @example birthForInput("12/07/1993") // "1993-07-12"; birthForApi("1993-07-12") // "12/07/1993"
 */
export function birthForInput(text: string): string {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  return m ? `${m[3]}-${m[2]}-${m[1]}` : "";
}
/** See birthForInput. */
export function birthForApi(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : "";
}
