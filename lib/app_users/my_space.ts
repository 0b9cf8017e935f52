// My space reads (widget §2 My space, Ranking; §7 Messages of an app user, User points, Ranking).
import type { Sql } from "postgres";
import { DEFAULT_PAGE_SIZE, RANKING_SIZE } from "../rules/constants.ts";
import { AppError } from "../rules/errors.ts";
import { levelOf } from "../rules/levels.ts";
import { type Pagination, pagination } from "../rules/paging.ts";
import { getAppUser } from "../../db/app_users.ts";
import {
  type AppUserMessageRow,
  countAppUserMessages,
  listAppUserMessages,
  listRepliesOf,
  type ReplyRow,
} from "../../db/app_user_messages.ts";
import { getChannel } from "../../db/channels.ts";
import { listRanking, pointsInChannel, rankOfPoints } from "../../db/ranking.ts";

const mediaUrl = (path: string | null) => path ? `/media/${path}` : null;
const seconds = (ms: number | null) => ms === null ? null : Math.round(ms / 1000);

function replyView(r: ReplyRow) {
  return {
    id: r.id,
    type: r.type,
    text: r.text,
    recording_url: r.recording_url ?? mediaUrl(r.media_path),
    duration: seconds(r.duration_ms),
    created_at: r.created_at,
  };
}

/** A participation as my space shows it (widget §3 Message). */
export function messageView(m: AppUserMessageRow, replies: ReplyRow[]) {
  const c = m.content ?? {};
  return {
    id: m.id,
    channel_id: m.channel_id,
    created_at: m.created_at,
    segment: { id: m.segment_id, type: m.segment_type, title: m.segment_title, text: m.segment_text },
    content: {
      text: (c.text as string | undefined) ?? null,
      choice_text: (c.choice_text as string | undefined) ?? null,
      choice_ids: (c.choice_ids as number[] | undefined) ?? null,
      recording_url: (c.recording_url as string | undefined) ?? mediaUrl(m.media_path),
      duration: (c.duration as number | undefined) ?? seconds(m.duration_ms),
    },
    liked: m.liked,
    broadcast_status: m.broadcast_status,
    points: m.points,
    replies: replies.map(replyView),
  };
}
export type MessageView = ReturnType<typeof messageView>;

/** 404 unless the channel exists. */
async function requireChannel(sql: Sql, channelId: number | null) {
  if (channelId !== null && !(await getChannel(sql, channelId))) throw new AppError(404, "not_found");
}

/** One page (50 per page) of the app user's participations, newest first, with replies and points. */
export async function appUserHistory(
  sql: Sql,
  appUserId: number,
  channelId: number | null,
  page: number,
): Promise<{ items: MessageView[]; pagination: Pagination }> {
  await requireChannel(sql, channelId);
  const total = await countAppUserMessages(sql, appUserId, channelId);
  const p = pagination(total, page, DEFAULT_PAGE_SIZE);
  const rows = total > p.offset
    ? await listAppUserMessages(sql, appUserId, channelId, p.perPage, p.offset)
    : [];
  const replies = await listRepliesOf(sql, rows.map((r) => r.id));
  return {
    items: rows.map((m) => messageView(m, replies.filter((r) => r.message_id === m.id))),
    pagination: p,
  };
}

/** The points of an app user: of one channel (its ledger rows) or in total (app_users.points). */
export async function appUserPoints(sql: Sql, appUserId: number, channelId: number | null) {
  await requireChannel(sql, channelId);
  const user = await getAppUser(sql, appUserId);
  if (!user) throw new AppError(401, "unauthorized"); // the token outlived its user
  const points = channelId === null ? user.points : await pointsInChannel(sql, appUserId, channelId);
  return {
    user_id: user.id,
    channel_id: channelId,
    points,
    level: user.is_anonymous ? null : levelOf(points),
  };
}

/**
 * The ranking of registered app users with points, highest first (top 50), each with its level;
 * the caller's row is flagged `is_me`, and appended with its real rank when outside the top.
 */
export async function ranking(sql: Sql, channelId: number | null, callerId: number | null) {
  await requireChannel(sql, channelId);
  const rows = (await listRanking(sql, channelId, RANKING_SIZE)).map((r) => ({
    ...r,
    level: levelOf(r.points),
    is_me: r.user_id === callerId,
  }));
  if (callerId !== null && !rows.some((r) => r.is_me)) {
    const me = await getAppUser(sql, callerId);
    if (me && !me.is_anonymous) {
      const points = channelId === null ? me.points : await pointsInChannel(sql, me.id, channelId);
      rows.push({
        rank: await rankOfPoints(sql, channelId, points),
        user_id: me.id,
        name: me.nickname,
        avatar_url: me.avatar_url,
        points,
        level: levelOf(points),
        is_me: true,
      });
    }
  }
  // a public read: nickname, avatar and points, never the app user's id
  return rows.map(({ user_id: _id, ...row }) => row);
}
