// Interactions (segments): reading one with its choices or a page of the list, writing their columns,
// replacing choices, duplicating, and the counters of messages and participants.
import type { ChoiceRow, SegmentRow } from "../lib/rules/segments.ts";
import type { Columns, Db, Sql } from "./client.ts";

// The row types are declared with the segment rules (lib/rules/segments.ts) so the pure rules and the
// islands can pick from them too; this module reads and writes them.
export type { ChoiceRow, SegmentRow };

/** The columns of a {@link SegmentRow}, in table order, for `select ${segmentColumns(sql, "s")}`. */
const SEGMENT_COLUMNS = [
  "id",
  "uuid",
  "channel_id",
  "show_id",
  "program_id",
  "template_id",
  "type",
  "title",
  "text",
  "legal_notice",
  "testimonial",
  "testimonial_demanded",
  "testimonial_format",
  "limit_1_vote",
  "show_results",
  "from_mode",
  "to_mode",
  "start_date",
  "end_date",
  "time_offset",
  "status",
  "gather_information",
  "information_to_gather",
  "enable_written_answer",
  "enable_audio_answer",
  "media_type",
  "game_type",
  "correct_choice_id",
  "max_recording_time",
  "background_url",
  "background_kind",
  "webview_version",
  "customed",
  "customisation",
  "is_gdpr_consent",
  "is_image_right_consent",
  "registration_required",
  "sms_template",
  "sms_receiver",
  "delivery_option",
  "delivery_trigger",
  "requires_approval",
  "created_by",
  "created_at",
  "updated_at",
  "vote_cap_per_address",
  "hide_results_until_end",
  "high_stakes",
] as const satisfies readonly (keyof SegmentRow)[];

/** The segment columns as a SQL fragment, qualified by `alias` (`s.id, s.uuid, …`). */
export function segmentColumns(sql: Db, alias = "segments") {
  return sql.unsafe(SEGMENT_COLUMNS.map((c) => `${alias}.${c}`).join(", "));
}

/** The segment with that id, or null. */
export async function getSegment(sql: Db, id: number): Promise<SegmentRow | null> {
  const [row] = await sql<SegmentRow[]>`select ${segmentColumns(sql)} from segments where id = ${id}`;
  return row ?? null;
}

/** The segment with that id and its choices in their order (one round trip), or null. */
export async function getSegmentWithChoices(
  sql: Db,
  id: number,
): Promise<(SegmentRow & { choices: ChoiceRow[] }) | null> {
  const [row] = await sql<(SegmentRow & { choices: ChoiceRow[] })[]>`
    select ${segmentColumns(sql, "s")}, coalesce((
      select json_agg(json_build_object('id', c.id, 'position', c.position, 'label', c.label) order by c.position)
      from segment_choices c where c.segment_id = s.id), '[]') as choices
    from segments s where s.id = ${id}`;
  return row ?? null;
}

/** The choices of a segment in their order. */
export async function listChoices(sql: Db, segmentId: number): Promise<ChoiceRow[]> {
  return await sql<ChoiceRow[]>`
    select id, position, label from segment_choices where segment_id = ${segmentId} order by position`;
}

/** The columns of a segment a write may set (its id is the database's). */
export type SegmentColumns = Columns<Omit<SegmentRow, "id">>;

/**
 * A row of the interaction list (back-office §2): visual, title, type, availability, participants; the
 * columns the list shows, picked from the row, plus the counters it sums.
 */
export type SegmentListRow =
  & Pick<
    SegmentRow,
    | "id"
    | "uuid"
    | "title"
    | "type"
    | "media_type"
    | "status"
    | "start_date"
    | "end_date"
    | "background_url"
    | "background_kind"
  >
  & { participants: number; messages: number };

/**
 * One page of a channel's segments, newest first, with the total. `status` "all" means every status
 * but the trash; `search` matches the title (case-insensitive).
 */
export async function listSegments(
  sql: Db,
  q: { channelId: number; search?: string; status?: string; page: number; perPage: number },
): Promise<{ rows: SegmentListRow[]; total: number }> {
  const status = !q.status || q.status === "all" ? sql`s.status <> 'trash'` : sql`s.status = ${q.status}`;
  const search = q.search?.trim() ? sql`and s.title ilike ${"%" + likeEscape(q.search.trim()) + "%"}` : sql``;
  const where = sql`s.channel_id = ${q.channelId} and ${status} ${search}`;
  const [{ total }] = await sql<
    { total: number }[]
  >`select count(*)::int as total from segments s where ${where}`;
  const rows = await sql<SegmentListRow[]>`
    select s.id, s.uuid, s.title, s.type, s.media_type, s.status, s.start_date, s.end_date, s.background_url,
      s.background_kind,
      coalesce((select sum(c.participants) from segment_counts c where c.segment_id = s.id), 0)::int
        as participants,
      coalesce((select sum(c.messages) from segment_counts c where c.segment_id = s.id), 0)::int as messages
    from segments s
    where ${where}
    order by s.created_at desc, s.id desc
    limit ${q.perPage} offset ${(q.page - 1) * q.perPage}`;
  return { rows, total };
}

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (m) => `\\${m}`);

/** Messages and distinct participants of a segment, summed over the counter shards. */
export async function getSegmentCounts(sql: Db, segmentId: number) {
  const [row] = await sql<{ messages: number; participants: number }[]>`
    select coalesce(sum(messages), 0)::int as messages, coalesce(sum(participants), 0)::int as participants
    from segment_counts where segment_id = ${segmentId}`;
  return row;
}

