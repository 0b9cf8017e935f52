// Participations as the widgets send them, and the counters they feed.
//
// Counters kept by these queries, not by triggers: vote_counts (votes per choice) and segment_counts
// (messages and distinct participants per segment) are sharded (a writer picks one of COUNTER_SHARDS rows
// at random, readers sum them) and bumped in the same statement as the insert, by its data-modifying CTEs
// (insertParticipation). Whoever else changes what they count does the same: db/votes.ts when suspicious
// votes are accepted; erasure (db/data_rights.ts) empties rows rather than deleting them so the counts hold.
// The inbox counters (inbox_counts, message_search) are the other way round: statement triggers on
// messages keep them for every write (see db/inbox.ts).
import type { Db, Json } from "./client.ts";
import type { AuthorRow } from "../lib/rules/participation.ts";
import { segmentColumns, type SegmentRow } from "./segments.ts";

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
  /**
   * The per-address vote cap (votes with choices only): the counter key of the sender's address in the
   * current window, and the cap. A vote past it is stored 'suspicious' and adds nothing to vote_counts.
   */
  voteCap?: { key: string; windowStart: Date; cap: number } | null;
  /**
   * The version of the participation context the rules were applied to ({@link ParticipationContext}),
   * when it came from a cache: the insert happens only if the segment and its channel are still at that
   * version, otherwise nothing is written and "stale" is answered.
   */
  contextVersion?: string | null;
  /**
   * The key the widget drew when the listener pressed Send (migration 034): a second insert with it in the
   * same segment writes nothing and answers "repeated".
   */
  idempotencyKey?: string | null;
  /** The media task id answered with it (the job is queued with this id after the insert). */
  answeredTaskId?: string | null;
  /** How it reached the studio (migration 045): the widget unless a phone line brought it. */
  medium?: "widget" | "whatsapp" | "sms" | "voice";
  /** The listener's number behind a line's participation (stored once, in phone_numbers). */
  phoneNumberId?: number | null;
}

const isLimitViolation = (error: unknown) =>
  (error as { code?: string }).code === "23505" &&
  /messages_limited_(device|author)_key/.test(
    String((error as { constraint_name?: string }).constraint_name ?? error),
  );

const isKeyViolation = (error: unknown) =>
  (error as { code?: string }).code === "23505" &&
  /messages_idempotency_key/.test(String((error as { constraint_name?: string }).constraint_name ?? error));

/** A participation already stored with an idempotency key: what its first request was answered. */
export interface KeyedParticipation {
  id: number;
  share_token: string;
  media_id: string | null;
  answered_task_id: string | null;
  device_id: string | null;
}

/** The participation of a segment stored with an idempotency key (migration 034), or null. */
export async function getKeyedParticipation(
  sql: Db,
  segmentId: number,
  key: string,
): Promise<KeyedParticipation | null> {
  const [row] = await sql<KeyedParticipation[]>`
    select id::int as id, share_token::text as share_token, media_id, answered_task_id::text as answered_task_id,
      device_id
    from messages where segment_id = ${segmentId} and idempotency_key = ${key}`;
  return row ?? null;
}

/** What a new participation is checked against: its segment, the channel's settings, choices, author. */
export interface ParticipationContext {
  segment: SegmentRow;
  segmentCustomisation: unknown;
  choices: { id: number; label: string }[];
  author: AuthorRow | null;
  /** Changes whenever the segment (its choices included) or its channel is written. */
  version: string;
}

/**
 * The version of a segment and its channel's settings (see {@link ParticipationContext}): the transaction
 * ids that wrote their current rows, which every update changes, whoever makes it. A change of choices
 * touches the segment's row (replaceChoices).
 */
const contextVersion = (sql: Db) => sql`s.xmin::text || ':' || coalesce(c.xmin::text, '')`;

/**
 * The segment with its channel's segment customisation, its choices in order and the author (when a
 * visitor token is given), in one round trip: a vote under load pays one statement for all of it.
 */
export async function getParticipationContext(
  sql: Db,
  segmentId: number,
  authorId: number | null,
): Promise<ParticipationContext | null> {
  const [row] = await sql<
    (SegmentRow & {
      _segment_customisation: unknown;
      _choices: { id: number; label: string }[];
      _author: AuthorRow | null;
      _version: string;
    })[]
  >`
    select ${segmentColumns(sql, "s")}, c.segment_customisation as _segment_customisation,
      ${contextVersion(sql)} as _version,
      coalesce((select json_agg(json_build_object('id', sc.id, 'label', sc.label) order by sc.position)
        from segment_choices sc where sc.segment_id = s.id), '[]') as _choices,
      (select row_to_json(a) from (
        select id::int as id, is_anonymous, nickname, first_name, last_name, city, udid
        from app_users where id = ${authorId}::bigint) a) as _author
    from segments s left join channels c on c.id = s.channel_id
    where s.id = ${segmentId}`;
  if (!row) return null;
  const { _segment_customisation, _choices, _author, _version, ...segment } = row;
  return {
    segment,
    version: _version,
    segmentCustomisation: _segment_customisation,
    choices: _choices.map((c) => ({ id: Number(c.id), label: c.label })),
    author: _author ?? null,
  };
}

