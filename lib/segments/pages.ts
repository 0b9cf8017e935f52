// Data of the interaction pages (back-office §2): the list, the wizard, the edit page. Routes stay thin.
import type { Sql } from "postgres";
import { getChannel } from "../../db/channels.ts";
import { getSegmentCounts, listChoices, listSegments } from "../../db/segments.ts";
import { listTemplates } from "../../db/templates.ts";
import { getVoteCounts } from "../../db/votes.ts";
import { availabilityOf } from "../rules/availability.ts";
import { DEFAULT_PAGE_SIZE, DEFAULT_TIME_ZONE } from "../rules/constants.ts";
import { AppError } from "../rules/errors.ts";
import type { StaffUser } from "../rules/permissions.ts";
import { segmentFor, segmentView } from "./service.ts";
import { allowedTypes, SEGMENT_STATUSES } from "../rules/segments.ts";
import { voteResults } from "../rules/votes.ts";

/** One page of the interaction list with its filters. */
export async function loadListPage(
  sql: Sql,
  channelId: number,
  query: { search?: string; status?: string; page?: string },
  now: Date,
) {
  const status = (SEGMENT_STATUSES as readonly string[]).includes(query.status ?? "") ? query.status! : "all";
  const search = (query.search ?? "").slice(0, 200);
  const page = Math.max(1, Math.min(100_000, Number.parseInt(query.page ?? "1", 10) || 1));
  const { rows, total } = await listSegments(sql, {
    channelId,
    search,
    status,
    page,
    perPage: DEFAULT_PAGE_SIZE,
  });
  return {
    rows: rows.map((r) => ({
      id: r.id,
      title: r.title,
      type: r.type,
      media_type: r.media_type,
      status: r.status,
      background_url: r.background_url,
      background_kind: r.background_kind,
      participants: r.participants,
      availability: availabilityOf(r, now),
    })),
    total,
    page,
    pages: Math.max(1, Math.ceil(total / DEFAULT_PAGE_SIZE)),
    search,
    status,
  };
}
export type ListPageData = Awaited<ReturnType<typeof loadListPage>>;

/**
 * The templates of the wizard's step 0, each flagged `allowed` by the channel's flags. The shared
 * templates' name and description are in the user's language (`interaction_templates.<widget model>`);
 * a channel's own template keeps the texts its staff wrote.
 */
export async function loadWizardTemplates(sql: Sql, channelId: number, t?: (key: string) => string) {
  const channel = await getChannel(sql, channelId);
  if (!channel) throw new AppError(404, "not_found");
  const types: string[] = allowedTypes(channel);
  const text = (row: { channel_id: number | null; widget_model: string }, part: string, own: string) => {
    if (!t || row.channel_id !== null) return own;
    const key = `interaction_templates.${row.widget_model}.${part}`;
    const found = t(key);
    return found === key ? own : found;
  };
  return (await listTemplates(sql, channelId)).map((row) => ({
    id: row.id,
    category: row.category,
    type: row.type,
    description: text(row, "name", row.description),
    under_description: text(row, "description", row.under_description),
    widget_model: row.widget_model,
    allowed: types.includes(row.type),
  }));
}
export type WizardTemplate = Awaited<ReturnType<typeof loadWizardTemplates>>[number];

/** A segment as the wizard and the edit page hold it (plain JSON), with counts and results. */
export async function loadSegmentPage(sql: Sql, user: StaffUser, id: number, now: Date, publicUrl: string) {
  const row = await segmentFor(sql, user, id);
  const view = segmentView(row, await listChoices(sql, id), { now, publicUrl });
  const channel = await getChannel(sql, row.channel_id);
  return {
    segment: JSON.parse(JSON.stringify(view)) as SegmentJson,
    counts: await getSegmentCounts(sql, id),
    results: voteResults(await getVoteCounts(sql, id)),
    allowedTypes: allowedTypes(channel ?? {}) as string[],
    channelCustomisation: (channel?.customisation ?? {}) as Record<string, unknown>,
    /** The clock the availability's days and times are read and typed on (back-office §4). */
    timeZone: channel?.time_zone ?? DEFAULT_TIME_ZONE,
  };
}

/** The time zone of a channel, on whose clock the wizard's availability is typed (back-office §4). */
export async function channelTimeZone(sql: Sql, channelId: number): Promise<string> {
  return (await getChannel(sql, channelId))?.time_zone ?? DEFAULT_TIME_ZONE;
}

/** A value as JSON hands it on (JSON.stringify then parse): its dates become ISO strings. */
type AsJson<T> = T extends Date ? string
  : T extends (infer U)[] ? AsJson<U>[]
  : T extends object ? { [K in keyof T]: AsJson<T[K]> }
  : T;

/**
 * The JSON of a segment the edit page and the creation wizard hand to their islands, and the API returns:
 * the staff view of lib/segments/service.ts (the row, its choices with letters, availability, share URL)
 * with dates as ISO strings, derived from it so no field is written twice.
 */
export type SegmentJson = AsJson<ReturnType<typeof segmentView>>;
