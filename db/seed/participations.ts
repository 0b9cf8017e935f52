// The demo's participations (widget §3 Message), drawn in a fixed order from the seeded random source:
// rewarded messages that bring each registered visitor to their points, plain voice and text messages,
// videos awaiting moderation, votes, a quiz with winners, a draw, registrations, SMS, testimonials, and a
// few staff replies and notes. Changing the order of the draws changes the whole demo.
import type { Random } from "./random.ts";
import type { Participant } from "./visitors.ts";
import { COMMENTS, DEDICATIONS, MEMORIES, QUESTIONS, REPLIES, TESTIMONIALS, VIDEO_NOTES } from "./texts.ts";
import { DAY, MINUTE } from "./units.ts";

type Id = number | string;
export type Reward = "liked" | "quoted" | "broadcast";

/** A stored segment as the participations need it: its ids, window and collected fields. */
export interface SegmentRef {
  id: Id;
  key: string;
  channelId: Id;
  type: string;
  showId: string | null;
  programId: string | null;
  start: Date;
  end: Date;
  limited: boolean;
  requiresApproval: boolean;
  gatherFields: string[];
  choiceIds: Id[];
  choiceLabels: string[];
}

/** A participation before it is stored: its messages row (JSON columns as objects) and what follows from it. */
export interface Message {
  row: Record<string, unknown>;
  seg: SegmentRef;
  author: Participant;
  createdAt: Date;
  choiceIds: Id[];
  rewards: Reward[];
  reply: string | null;
}

/** What the drawing steps share: the random source, the segments by key, the visitors, the messages so far. */
interface Draw {
  rnd: Random;
  now: Date;
  seg: (key: string) => SegmentRef;
  registered: { target: number; participant: Participant }[];
  everyone: Participant[];
  messages: Message[];
  add: (s: SegmentRef, author: Participant, fields?: Record<string, unknown>, choiceIds?: Id[]) => Message;
}

/** Every demo participation, in the order they are drawn (not yet sorted by date). */
export function demoMessages(
  rnd: Random,
  now: Date,
  seg: (key: string) => SegmentRef,
  registered: { target: number; participant: Participant }[],
  everyone: Participant[],
  quizCorrect: Id,
): Message[] {
  const messages: Message[] = [];
  const draw: Draw = { rnd, now, seg, registered, everyone, messages, add: messageAdder(rnd, now, messages) };
  rewardedMessages(draw);
  plainMessages(draw, "dedication", 40, DEDICATIONS, true);
  plainMessages(draw, "guest_question", 25, QUESTIONS, false);
  plainMessages(draw, "holiday_memory", 12, MEMORIES, true);
  videoMessages(draw);
  const summer = limitedMessages(draw, quizCorrect);
  testimonials(draw, summer);
  staffNotes(draw);
  return messages;
}

/** Splits a target into like/quote/broadcast rewards, one message each (a message is quoted or broadcast). */
function rewardPlan(target: number, rnd: Random): Reward[][] {
  const plan: Reward[][] = [];
  let left = target;
  while (left > 0) {
    if (left >= 110) {
      const r = rnd.weighted([7, 2, 2]);
      if (r === 0) plan.push(["liked", "broadcast"]), left -= 110;
      else if (r === 1) plan.push(["broadcast"]), left -= 100;
      else plan.push(["liked", "quoted"]), left -= 60;
    } else if (left === 100) plan.push(["broadcast"]), left -= 100;
    else if (left >= 60) plan.push(["liked", "quoted"]), left -= 60;
    else if (left === 50) plan.push(["quoted"]), left -= 50;
    else plan.push(["liked"]), left -= 10;
  }
  return plan;
}

