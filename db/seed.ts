// The demo database: the data under db/seed/ (channels, staff, templates, segments, visitors, their
// participations, help, widgets, timeline), stored in one transaction. Ids come from the database; the
// data names rows by key ("radio", "summer_hit", a space's kind). Visitors and participations are drawn
// from a seeded random source (db/seed/random.ts): the same demo on every machine, relative to `now`.
import type { SerializableParameter, Sql, TransactionSql } from "postgres";
import type { Db } from "./client.ts";
import { CHANNELS } from "./seed/channels.ts";
import { DIFFUSION_BLOCKS, DIFFUSION_SPACES } from "./seed/diffusion.ts";
import { HELP_ITEMS } from "./seed/help_items.ts";
import { demoMessages, type Message, type Reward, type SegmentRef } from "./seed/participations.ts";
import { makeRandom, type Random } from "./seed/random.ts";
import { SEGMENTS } from "./seed/segments.ts";
import { STAFF } from "./seed/staff.ts";
import { TEMPLATE_ROWS } from "./seed/templates.ts";
import { type ChannelKey, DAY, HOUR, MINUTE } from "./seed/units.ts";
import { demoAppUsers, demoDevices } from "./seed/visitors.ts";
import { WIDGETS } from "./seed/widgets.ts";

type Id = number | string;
type Row = Record<string, SerializableParameter>;

/** Whether the database holds any channel (the demo is only stored in an empty one). */
export async function hasChannel(sql: Db): Promise<boolean> {
  const rows = await sql`select 1 from channels limit 1`;
  return rows.length > 0;
}

/** The points of each rewarded event (widget §9, POINTS in lib/rules/constants.ts). */
export type PointsTable = Readonly<Record<Reward, number>>;

/**
 * Stores the demo in an empty database, every demo account with `passwordHash`, the points ledger valued
 * with `points`; returns false without
 * touching anything when a channel already exists. Two processes seeding at once: the second waits on
 * the lock, then sees the first one's channels.
 */
export async function insertDemo(
  sql: Sql,
  passwordHash: string,
  now: Date,
  points: PointsTable,
): Promise<boolean> {
  return await sql.begin(async (tx) => {
    await tx`lock table channels in exclusive mode`;
    if (await hasChannel(tx)) return false;
    await loadDemo(tx, passwordHash, now, points);
    return true;
  });
}

/** What the loading steps share: the transaction, the clock, the random source and the ids stored so far. */
interface Load {
  tx: TransactionSql;
  now: Date;
  rnd: Random;
  at: (offsetMs: number) => Date;
  json: (value: unknown) => SerializableParameter;
  channel: Record<ChannelKey, Id>;
  staff: (login: string) => Id;
  segment: (key: string) => SegmentRef;
}

/** Stores every demo row, noun by noun, in the caller's transaction. */
export async function loadDemo(
  tx: TransactionSql,
  passwordHash: string,
  now: Date,
  points: PointsTable,
): Promise<void> {
  const base = {
    tx,
    now,
    rnd: makeRandom(20240611),
    at: (offsetMs: number) => new Date(now.getTime() + offsetMs),
    json: (value: unknown) => tx.json(value as Parameters<typeof tx.json>[0]),
  };
  const channel = await insertChannels(base);
  const staff = await insertStaff(base, channel, passwordHash);
  const load: Load = { ...base, channel, staff, segment: await insertSegments({ ...base, channel, staff }) };
  const { registered, everyone } = await insertVisitors(load, passwordHash);
  const quizCorrect = load.segment("quiz").choiceIds[1];
  const messages = demoMessages(load.rnd, now, load.segment, registered, everyone, quizCorrect);
  await insertMessages(load, messages, points);
  await insertCounters(load, messages);
  await insertHelpWidgetsTimeline(load);
}

/** The channels; returns their ids by key. */
async function insertChannels({ tx, at, json }: Omit<Load, "channel" | "staff" | "segment" | "rnd" | "now">) {
  const ids = {} as Record<ChannelKey, Id>;
  for (const c of CHANNELS) {
    const row: Row = { ...c.row, created_at: at(c.created) } as Row;
    for (const k of ["segment_customisation", "customisation"]) if (k in c.row) row[k] = json(c.row[k]);
    const [inserted] = await tx<{ id: Id }[]>`insert into channels ${tx(row)} returning id`;
    ids[c.key] = inserted.id;
  }
  return ids;
}

/** One staff account of each role; returns a lookup of their ids by login. */
async function insertStaff(
  { tx, at }: Pick<Load, "tx" | "at">,
  channel: Record<ChannelKey, Id>,
  passwordHash: string,
) {
  const staff = await tx<{ id: Id; login: string }[]>`insert into users ${
    tx(STAFF.map(({ channel: key, ...user }): Row => ({
      ...user,
      password_hash: passwordHash,
      language: "fr",
      active: true,
      confirmed_at: at(-170 * DAY),
      channel_id: key ? channel[key] : null,
      created_at: at(-175 * DAY),
    })))
  } returning id, login`;
  return (login: string) => staff.find((u) => u.login === login)!.id;
}

