// The on-air overlay: staff read and control it from the interaction page; the screen reads it
// by its token, with no login. A screen only ever receives OverlayState: the interaction's title, the
// counted vote results when they are public, the link to take part, and a message's nickname, city and
// text through the public projection (lib/rules/public_message.ts).
import type { Sql } from "postgres";
import * as db from "../../db/overlays.ts";
import { getVoteCounts } from "../../db/votes.ts";
import { getMessageForStaffRead } from "../../db/shared_messages.ts";
import { AppError } from "../rules/errors.ts";
import type { StaffUser } from "../rules/permissions.ts";
import { publicMessage } from "../rules/public_message.ts";
import { voteResults } from "../rules/votes.ts";
import { resultsArePublic } from "../rules/vote_integrity.ts";
import { newOverlayToken, OVERLAY_TOKEN, type OverlayState, shownView } from "../rules/overlay.ts";
import { hasChoices } from "../rules/segments.ts";
import type { OverlayControl } from "../rules/overlay_schema.ts";
import { segmentFor, updateSegment } from "../segments/service.ts";
import { quizScreen } from "../quiz/service.ts";
import type { EventBus } from "./bus.ts";
import { segmentChanged, segmentTransitionsChanged } from "./events.ts";

/** A message may go on air while received and not waiting for or refused by moderation. */
const onAirVisible = (m: { status: string; moderation: string }) =>
  m.status === "received" && (m.moderation === "none" || m.moderation === "approved");

/** The overlay's address. */
export const overlayUrl = (publicUrl: string, token: string) => `${publicUrl}/overlay/${token}`;

/** The overlay of an interaction the caller may read (made on first read). */
export async function overlayForStaff(sql: Sql, user: StaffUser, id: number, publicUrl: string) {
  const segment = await segmentFor(sql, user, id);
  const row = await db.ensureOverlay(sql, id, newOverlayToken());
  const view = shownView(row.view, hasChoices(segment.type, segment.game_type));
  return { url: overlayUrl(publicUrl, row.token), view, message_id: row.message_id };
}

/** A new token: every open screen on the old one ends, the old URL is a 404. */
export async function regenerateOverlay(
  sql: Sql,
  bus: EventBus,
  user: StaffUser,
  id: number,
  publicUrl: string,
) {
  await segmentFor(sql, user, id);
  await db.ensureOverlay(sql, id, newOverlayToken());
  await db.setOverlayToken(sql, id, newOverlayToken());
  await segmentChanged(bus, id, "overlay");
  return await overlayForStaff(sql, user, id, publicUrl);
}

/**
 * Applies the controls of the interaction page (edit rights for reveal and close, as the edit form);
 * every open screen hears of it through the bus.
 */
export async function controlOverlay(
  sql: Sql,
  bus: EventBus,
  user: StaffUser,
  id: number,
  control: OverlayControl,
  ctx: { now: Date; publicUrl: string },
) {
  const segment = await segmentFor(sql, user, id);
  await db.ensureOverlay(sql, id, newOverlayToken());
  if (control.message_id) {
    const message = await getMessageForStaffRead(sql, control.message_id);
    if (!message || message.segment_id !== id) throw new AppError(404, "not_found");
    if (!onAirVisible(message)) throw new AppError(422, "message_not_visible");
  }
  if (control.reveal !== undefined || control.close) {
    await updateSegment(sql, user, id, {
      ...(control.reveal !== undefined ? { show_results: control.reveal } : {}),
      ...(control.close && !(segment.end_date && new Date(segment.end_date) <= ctx.now)
        ? { to: "scheduled" as const, end_date: ctx.now.toISOString() }
        : {}),
    }, ctx.now);
  }
  const view = control.view ?? (control.message_id ? "message" : undefined);
  const values: { view?: OverlayControl["view"]; message_id?: number | null } = {};
  if (view) values.view = view;
  if (control.message_id !== undefined) values.message_id = control.message_id;
  if (Object.keys(values).length) await db.setOverlayView(sql, id, values);
  await segmentChanged(bus, id, "overlay");
  // what webhooks hear of (lib/webhooks/dispatch.ts observes these causes)
  if (control.message_id) {
    await segmentChanged(bus, id, "overlay", { cause: "message.broadcast", messageId: control.message_id });
  }
  if (control.reveal !== undefined || control.close) {
    await segmentTransitionsChanged(bus, id, segment, await segmentFor(sql, user, id), ctx.now);
  }
  return await overlayForStaff(sql, user, id, ctx.publicUrl);
}

/** The segment an overlay token names, or a 404 (also for anything that is not a token). */
export async function overlaySegment(sql: Sql, token: string): Promise<number> {
  if (!OVERLAY_TOKEN.test(token)) throw new AppError(404, "not_found");
  const row = await db.getOverlayScreen(sql, token);
  if (!row) throw new AppError(404, "not_found");
  return row.segment_id;
}

/** What a screen shows now; a 404 once the token is regenerated. */
export async function overlayState(sql: Sql, token: string, ctx: { now: Date; publicUrl: string }) {
  if (!OVERLAY_TOKEN.test(token)) throw new AppError(404, "not_found");
  const row = await db.getOverlayScreen(sql, token);
  if (!row) throw new AppError(404, "not_found");
  const hidden = !resultsArePublic(row, ctx.now);
  const results = hidden
    ? { hidden, rows: [], total: 0 }
    : { hidden, ...voteResults(await getVoteCounts(sql, row.segment_id)) };
  let message: OverlayState["message"] = null;
  if (row.message_id) {
    const stored = await getMessageForStaffRead(sql, row.message_id);
    if (stored && stored.segment_id === row.segment_id && onAirVisible(stored)) {
      const shown = publicMessage(stored);
      // a voice or video message shows its transcript (once processed) where a text message shows its text
      const text = shown.content.text ?? (await db.messageTranscript(sql, row.message_id))?.trim() ?? null;
      message = { author_name: shown.author_name, author_city: shown.author_city, text: text || null };
    }
  }
  const state: OverlayState = {
    view: shownView(row.view, hasChoices(row.type, row.game_type)),
    title: row.title,
    channel: {
      label: row.channel_label,
      color: row.primary_color,
      accent: row.widget_primary_color,
      logo_url: row.logo_url,
      language: row.channel_language,
    },
    results,
    link: `${ctx.publicUrl}/s/${row.uuid}`,
    message,
    closed: row.end_date !== null && new Date(row.end_date).getTime() <= ctx.now.getTime(),
    quiz: row.type === "game" ? await quizScreen(sql, row.segment_id, ctx.now) : null,
  };
  return state;
}
