import type { Sql } from "postgres";
import type { AuthorRow } from "../lib/participation.ts";

/** Counter shards a writer picks from at random (vote_counts, segment_counts). */
export const COUNTER_SHARDS = 8;

/** The columns of a new participation. */
export interface NewMessage {
  channelId: number;
  segmentId: number;
  showId: string | null;
  programId: string | null;
  authorAppUserId: number | null;
  deviceId: string | null;
  siteRef: string | null;
  type: string;
  content: Record<string, unknown>;
  text: string | null;
  choiceIds: number[] | null;
  mediaId: string | null;
  extraUserInformation: Record<string, unknown>;
  authorName: string | null;
  authorCity: string | null;
  consentGdpr: boolean;
  consentImageRight: boolean;
  onlyUserData: boolean;
  isTestimonial: boolean;
  limited: boolean;
  moderation: "none" | "pending";
  processingStatus: "none" | "pending";
}

/** The app user as an author, or null. */
export async function getAuthor(sql: Sql, id: number): Promise<AuthorRow | null> {
  const [row] = await sql<AuthorRow[]>`
    select id::int as id, is_anonymous, nickname, first_name, last_name, city, udid
    from app_users where id = ${id}`;
  return row ?? null;
}

const isLimitViolation = (error: unknown) =>
  (error as { code?: string }).code === "23505" &&
  /messages_limited_(device|author)_key/.test(
    String((error as { constraint_name?: string }).constraint_name ?? error),
  );

/**
 * Stores a participation and bumps the sharded counters (votes per choice, messages and distinct
 * participants per segment) in one transaction. Returns null when a limited message of the same
 * device or app user already exists: the unique indexes make the second one fail, so two
 * simultaneous votes can never both count.
 */
export async function insertParticipation(sql: Sql, m: NewMessage): Promise<{ id: number } | null> {
  try {
    return await sql.begin(async (tx) => {
      const [seen] = await tx<{ seen: boolean }[]>`
        select exists (
          select 1 from messages where segment_id = ${m.segmentId} and (
            (${m.authorAppUserId}::bigint is not null and author_app_user_id = ${m.authorAppUserId})
            or (${m.authorAppUserId}::bigint is null and ${m.deviceId}::text is not null and device_id = ${m.deviceId})
          )
        ) as seen`;
      const [row] = await tx<{ id: number }[]>`
        insert into messages (channel_id, segment_id, show_id, program_id, author_app_user_id, device_id, site_ref,
          type, content, text, choice_ids, media_id, extra_user_information, author_name, author_city,
          consent_gdpr, consent_image_right, only_user_data, is_testimonial, limited, moderation, processing_status)
        values (${m.channelId}, ${m.segmentId}, ${m.showId}, ${m.programId}, ${m.authorAppUserId}, ${m.deviceId},
          ${m.siteRef}, ${m.type}, ${tx.json(m.content as never)}, ${m.text}, ${m.choiceIds}, ${m.mediaId},
          ${tx.json(m.extraUserInformation as never)}, ${m.authorName}, ${m.authorCity}, ${m.consentGdpr},
          ${m.consentImageRight}, ${m.onlyUserData}, ${m.isTestimonial}, ${m.limited}, ${m.moderation},
          ${m.processingStatus})
        returning id::int as id`;
      const shard = Math.floor(Math.random() * COUNTER_SHARDS);
      for (const choiceId of m.choiceIds ?? []) {
        await tx`
          insert into vote_counts (segment_id, choice_id, shard, count)
          values (${m.segmentId}, ${choiceId}, ${shard}, 1)
          on conflict (choice_id, shard) do update set count = vote_counts.count + 1`;
      }
      const newcomer = !seen.seen && (m.authorAppUserId !== null || m.deviceId !== null) ? 1 : 0;
      await tx`
        insert into segment_counts (segment_id, shard, messages, participants)
        values (${m.segmentId}, ${shard}, 1, ${newcomer})
        on conflict (segment_id, shard) do update set
          messages = segment_counts.messages + 1,
          participants = segment_counts.participants + ${newcomer}`;
      return row;
    });
  } catch (error) {
    if (isLimitViolation(error)) return null;
    throw error;
  }
}

/** A participation as the widget reads it back (task result, shared link). */
export interface MessageView {
  id: number;
  channel_id: number;
  segment_id: number;
  type: string;
  created_at: Date;
  content: Record<string, unknown>;
  text: string | null;
  choice_ids: number[] | null;
  media_id: string | null;
  duration_ms: number | null;
  processing_status: string;
  author_name: string | null;
  device_id: string | null;
  author_app_user_id: number | null;
  status: string;
  moderation: string;
}

/** The participation with that id, or null. */
export async function getMessage(sql: Sql, id: number): Promise<MessageView | null> {
  const [row] = await sql<MessageView[]>`
    select id::int as id, channel_id::int as channel_id, segment_id::int as segment_id, type, created_at,
      content, text, choice_ids::int[] as choice_ids, media_id, duration_ms, processing_status, author_name,
      device_id, author_app_user_id::int as author_app_user_id, status, moderation
    from messages where id = ${id}`;
  return row ?? null;
}

/** Points a participation at a new media (a re-recording replaces the previous one). */
export async function replaceMessageMedia(sql: Sql, id: number, mediaId: string): Promise<void> {
  await sql`
    update messages set media_id = ${mediaId}, processing_status = 'pending', processing_error = null,
      duration_ms = null, transcript = null, content = content - 'recording_url' - 'duration' - 'transcription',
      updated_at = now()
    where id = ${id}`;
}

/** Sums of the sharded counters of a segment. */
export async function getSegmentCounts(sql: Sql, segmentId: number) {
  const [row] = await sql<{ messages: number; participants: number }[]>`
    select coalesce(sum(messages), 0)::int as messages, coalesce(sum(participants), 0)::int as participants
    from segment_counts where segment_id = ${segmentId}`;
  return row;
}

/** The segment of a public share link (its uuid), or null. */
export async function getSegmentIdsByUuid(sql: Sql, uuid: string) {
  const [row] = await sql<{ id: number; channel_id: number }[]>`
    select id::int as id, channel_id::int as channel_id from segments where uuid = ${uuid}`;
  return row ?? null;
}