/** Templates, segments (one insert each: their optional columns differ) and their choices. */
async function insertSegments({ tx, now, rnd, at, json, channel, staff }: Omit<Load, "segment">) {
  const templates = await tx<{ id: Id; widget_model: string }[]>`
    insert into templates ${tx(TEMPLATE_ROWS)} returning id, widget_model`;
  const templateId = (model: string) => templates.find((t) => t.widget_model === model)!.id;
  const segments = new Map<string, SegmentRef>();
  for (const spec of SEGMENTS) {
    const extra = spec.extra ?? {};
    const [inserted] = await tx<{ id: Id }[]>`insert into segments ${
      tx({
        uuid: rnd.uuid(),
        channel_id: channel[spec.channel],
        template_id: templateId(spec.template),
        type: spec.type,
        title: spec.title,
        text: spec.text,
        status: spec.status,
        start_date: spec.start === null ? null : at(spec.start),
        end_date: spec.end === null ? null : at(spec.end),
        gather_information: true,
        information_to_gather: json(informationToGather(...(spec.gather ?? [[], []]))),
        customisation: json({}),
        created_by: spec.channel === "radio" ? staff("manager") : staff("admin"),
        created_at: at(Math.min(spec.start ?? 0, 0) - 4 * DAY),
        from_mode: "now",
        to_mode: "scheduled",
        ...extra,
      })
    } returning id`;
    segments.set(spec.key, {
      id: inserted.id,
      key: spec.key,
      channelId: channel[spec.channel],
      type: spec.type,
      showId: (extra.show_id as string | undefined) ?? null,
      programId: (extra.program_id as string | undefined) ?? null,
      start: at(spec.start ?? -DAY),
      // messages are dated between the start and the end, or now for a running segment
      end: spec.end === null ? now : new Date(Math.min(now.getTime(), at(spec.end).getTime())),
      limited: extra.limit_1_vote !== false,
      requiresApproval: extra.requires_approval === true,
      gatherFields: spec.gather?.[0] ?? [],
      choiceIds: [],
      choiceLabels: spec.choices ?? [],
    });
  }
  const segment = (key: string) => segments.get(key)!;
  const choiceRows = SEGMENTS.flatMap((s) =>
    (s.choices ?? []).map((label, position): Row => ({ segment_id: segment(s.key).id, position, label }))
  );
  const choices = await tx<{ id: Id; segment_id: Id; position: number }[]>`
    insert into segment_choices ${tx(choiceRows)} returning id, segment_id, position`;
  for (const ref of segments.values()) {
    ref.choiceIds = choices.filter((c) => String(c.segment_id) === String(ref.id))
      .sort((a, b) => a.position - b.position).map((c) => c.id);
  }
  const quiz = segment("quiz");
  await tx`update segments set correct_choice_id = ${quiz.choiceIds[1]} where id = ${quiz.id}`;
  return segment;
}

/** The information_to_gather of a segment: every field, with the active and mandatory ones. */
function informationToGather(active: string[], mandatory: string[]) {
  const fields = ["first_name", "name", "city", "phone", "email", "age"];
  return Object.fromEntries(
    fields.map((f) => [f, { active: active.includes(f), mandatory: mandatory.includes(f) }]),
  );
}

/** The app users (registered and anonymous), then the device-only visitors; returns them as participants. */
async function insertVisitors({ tx, rnd, at, channel }: Load, passwordHash: string) {
  const { rows, registered, anonymous } = demoAppUsers(rnd, at, passwordHash);
  const appUsers = await tx<{ id: Id; udid: string }[]>`
    insert into app_users ${
    tx(rows.map(({ channel: key, ...row }): Row => ({ channel_id: channel[key], ...row })))
  }
    returning id, udid`;
  const appUserIdByUdid = new Map(appUsers.map((u) => [u.udid, u.id]));
  for (const r of registered) r.participant.appUserId = appUserIdByUdid.get(r.udid)!;
  for (const a of anonymous) a.appUserId = appUserIdByUdid.get(a.device)!;
  const everyone = [...registered.map((r) => r.participant), ...anonymous, ...demoDevices(rnd)];
  return { registered, everyone };
}