/** The function that adds a message to a segment: a date in its window, the author's gathered fields. */
function messageAdder(rnd: Random, now: Date, messages: Message[]): Draw["add"] {
  const usedTimes = new Set<number>();
  const timeIn = (s: SegmentRef, recentBias = 1) => {
    const span = s.end.getTime() - s.start.getTime() - 10 * MINUTE;
    // recentBias < 1 pulls dates towards the end of the window (more recent activity)
    let t = s.end.getTime() - 5 * MINUTE - Math.floor(Math.pow(rnd.next(), 1 / recentBias) * span);
    while (usedTimes.has(t)) t += 1;
    usedTimes.add(t);
    return new Date(t);
  };
  return (s, author, fields = {}, choiceIds = []) => {
    const createdAt = timeIn(s, 0.6);
    const ageMs = now.getTime() - createdAt.getTime();
    const known: Record<string, string> = {
      first_name: author.firstName,
      name: author.lastName,
      city: author.city,
      phone: author.phone,
      email: author.email,
    };
    const gathered = Object.fromEntries(s.gatherFields.filter((f) => known[f]).map((f) => [f, known[f]]));
    const oldEnough = ageMs > 2 * DAY;
    const row: Record<string, unknown> = {
      channel_id: s.channelId,
      segment_id: s.id,
      show_id: s.showId,
      program_id: s.programId,
      author_app_user_id: author.appUserId,
      device_id: author.device,
      site_ref: rnd.chance(0.7) ? "radiohorizon.example" : null,
      type: s.type,
      content: {},
      text: null,
      choice_ids: null,
      media_id: null,
      duration_ms: null,
      transcript: null,
      extra_user_information: gathered,
      author_name: author.nickname ??
        (gathered.first_name ? [gathered.first_name, gathered.name].filter(Boolean).join(" ") : null),
      author_city: author.registered || s.gatherFields.includes("city") ? author.city : null,
      consent_gdpr: s.gatherFields.length > 0,
      consent_image_right: s.type === "video",
      read: oldEnough ? rnd.chance(0.92) : rnd.chance(0.25),
      has_reply: false,
      liked: false,
      winner: false,
      broadcast_status: "none",
      status: "received",
      moderation: s.requiresApproval
        ? (ageMs < 1.5 * DAY ? "pending" : rnd.chance(0.85) ? "approved" : "rejected")
        : "none",
      comment: null,
      only_user_data: false,
      is_testimonial: false,
      limited: s.limited,
      processing_status: "none",
      processing_error: null,
      created_at: createdAt,
      updated_at: createdAt,
      ...fields,
    };
    const message: Message = { row, seg: s, author, createdAt, choiceIds, rewards: [], reply: null };
    messages.push(message);
    return message;
  };
}

/** A voice message's columns: a transcript from `texts` and a duration. */
function voice(rnd: Random, texts: readonly string[]) {
  const transcript = rnd.pick(texts);
  const seconds = rnd.int(12, 58);
  return {
    content: { recording_url: null, duration: seconds, transcription: { data: [{ transcript }] } },
    duration_ms: seconds * 1000 + rnd.int(0, 999),
    transcript,
  };
}

/** A written message's columns: a text from `texts`. */
function written(rnd: Random, texts: readonly string[]) {
  const text = rnd.pick(texts);
  return { content: { text }, text };
}

/** A vote's content and choice ids for the choices at positions `picked`. */
function vote(s: SegmentRef, picked: number[]) {
  const ids = picked.map((i) => s.choiceIds[i]);
  const choice_text = picked.map((i) => s.choiceLabels[i]).join(", ");
  return { fields: { content: { choice_ids: ids.map(Number), choice_text } }, ids };
}

/** Rewarded messages of registered visitors: liked, quoted or broadcast, on voice and text segments. */
function rewardedMessages({ rnd, seg, registered, add }: Draw): void {
  for (const r of registered) {
    for (const rewards of rewardPlan(r.target, rnd)) {
      const where = rnd.weighted([6, 3, 1.5]);
      const s = seg(["dedication", "guest_question", "holiday_memory"][where]);
      const body = where === 1 ? written(rnd, QUESTIONS) : voice(rnd, where === 0 ? DEDICATIONS : MEMORIES);
      const m = add(s, r.participant, {
        ...body,
        liked: rewards.includes("liked"),
        broadcast_status: rewards.includes("broadcast")
          ? "broadcast_2"
          : rewards.includes("quoted")
          ? "broadcast_1"
          : "none",
        status: s.key === "holiday_memory" && rnd.chance(0.4) ? "archived" : "received",
      });
      m.rewards = rewards;
    }
  }
}

/** Plain voice and text messages (no reward: registered authors stay at their target). */
function plainMessages(
  { rnd, seg, everyone, add }: Draw,
  key: string,
  count: number,
  texts: readonly string[],
  isVoice: boolean,
): void {
  const s = seg(key);
  for (let i = 0; i < count; i++) {
    const author = rnd.pick(everyone);
    const body = isVoice ? voice(rnd, texts) : written(rnd, texts);
    const flagged = author.registered || author.appUserId !== null ? {} : {
      liked: rnd.chance(0.2),
      broadcast_status: rnd.pick(["none", "none", "none", "broadcast_1", "broadcast_2"]),
    };
    add(s, author, {
      ...body,
      ...flagged,
      status: rnd.pick(["received", "received", "received", "received", "archived", "trash"]),
    });
  }
}