/**
 * Stores a participation and bumps the sharded counters (votes per choice, messages and distinct
 * participants per segment) in ONE statement: its data-modifying CTEs commit or fail together, and the
 * counter rows stay locked only while it runs (no round trip inside a transaction holds them). Returns
 * null when a limited message of the same device or app user already exists: the unique indexes make
 * the second one fail, so two simultaneous votes can never both count; "repeated" when a participation
 * with the same idempotency key is already stored (its first request's, sent again). "Already a participant" reads
 * the statement's snapshot, which never holds the message being inserted. Answers "stale" and writes
 * nothing when a contextVersion is given and the segment or its channel changed since.
 */
export async function insertParticipation(
  sql: Db,
  m: NewMessage,
): Promise<InsertOutcome> {
  const shard = Math.floor(Math.random() * COUNTER_SHARDS);
  // one index lookup (migration 008) for the device or the app user, whichever identifies the author
  const seen = m.authorAppUserId !== null
    ? sql`exists (select 1 from messages where segment_id = ${m.segmentId}
        and author_app_user_id = ${m.authorAppUserId})`
    : m.deviceId !== null
    ? sql`exists (select 1 from messages where segment_id = ${m.segmentId} and device_id = ${m.deviceId})`
    : sql`true`; // anonymous without a device: never a new participant
  // choices in id order: concurrent multiple-choice votes lock their counter rows in the same order
  const choiceIds = [...(m.choiceIds ?? [])].sort((a, b) => a - b);
  // the sender's votes in the window, this one included, counted in the same statement (a failed
  // insert counts nothing); without a cap the vote is counted
  const cap = m.voteCap && choiceIds.length > 0
    ? sql`insert into rate_limits (key, window_start, count)
        select ${m.voteCap.key}, ${m.voteCap.windowStart}, 1 from fresh
        on conflict (key, window_start) do update set count = rate_limits.count + 1
        returning case when count > ${m.voteCap.cap} then 'suspicious' else 'counted' end as integrity`
    : sql`select 'counted' as integrity from fresh`;
  // the context the rules were applied to is still the segment's and channel's (one primary key lookup)
  const fresh = m.contextVersion
    ? sql`select 1 from segments s left join channels c on c.id = s.channel_id
        where s.id = ${m.segmentId} and ${contextVersion(sql)} = ${m.contextVersion}`
    : sql`select 1`;
  try {
    const [row] = await sql<{ id: number; share_token: string; vote_integrity: string }[]>`
      with fresh as (${fresh}),
      seen as (select ${seen} as seen),
      hit as (${cap}),
      inserted as (
        insert into messages (channel_id, segment_id, show_id, program_id, author_app_user_id, device_id,
          site_ref, type, content, text, choice_ids, media_id, extra_user_information, author_name, author_city,
          consent_gdpr, consent_image_right, only_user_data, is_testimonial, limited, moderation,
          processing_status, vote_integrity, idempotency_key, answered_task_id, medium, phone_number_id)
        select ${m.channelId}, ${m.segmentId}, ${m.showId}, ${m.programId}, ${m.authorAppUserId},
          ${m.deviceId}, ${m.siteRef}, ${m.type}, ${sql.json(m.content as Json)}, ${m.text}, ${m.choiceIds},
          ${m.mediaId}, ${sql.json(m.extraUserInformation as Json)}, ${m.authorName}, ${m.authorCity},
          ${m.consentGdpr}, ${m.consentImageRight}, ${m.onlyUserData}, ${m.isTestimonial}, ${m.limited},
          ${m.moderation}, ${m.processingStatus}, hit.integrity, ${m.idempotencyKey ?? null}::uuid,
          ${m.answeredTaskId ?? null}::uuid, ${m.medium ?? "widget"}, ${m.phoneNumberId ?? null}::bigint
        from hit
        returning id, share_token, vote_integrity),
      votes as (
        insert into vote_counts (segment_id, choice_id, shard, count)
        select ${m.segmentId}, choice_id, ${shard}, 1
        from inserted, unnest(${choiceIds}::bigint[]) as choice_id
        where inserted.vote_integrity = 'counted'
        order by choice_id
        on conflict (choice_id, shard) do update set count = vote_counts.count + 1),
      counts as (
        insert into segment_counts (segment_id, shard, messages, participants)
        select ${m.segmentId}, ${shard}, 1, case when seen.seen then 0 else 1 end
        from inserted, seen
        on conflict (segment_id, shard) do update set
          messages = segment_counts.messages + 1,
          participants = segment_counts.participants + excluded.participants)
      select id::int as id, share_token::text as share_token, vote_integrity from inserted`;
    return row ?? "stale";
  } catch (error) {
    if (isKeyViolation(error)) return "repeated";
    if (isLimitViolation(error)) return null;
    throw error;
  }
}