/** The messages in date order (in chunks), then the staff replies and the points ledger. */
async function insertMessages(
  { tx, now, rnd, json, staff }: Load,
  messages: Message[],
  points: PointsTable,
): Promise<void> {
  // ids are mapped back by created_at, unique per message
  messages.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const idByTime = new Map<number, Id>();
  for (let i = 0; i < messages.length; i += 200) {
    const chunk = messages.slice(i, i + 200).map((m): Row => ({
      ...(m.row as Row),
      content: json(m.row.content),
      extra_user_information: json(m.row.extra_user_information),
      choice_ids: m.choiceIds.length > 0 ? m.choiceIds.map(Number) : null,
    }));
    const inserted = await tx<{ id: Id; created_at: Date }[]>`
      insert into messages ${tx(chunk)} returning id, created_at`;
    for (const r of inserted) idByTime.set(r.created_at.getTime(), r.id);
  }
  const messageId = (m: Message) => idByTime.get(m.createdAt.getTime())!;
  const replyRows = messages.filter((m) => m.reply !== null).map((m, i): Row => ({
    message_id: messageId(m),
    channel_id: m.seg.channelId,
    author_user_id: i % 2 === 0 ? staff("manager") : staff("operator"),
    type: "text",
    text: m.reply,
    created_at: new Date(Math.min(now.getTime() - MINUTE, m.createdAt.getTime() + rnd.int(1, 6) * HOUR)),
  }));
  if (replyRows.length > 0) await tx`insert into replies ${tx(replyRows)}`;
  // one ledger row per credited event; app_users.points was stored as the same total
  const ledgerRows = messages.flatMap((m) =>
    m.rewards.map((event): Row => ({
      channel_id: m.seg.channelId,
      app_user_id: m.author.appUserId,
      message_id: messageId(m),
      event,
      points: points[event],
      created_at: new Date(Math.min(now.getTime() - MINUTE, m.createdAt.getTime() + rnd.int(1, 30) * HOUR)),
    }))
  );
  for (let i = 0; i < ledgerRows.length; i += 500) {
    await tx`insert into points_ledger ${tx(ledgerRows.slice(i, i + 500))}`;
  }
}

/**
 * The sharded counters (db/participations.ts) on shard 0, equal to what the messages say: the messages
 * are inserted directly, not through insertParticipation. (The inbox counters follow by trigger.)
 */
async function insertCounters({ tx, segment }: Load, messages: Message[]): Promise<void> {
  const segments = SEGMENTS.map((s) => segment(s.key));
  const voteRows: Row[] = [];
  for (const s of segments) {
    for (const choiceId of s.choiceIds) {
      const count = messages.filter((m) => m.choiceIds.some((c) => String(c) === String(choiceId))).length;
      voteRows.push({ segment_id: s.id, choice_id: choiceId, shard: 0, count });
    }
  }
  await tx`insert into vote_counts ${tx(voteRows)}`;
  const countRows: Row[] = [];
  for (const s of segments) {
    const own = messages.filter((m) => m.seg === s);
    if (own.length === 0) continue;
    const participants = new Set(
      own.map((m) => m.author.appUserId !== null ? `u${m.author.appUserId}` : m.author.device),
    );
    countRows.push({ segment_id: s.id, shard: 0, messages: own.length, participants: participants.size });
  }
  await tx`insert into segment_counts ${tx(countRows)}`;
}

/** The help page's welcome article, the radio's widgets and the distribution timeline. */
async function insertHelpWidgetsTimeline({ tx, now, channel, staff, segment }: Load): Promise<void> {
  await tx`insert into help_items ${tx(HELP_ITEMS.map((h): Row => ({ ...h, updated_by: staff("admin") })))}`;
  await tx`insert into widgets ${
    tx(WIDGETS.map(({ channel: key, segment: seg, ...w }): Row => ({
      channel_id: channel[key],
      ...w,
      segment_id: seg ? segment(seg).id : null,
    })))
  }`;
  const spaces = await tx<{ id: Id; kind: string }[]>`insert into diffusion_spaces ${
    tx(DIFFUSION_SPACES.map(({ channel: key, ...s }): Row => ({ channel_id: channel[key], ...s })))
  } returning id, kind`;
  const space = (kind: string) => spaces.find((s) => s.kind === kind)!.id;
  const today = new Date(now);
  today.setUTCHours(0, 0, 0, 0);
  const day = ([days, hours]: [number, number]) => new Date(today.getTime() + days * DAY + hours * HOUR);
  await tx`insert into diffusion_blocks ${
    tx(DIFFUSION_BLOCKS.map((b): Row => ({
      channel_id: channel[b.channel],
      diffusion_space_id: space(b.space),
      segment_id: segment(b.segment).id,
      starts_at: day(b.from),
      ends_at: day(b.to),
      label: b.label,
    })))
  }`;
}

/** The channels whose demo voice (audio) or video messages have no file yet. */
export async function demoMediaChannels(sql: Db): Promise<{ channelId: number; kind: "audio" | "video" }[]> {
  return await sql<{ channelId: number; kind: "audio" | "video" }[]>`
    select distinct channel_id::int as "channelId", case type when 'video' then 'video' else 'audio' end as kind
    from messages
    where media_id is null and duration_ms is not null and type in ('recording_question', 'video')
    order by 1, 2`;
}

/** Points the demo messages of a kind without a file at the clips, in turn; texts and transcripts stay. */
export async function linkDemoMedia(
  sql: Db,
  channelId: number,
  kind: "audio" | "video",
  clips: { id: string; durationMs: number; url: string }[],
): Promise<void> {
  for (const [n, clip] of clips.entries()) {
    const content = {
      recording_id: clip.id,
      recording_url: clip.url,
      duration: Math.round(clip.durationMs / 1000),
    };
    await sql`
      update messages set media_id = ${clip.id}, duration_ms = ${clip.durationMs}, processing_status = 'done',
        content = content || ${sql.json(content)}
      where channel_id = ${channelId} and media_id is null and duration_ms is not null
        and type = ${kind === "video" ? "video" : "recording_question"} and id % ${clips.length} = ${n}`;
  }
}