/** Inserts a segment from validated column values; returns its id. */
export async function insertSegment(sql: Db, values: SegmentColumns): Promise<number> {
  const [row] = await sql<{ id: number }[]>`insert into segments ${sql(values)} returning id`;
  return row.id;
}

/** Updates the given columns of a segment. */
export async function updateSegment(sql: Db, id: number, values: SegmentColumns): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await sql`update segments set ${sql(values)}, updated_at = now() where id = ${id}`;
}

/**
 * Replaces the choices of a segment in the given order: a choice sent with its id keeps it (and its
 * votes), the others are new, the ones not sent are deleted. Run it inside a transaction.
 */
export async function replaceChoices(
  tx: Db,
  segmentId: number,
  choices: { id?: number | null; label: string }[],
): Promise<void> {
  {
    // a new version of the segment's row: a participation checked against the old choices is refused
    // (db/participations.ts contextVersion)
    await tx`update segments set updated_at = now() where id = ${segmentId}`;
    const keep = choices.map((c) => c.id).filter((id): id is number => typeof id === "number");
    await tx`delete from segment_choices where segment_id = ${segmentId}
      and not (id = any(${keep}::bigint[]))`;
    // Out of the way of the unique (segment_id, position) while reordering.
    await tx`update segment_choices set position = -1 - position where segment_id = ${segmentId}`;
    for (const [position, c] of choices.entries()) {
      const updated = c.id
        ? await tx`update segment_choices set position = ${position}, label = ${c.label}
            where id = ${c.id} and segment_id = ${segmentId} returning id`
        : [];
      if (updated.length === 0) {
        await tx`insert into segment_choices (segment_id, position, label)
          values (${segmentId}, ${position}, ${c.label})`;
      }
    }
  }
}

/** Copies a segment and its choices as a new draft (new uuid, no participations); returns the new id. */
export async function duplicateSegment(sql: Sql, id: number, userId: number, title: string): Promise<number> {
  return await sql.begin(async (tx) => {
    const [row] = await tx<{ id: number }[]>`
      insert into segments (channel_id, show_id, program_id, template_id, type, title, text, legal_notice,
        testimonial, testimonial_demanded, testimonial_format, limit_1_vote, show_results, from_mode, to_mode,
        start_date, end_date, status, gather_information, information_to_gather, enable_written_answer,
        enable_audio_answer, media_type, game_type, max_recording_time, background_url, background_kind,
        webview_version, customed, customisation, is_gdpr_consent, is_image_right_consent,
        registration_required, sms_template, sms_receiver, delivery_option, delivery_trigger, requires_approval, created_by,
        vote_cap_per_address, hide_results_until_end, high_stakes)
      select channel_id, show_id, program_id, template_id, type, ${title}, text, legal_notice,
        testimonial, testimonial_demanded, testimonial_format, limit_1_vote, show_results, from_mode, to_mode,
        start_date, end_date, 'draft', gather_information, information_to_gather, enable_written_answer,
        enable_audio_answer, media_type, game_type, max_recording_time, background_url, background_kind,
        webview_version, customed, customisation, is_gdpr_consent, is_image_right_consent,
        registration_required, sms_template, sms_receiver, delivery_option, delivery_trigger, requires_approval, ${userId},
        vote_cap_per_address, hide_results_until_end, high_stakes
      from segments where id = ${id}
      returning id`;
    await tx`insert into segment_choices (segment_id, position, label)
      select ${row.id}, position, label from segment_choices where segment_id = ${id}`;
    return row.id;
  });
}

/** A channel's segments whose availability meets [from, to) (timeline), drafts and trash left out. */
export async function listSegmentsBetween(sql: Db, channelId: number, from: Date, to: Date) {
  return await sql<SegmentRow[]>`
    select id, uuid, channel_id, type, title, status, start_date, end_date from segments
    where channel_id = ${channelId} and status not in ('draft', 'trash') and start_date is not null
      and start_date < ${to} and (end_date is null or end_date > ${from})
    order by start_date, id`;
}

/** A participation as exported (one CSV row). */
export interface ExportRow {
  id: number;
  created_at: Date;
  updated_at: Date;
  type: string;
  text: string | null;
  transcript: string | null;
  recording_url: string | null;
  duration_ms: number | null;
  choice_ids: (number | string)[] | null;
  author_name: string | null;
  author_city: string | null;
  nickname: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  extra_user_information: Record<string, unknown>;
  consent_gdpr: boolean;
  consent_image_right: boolean;
  status: string;
  liked: boolean;
  winner: boolean;
  broadcast_status: string;
  vote_integrity?: string;
}

/** The next `limit` participations of a segment after id `afterId` (keyset, so the export never holds them all). */
export async function exportBatch(sql: Db, segmentId: number, afterId: number, limit: number) {
  return await sql<ExportRow[]>`
    select m.id, m.created_at, m.updated_at, m.type, m.text, m.transcript, m.content->>'recording_url' as recording_url,
      m.duration_ms,
      m.choice_ids,
      m.author_name, m.author_city, u.nickname, u.first_name, u.last_name, u.email, u.phone,
      m.extra_user_information, m.consent_gdpr, m.consent_image_right, m.status, m.liked, m.winner,
      m.broadcast_status, m.vote_integrity
    from messages m left join app_users u on u.id = m.author_app_user_id
    where m.segment_id = ${segmentId} and m.id > ${afterId}
    order by m.id
    limit ${limit}`;
}
