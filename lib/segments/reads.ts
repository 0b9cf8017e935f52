// What the API and pages read of segments, scoped to the caller (another channel's segment is a 404):
// the paged list, the full view of the edit page, counts, vote results, background, export and the
// proof-of-work challenge of a high-stakes vote.
import type { Sql } from "postgres";
import * as db from "../../db/segments.ts";
import { getVoteCounts } from "../../db/votes.ts";
import { getSegmentIdsByUuid } from "../../db/participations.ts";
import { availabilityOf } from "../rules/availability.ts";
import { AppError } from "../rules/errors.ts";
import { pagination } from "../rules/paging.ts";
import type { StaffUser } from "../rules/permissions.ts";
import { voteResults } from "../rules/votes.ts";
import { newChallenge } from "../participations/proof_of_work.ts";
import { EXPORT_BATCH, type ExportFormat, exportStream } from "./export_csv.ts";
import { getChannel } from "../../db/channels.ts";
import { segmentFor, segmentView, workingChannel } from "./service.ts";
import { overlayForStaff } from "../live/overlay.ts";

/** A page of the interaction list of the caller's channel (or the one a super administrator asks for). */
export async function listSegmentPage(
  sql: Sql,
  user: StaffUser,
  q: { channel_id?: number; search?: string; status?: string; page: number; per_page: number },
  now: Date,
) {
  const channelId = workingChannel(user, q.channel_id);
  const { rows, total } = await db.listSegments(sql, {
    channelId,
    search: q.search,
    status: q.status,
    page: q.page,
    perPage: q.per_page,
  });
  const { offset: _offset, ...page } = pagination(total, q.page, q.per_page);
  const data = rows.map((row) => ({
    ...row,
    availability: availabilityOf(row, now),
    interactionType: { label: row.type },
  }));
  return { data, pagination: page };
}

/** The segment as the edit page reads it: fields, choices, counts and the live vote results. */
export async function segmentDetail(
  sql: Sql,
  user: StaffUser,
  id: number,
  ctx: { now: Date; publicUrl: string },
) {
  const row = await segmentFor(sql, user, id);
  const [choices, counts, votes] = await Promise.all([
    db.listChoices(sql, id),
    db.getSegmentCounts(sql, id),
    getVoteCounts(sql, id),
  ]);
  const overlay = await overlayForStaff(sql, user, id, ctx.publicUrl);
  return {
    ...segmentView(row, choices, ctx),
    answers_count: counts.messages,
    counts,
    results: voteResults(votes),
    /** The on-air overlay's secret address. */
    overlay_url: overlay.url,
  };
}

/** Vote results of a segment: per choice index, label, count, percentage; and the total. */
export async function segmentVoteResults(sql: Sql, user: StaffUser, id: number) {
  await segmentFor(sql, user, id);
  return voteResults(await getVoteCounts(sql, id));
}

/** Messages and participants of a segment. */
export async function segmentCounts(sql: Sql, user: StaffUser, id: number) {
  await segmentFor(sql, user, id);
  return await db.getSegmentCounts(sql, id);
}

/** A segment's background as the API shows it. */
export async function segmentBackground(sql: Sql, user: StaffUser, id: number) {
  const row = await segmentFor(sql, user, id);
  return {
    id: row.id as number,
    background_url: (row.background_url ?? null) as string | null,
    background_kind: (row.background_kind ?? null) as string | null,
  };
}

/** The participations of a segment as export.csv, streamed batch by batch. */
export async function segmentExport(
  sql: Sql,
  user: StaffUser,
  id: number,
  format: Omit<ExportFormat, "timeZone">,
): Promise<ReadableStream<Uint8Array>> {
  const segment = await segmentFor(sql, user, id);
  const channel = await getChannel(sql, segment.channel_id);
  const choices = await db.listChoices(sql, id);
  return exportStream(
    (afterId, limit) => db.exportBatch(sql, id, afterId, limit),
    choices,
    { ...format, timeZone: channel?.time_zone ?? "UTC" },
    EXPORT_BATCH,
  );
}

/** A proof-of-work challenge for a high-stakes vote; any other segment is a 404. */
export async function highStakesChallenge(sql: Sql, secret: Uint8Array, id: number, now: Date) {
  const segment = await db.getSegment(sql, id);
  if (!segment || segment.high_stakes !== true) throw new AppError(404, "not_found");
  return await newChallenge(secret, id, now);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The id and channel of the segment a share link's uuid names, or null (not a uuid, or unknown). */
export async function segmentIdsByUuid(sql: Sql, uuid: string) {
  return UUID.test(uuid) ? await getSegmentIdsByUuid(sql, uuid) : null;
}

/** What the live results panel shows: vote results and counts (the edit page's stream). */
export async function segmentLiveResults(sql: Sql, user: StaffUser, id: number) {
  await segmentFor(sql, user, id);
  const [votes, counts] = await Promise.all([getVoteCounts(sql, id), db.getSegmentCounts(sql, id)]);
  return { results: voteResults(votes), counts };
}
