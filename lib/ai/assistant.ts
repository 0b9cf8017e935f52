// The AI assistant service: who may ask about which interaction, and what the answer is made from.
import type { Sql } from "postgres";
import {
  countAiMessages,
  countAiTabs,
  getChannelByUuid,
  listAiMessages,
  listOtherTexts,
} from "../../db/ai.ts";
import { getChannel } from "../../db/channels.ts";
import { getSegment, listChoices } from "../../db/segments.ts";
import { AI_ANALYST_MAX_MESSAGES, AI_BACKGROUND_TEXTS, AI_RATE_LIMIT } from "../rules/constants.ts";
import { AppError } from "../rules/errors.ts";
import { isLanguage } from "../rules/i18n.ts";
import { canAccessChannel, type StaffUser } from "../rules/permissions.ts";
import { enforceRateLimit } from "../platform/rate_limit.ts";
import { questionLanguage } from "./intent.ts";
import type { AiContext } from "./types.ts";
import { isTimeZone } from "../rules/statistics.ts";

export { isTimeZone } from "../rules/statistics.ts";

/**
 * The context of a question: the channel of `apiKey` must be the caller's (any for a super
 * administrator) and the segment must belong to it (403 otherwise; an unknown segment is a 404).
 * Counts one request against the per-user and per-channel limits (429). The answer is in the
 * question's language when it tells, else in the interaction's.
 */
export async function loadAiContext(
  sql: Sql,
  user: StaffUser,
  input: { apiKey: string | undefined; segmentId: number; timeZone?: string; question?: string },
): Promise<{ channelId: number; context: AiContext }> {
  const channel = input.apiKey ? await getChannelByUuid(sql, input.apiKey.trim()) : null;
  if (!channel || !canAccessChannel(user, channel.id)) throw new AppError(403, "ai_key_invalid");
  const segment = await getSegment(sql, input.segmentId);
  if (!segment) throw new AppError(404, "not_found");
  if (Number(segment.channel_id) !== channel.id) throw new AppError(403, "forbidden");
  await enforceRateLimit(sql, [`ai:user:${user.id}`], AI_RATE_LIMIT.user);
  await enforceRateLimit(sql, [`ai:channel:${channel.id}`], AI_RATE_LIMIT.channel);

  const customised = (segment.customisation as { language?: unknown } | null)?.language;
  const [choices, messages, total, background] = await Promise.all([
    listChoices(sql, segment.id),
    listAiMessages(sql, segment.id, AI_ANALYST_MAX_MESSAGES),
    countAiMessages(sql, segment.id),
    listOtherTexts(sql, segment.id, AI_BACKGROUND_TEXTS),
  ]);
  const fallback = isLanguage(customised)
    ? customised
    : isLanguage(channel.language)
    ? channel.language
    : "fr";
  return {
    channelId: channel.id,
    context: {
      segment: {
        id: Number(segment.id),
        title: segment.title,
        type: segment.type,
        text: segment.text ?? null,
      },
      choices: choices.map((c) => ({ id: Number(c.id), label: c.label })),
      messages,
      total,
      background,
      language: input.question ? questionLanguage(input.question, fallback) : fallback,
      // the hours of the channel's shows, wherever the person asking is
      timeZone: isTimeZone(channel.time_zone)
        ? channel.time_zone
        : input.timeZone && isTimeZone(input.timeZone)
        ? input.timeZone
        : "UTC",
    },
  };
}

/**
 * What the assistant page shows: the segment (404 when missing or of another channel), its channel
 * key, its participations in all and how many of them a question reads (the latest, at most
 * AI_ANALYST_MAX_MESSAGES), in each inbox tab: the numbers the answer's "Based on …" line gives.
 */
export async function loadAssistantPage(sql: Sql, user: StaffUser, segmentId: number) {
  const segment = Number.isSafeInteger(segmentId) && segmentId > 0 ? await getSegment(sql, segmentId) : null;
  if (!segment || !canAccessChannel(user, Number(segment.channel_id))) throw new AppError(404, "not_found");
  const channel = await getChannel(sql, Number(segment.channel_id));
  if (!channel) throw new AppError(404, "not_found");
  const [total, tabs] = await Promise.all([
    countAiMessages(sql, Number(segment.id)),
    countAiTabs(sql, Number(segment.id), AI_ANALYST_MAX_MESSAGES),
  ]);
  return {
    segment: { id: Number(segment.id), title: segment.title },
    apiKey: String(channel.uuid),
    reads: { total, tabs },
  };
}