const isEmpty = (o: Record<string, unknown>) => {
  for (const _ in o) return false;
  return true;
};

/** What {@link insertParticipations} answers for each message: as insertParticipation does. */
export type InsertOutcome =
  | { id: number; share_token: string; vote_integrity: string }
  | null
  | "stale"
  | "repeated";

/**
 * Stores a batch of participations without an app user (votes and messages of the widget, group commit of
 * lib/participations/group_commit.ts) and bumps the counters, in ONE statement whose query text never changes (so
 * the server keeps it prepared): the messages travel as one JSON array. Each message gets the outcome
 * insertParticipation would give it alone: "stale" when its contextVersion is no longer current, null when
 * its device already has a limited message there, else the stored row, counted or suspicious by the same
 * per-address cap (messages of one address in a batch count in their order). Two messages of one device
 * must not share a batch. A concurrent writer of the same device makes the unique index fail the whole
 * statement: the caller then stores each message alone.
 */
export async function insertParticipations(sql: Db, batch: NewMessage[]): Promise<InsertOutcome[]> {
  const shard = Math.floor(Math.random() * COUNTER_SHARDS);
  // null, false, empty and default values are left out of the JSON (a vote carries a third of its fields):
  // jsonb_to_recordset reads a missing key as null, and the items CTE puts the defaults back
  const items = batch.map((m, i) => {
    if (m.authorAppUserId !== null) {
      throw new Error("insertParticipations: messages without an app user only");
    }
    const cap = m.voteCap && m.choiceIds?.length ? m.voteCap : null;
    return {
      i,
      channel_id: m.channelId,
      segment_id: m.segmentId,
      show_id: m.showId ?? undefined,
      program_id: m.programId ?? undefined,
      device_id: m.deviceId ?? undefined,
      site_ref: m.siteRef ?? undefined,
      type: m.type,
      content: m.content,
      text: m.text ?? undefined,
      choice_ids: m.choiceIds ?? undefined,
      media_id: m.mediaId ?? undefined,
      extra: isEmpty(m.extraUserInformation) ? undefined : m.extraUserInformation,
      author_name: m.authorName ?? undefined,
      author_city: m.authorCity ?? undefined,
      consent_gdpr: m.consentGdpr || undefined,
      consent_image_right: m.consentImageRight || undefined,
      only_user_data: m.onlyUserData || undefined,
      is_testimonial: m.isTestimonial || undefined,
      limited: m.limited || undefined,
      moderation: m.moderation === "none" ? undefined : m.moderation,
      processing_status: m.processingStatus === "none" ? undefined : m.processingStatus,
      cap_key: cap?.key,
      cap_window: cap?.windowStart.toISOString(),
      cap: cap?.cap,
      version: m.contextVersion ?? undefined,
    };
  });
  const rows = await sql<
    {
      i: number;
      id: number | null;
      share_token: string | null;
      vote_integrity: string | null;
      stale: boolean;
    }[]
  >`
    with items as (
      select i, channel_id, segment_id, show_id, program_id, device_id, site_ref, type, content, text, choice_ids,
        media_id, coalesce(extra, '{}') as extra, author_name, author_city,
        coalesce(consent_gdpr, false) as consent_gdpr, coalesce(consent_image_right, false) as consent_image_right,
        coalesce(only_user_data, false) as only_user_data, coalesce(is_testimonial, false) as is_testimonial,
        coalesce(limited, false) as limited, coalesce(moderation, 'none') as moderation,
        coalesce(processing_status, 'none') as processing_status, cap_key, cap_window, cap, version
      from jsonb_to_recordset(${sql.json(items as Json)}::jsonb) as b(i int, channel_id bigint,
        segment_id bigint, show_id text, program_id text, device_id text, site_ref text, type text,
        content jsonb, text text, choice_ids bigint[], media_id uuid, extra jsonb, author_name text,
        author_city text, consent_gdpr boolean, consent_image_right boolean, only_user_data boolean,
        is_testimonial boolean, limited boolean, moderation text, processing_status text, cap_key text,
        cap_window timestamptz, cap int, version text)),
    -- the context the rules were applied to is still the segment's and channel's
    fresh as (
      select b.* from items b join segments s on s.id = b.segment_id left join channels c on c.id = s.channel_id
      where b.version is null or ${contextVersion(sql)} = b.version),
    -- one index lookup (migration 008) per device: a participant already, and already a limited message
    prior as (
      select f.*, p.seen, p.voted from fresh f, lateral (
        select f.device_id is null or count(*) > 0 as seen, coalesce(bool_or(m.limited), false) as voted
        from messages m where m.segment_id = f.segment_id and m.device_id = f.device_id) p),
    accepted as (select * from prior where not (limited and device_id is not null and voted)),
    -- the per-address cap: each address's votes of the batch added at once, in key order (lock order)
    hits as (
      insert into rate_limits (key, window_start, count)
      select cap_key, cap_window, count(*) from accepted where cap_key is not null
      group by cap_key, cap_window
      order by cap_key, cap_window
      on conflict (key, window_start) do update set count = rate_limits.count + excluded.count
      returning key, window_start, count),
    decided as (
      select a.*, new_share_token() as share_token,
        case when a.cap_key is null
          or h.count - count(*) over w + row_number() over (w order by a.i) <= a.cap
        then 'counted' else 'suspicious' end as integrity
      from accepted a left join hits h on h.key = a.cap_key and h.window_start = a.cap_window
      window w as (partition by a.cap_key, a.cap_window)),
    inserted as (
      insert into messages (channel_id, segment_id, show_id, program_id, device_id, site_ref, type, content,
        text, choice_ids, media_id, extra_user_information, author_name, author_city, consent_gdpr,
        consent_image_right, only_user_data, is_testimonial, limited, moderation, processing_status,
        vote_integrity, share_token)
      select channel_id, segment_id, show_id, program_id, device_id, site_ref, type, content, text, choice_ids,
        media_id, extra, author_name, author_city, consent_gdpr, consent_image_right, only_user_data,
        is_testimonial, limited, moderation, processing_status, integrity, share_token
      from decided order by i
      returning id, share_token, vote_integrity),
    votes as (
      insert into vote_counts (segment_id, choice_id, shard, count)
      select d.segment_id, choice_id, ${shard}, count(*)
      from decided d, unnest(d.choice_ids) as choice_id
      where d.integrity = 'counted'
      group by d.segment_id, choice_id
      order by choice_id
      on conflict (choice_id, shard) do update set count = vote_counts.count + excluded.count),
    counts as (
      insert into segment_counts (segment_id, shard, messages, participants)
      select segment_id, ${shard}, count(*), count(*) filter (where not seen)
      from decided group by segment_id
      order by segment_id
      on conflict (segment_id, shard) do update set
        messages = segment_counts.messages + excluded.messages,
        participants = segment_counts.participants + excluded.participants)
    select b.i, n.id::int as id, n.share_token::text as share_token, n.vote_integrity, f.i is null as stale
    from items b
    left join fresh f on f.i = b.i
    left join decided d on d.i = b.i
    left join inserted n on n.share_token = d.share_token
    order by b.i`;
  return rows.map((r) =>
    r.id !== null
      ? { id: r.id, share_token: r.share_token!, vote_integrity: r.vote_integrity! }
      : r.stale
      ? "stale"
      : null
  );
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
  share_token: string;
}