/** Video participations, waiting for moderation or moderated, and the TV's video reactions. */
function videoMessages({ rnd, seg, everyone, add }: Draw): void {
  for (let i = 0; i < 22; i++) {
    const s = seg("festival_video");
    const seconds = rnd.int(8, 58);
    const note = rnd.pick(VIDEO_NOTES);
    add(s, rnd.pick(everyone), {
      content: note
        ? { recording_url: null, duration: seconds, text: note }
        : { recording_url: null, duration: seconds },
      text: note,
      duration_ms: seconds * 1000,
    });
  }
  for (let i = 0; i < 12; i++) {
    const seconds = rnd.int(10, 30);
    add(seg("tv_debate"), rnd.pick(everyone), {
      content: { recording_url: null, duration: seconds },
      duration_ms: seconds * 1000,
      site_ref: "canalneuf.example",
    });
  }
}

/**
 * Limited segments (limit_1_vote), each participant at most once: votes, the quiz and its winners, the
 * draw (registered visitors only), the club, the SMS game. Returns the summer hit's votes.
 */
function limitedMessages({ rnd, seg, registered, everyone, add }: Draw, quizCorrect: Id): Message[] {
  const distinct = (count: number) => rnd.shuffle(everyone).slice(0, count);
  const votes = (key: string, count: number, weights: number[]) => {
    const s = seg(key);
    return distinct(count).map((author) => {
      const v = vote(s, [rnd.weighted(weights)]);
      return add(s, author, v.fields, v.ids);
    });
  };
  const summer = votes("summer_hit", 70, [5, 3, 2.5, 1.2]);
  votes("host_of_year", 48, [3, 4, 1.5, 2]);
  votes("tv_cooking", 30, [4, 2, 3]);
  for (const author of distinct(55)) {
    const s = seg("topics");
    const weights = [5, 4, 3, 3.5, 2, 2.5, 1.5];
    const picked = new Set<number>();
    const k = rnd.weighted([4, 3, 2]) + 1;
    while (picked.size < k) picked.add(rnd.weighted(weights));
    const v = vote(s, [...picked].sort());
    add(s, author, v.fields, v.ids);
  }
  const quiz = seg("quiz");
  let quizWinners = 0;
  for (const author of distinct(40)) {
    const v = vote(quiz, [rnd.weighted([1.5, 5, 1])]);
    const correct = String(v.ids[0]) === String(quizCorrect);
    const winner = correct && quizWinners < 3 && rnd.chance(0.3);
    if (winner) quizWinners++;
    add(quiz, author, { ...v.fields, winner }, v.ids);
  }
  // registration_required: registered visitors only
  const draw = rnd.shuffle(registered.map((r) => r.participant)).slice(0, 26)
    .map((author) => add(seg("concert_draw"), author, { only_user_data: true }));
  for (const m of rnd.shuffle(draw).slice(0, 2)) m.row.winner = true;
  for (const author of distinct(22)) add(seg("club"), author);
  for (const author of distinct(18)) {
    const text = `HORIZON ${author.firstName} ${author.city}`;
    add(seg("sms_game"), author, { content: { text }, text });
  }
  return summer;
}

/** Testimonials after a vote ("Tell us why?"), not limited. */
function testimonials({ seg, add }: Draw, summer: Message[]): void {
  for (const m of summer.slice(0, 4)) {
    const text = TESTIMONIALS[summer.indexOf(m)];
    add(seg("summer_hit"), m.author, { content: { text }, text, is_testimonial: true, limited: false });
  }
}

/** A few operator notes and replies from staff (shown in my space). */
function staffNotes({ rnd, messages }: Draw): void {
  const rewarded = messages.filter((m) => m.rewards.length > 0 && m.row.status === "received");
  for (const m of rnd.shuffle(rewarded).slice(0, 8)) {
    m.reply = rnd.pick(REPLIES);
    m.row.has_reply = true;
    m.row.read = true;
  }
  for (const m of rnd.shuffle(rewarded).slice(0, 3)) m.row.comment = rnd.pick(COMMENTS);
}