/** The participation with that id, or null. */
export async function getMessage(sql: Db, id: number): Promise<MessageView | null> {
  const [row] = await sql<MessageView[]>`
    select id::int as id, channel_id::int as channel_id, segment_id::int as segment_id, type, created_at,
      content, text, choice_ids::int[] as choice_ids, media_id, duration_ms, processing_status, author_name,
      device_id, author_app_user_id::int as author_app_user_id, status, moderation,
      share_token::text as share_token
    from messages where id = ${id}`;
  return row ?? null;
}

/** Points a participation at a new media (a re-recording replaces the previous one). */
export async function replaceMessageMedia(sql: Db, id: number, mediaId: string): Promise<void> {
  await sql`
    update messages set media_id = ${mediaId}, processing_status = 'pending', processing_error = null,
      duration_ms = null, transcript = null, content = content - 'recording_url' - 'duration' - 'transcription',
      updated_at = now()
    where id = ${id}`;
}

/** Sums of the sharded counters of a segment. */
export async function getSegmentCounts(sql: Db, segmentId: number) {
  const [row] = await sql<{ messages: number; participants: number }[]>`
    select coalesce(sum(messages), 0)::int as messages, coalesce(sum(participants), 0)::int as participants
    from segment_counts where segment_id = ${segmentId}`;
  return row;
}

/** The segment of a public share link (its uuid), or null. */
export async function getSegmentIdsByUuid(sql: Db, uuid: string) {
  const [row] = await sql<{ id: number; channel_id: number }[]>`
    select id::int as id, channel_id::int as channel_id from segments where uuid = ${uuid}`;
  return row ?? null;
}
