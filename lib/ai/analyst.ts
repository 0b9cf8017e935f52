// The built-in analyst: answers from the participations themselves, in markdown, when no model is
// configured (DESIGN.md "External services"). Pure: the same context gives the same answer.
import { isLanguage, type Language, type TFunction } from "../rules/i18n.ts";
import { choiceLetter, voteResults } from "../rules/votes.ts";
import { isSafeOnAir, personalDataIn } from "../rules/on_air.ts";
import { askedLength, askedNumber, detectIntent, type Intent } from "./intent.ts";
import { voteOutcome } from "./results.ts";
import { sentimentOf } from "./sentiment.ts";
import { countByTab, readsSentence } from "../rules/ai_reads.ts";
import { findThemes, type Theme } from "./themes.ts";
import type { AiContext, AiMessage, AiProvider } from "./types.ts";
import { frequentTerms, isMeaningful, mentions, tokens } from "./words.ts";

/** How a participation was given, for the split by type. */
export type MessageKind = "vote" | "voice" | "video" | "text" | "registration";
export const MESSAGE_KINDS: MessageKind[] = ["vote", "voice", "video", "text", "registration"];

const TOP_WORDS = 8;
const TOP_PHRASES = 5;
const QUOTES = 3;
const TOP_HOURS = 3;
const MAX_MATCHES = 10;
const QUOTE_LENGTH = 220;
const MAX_CITIES = 8;
const THEME_QUOTES = 2;
/** Messages offered to read on air when the question does not say how many; at most ON_AIR_MAX. */
const ON_AIR_QUOTES = 3;
const ON_AIR_MAX = 10;

/** The kind of a participation: a vote, a voice or video message, a text, or only registration data. */
export function messageKind(m: AiMessage): MessageKind {
  if (m.choice_ids && m.choice_ids.length > 0) return "vote";
  if (m.type === "video") return "video";
  if (m.transcript || m.type === "recording_question") return "voice";
  if (m.text && m.text.trim()) return "text";
  return "registration";
}

/** The words of a participation: its text and its transcript. */
export function messageText(m: AiMessage): string {
  return [m.text, m.transcript].filter((s) => s && s.trim()).join(" ");
}

/** Distinct authors (app user or device); a participation without either counts as one person. */
export function countParticipants(messages: AiMessage[]): number {
  const keys = new Set<string>();
  let unknown = 0;
  for (const m of messages) {
    if (m.author_key) keys.add(m.author_key);
    else unknown++;
  }
  return keys.size + unknown;
}

/** Participations per kind, in the order of MESSAGE_KINDS, kinds with none left out. */
export function countByKind(messages: AiMessage[]): { kind: MessageKind; count: number }[] {
  return MESSAGE_KINDS.map((kind) => ({
    kind,
    count: messages.filter((m) => messageKind(m) === kind).length,
  }))
    .filter((row) => row.count > 0);
}

/** Vote rows of the considered participations (voteResults: whole percentages adding up to 100). */
export function voteShares(context: AiContext) {
  const counts = new Map<number, number>();
  for (const m of context.messages) {
    for (const id of m.choice_ids ?? []) counts.set(Number(id), (counts.get(Number(id)) ?? 0) + 1);
  }
  return voteResults(
    context.choices.map((c) => ({ id: c.id, label: c.label, count: counts.get(c.id) ?? 0 })),
  );
}

/** The hour of day (0–23) of a date in a time zone. */
export function hourOf(date: Date, timeZone: string): number {
  const text = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", hourCycle: "h23", timeZone }).format(date);
  return Number(text) % 24;
}

/** The hours with the most participations, busiest first (ties: earliest hour first). */
export function busiestHours(messages: AiMessage[], timeZone: string, limit = TOP_HOURS) {
  const counts = new Map<number, number>();
  for (const m of messages) {
    const hour = hourOf(m.created_at, timeZone);
    counts.set(hour, (counts.get(hour) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, limit)
    .map(([hour, count]) => ({ hour, count }));
}

/**
 * A few participations that say what many say: those whose meaningful words are the most shared
 * with the others (on average), longer than a few words; most recent first on a tie.
 */
export function representativeQuotes(messages: AiMessage[], limit = QUOTES): AiMessage[] {
  const texts = messages.map(messageText);
  const frequency = new Map(frequentTerms(texts, Infinity).map((f) => [f.term.toLowerCase(), f.count]));
  const seen = new Set<string>();
  return messages
    .map((m, index) => {
      const words = [...new Set(tokens(texts[index]).filter(isMeaningful))];
      const shared = words.reduce((sum, w) => sum + (frequency.get(w) ?? 1) - 1, 0);
      return { m, index, words: words.length, score: words.length ? shared / words.length : 0 };
    })
    .filter((q) => q.words >= 3)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .filter((q) => {
      const key = texts[q.index].trim().toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, limit)
    .map((q) => q.m);
}

/** The meaningful words of the question that some participation mentions. */
export function questionWords(question: string, messages: AiMessage[]): string[] {
  const words = [...new Set(tokens(question).filter(isMeaningful))];
  return words.filter((w) => messages.some((m) => mentions(messageText(m), w)));
}

/**
 * Backslash-escapes what markdown would read as inline markup in a listener's text, on one line; the
 * answer never starts a line with such a text, so block markers (#, -, 1.) need no escape.
 */
export function escapeMarkdown(text: string): string {
  return text.replace(/\s+/g, " ").trim().replace(/([\\`*_\[\]<>|~])/g, "\\$1");
}

function clip(text: string, max = QUOTE_LENGTH): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

/** Where a participation opens in the inbox: its interaction's messages with it selected. */
export function inboxLink(segmentId: number, messageId: number): string {
  return `/participations/${segmentId}?message=${messageId}`;
}

function quoteLine(m: AiMessage, context: AiContext): string {
  const when = new Intl.DateTimeFormat(context.language, {
    day: "2-digit",
    month: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: context.timeZone,
  }).format(m.created_at);
  // who (the nickname shown in the inbox), from where, at the channel's local time
  const who = [m.author_name?.trim(), m.author_city?.trim()].filter(Boolean).map((s) =>
    `${escapeMarkdown(s!)}, `
  )
    .join("");
  return `“${escapeMarkdown(clip(messageText(m)))}” — _${who}${when}_ [#${m.id}](${
    inboxLink(context.segment.id, m.id)
  })`;
}

/** A number in the answer's language, with at most one decimal ("12,5" in French). */
function decimal(value: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(value);
}

/** Votes per choice over every considered participation (a multiple choice counts each of its choices). */
export function choiceCounts(context: AiContext) {
  const counts = new Map<number, number>();
  let voters = 0;
  for (const m of context.messages) {
    const ids = new Set((m.choice_ids ?? []).map(Number));
    if (ids.size > 0) voters++;
    for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return { voters, choices: context.choices.map((c) => ({ ...c, count: counts.get(c.id) ?? 0 })) };
}

/** Who won, by how many points and votes, out of how many voters, and whether it could be chance. */
export function resultsSection(context: AiContext, t: TFunction): string[] {
  const out = [`### ${t("insight.results.title")}`];
  if (context.choices.length === 0) return [...out, t("insight.results.no_choices")];
  const { voters, choices } = choiceCounts(context);
  const outcome = voteOutcome(choices, voters);
  if (!outcome) return [...out, t("insight.results.none")];
  const n = (v: number) => decimal(v, context.language);
  const label = (c: { id: number; label: string }) =>
    `${choiceLetter(context.choices.findIndex((x) => x.id === c.id))}. ${escapeMarkdown(c.label)}`;
  const lines: string[] = [];
  const { winner, second } = outcome;
  if (outcome.tie && second) {
    lines.push(
      t("insight.results.tie", { label: label(winner), second: label(second), votes: winner.count }),
    );
  } else {
    lines.push(
      t("insight.results.winner", { label: label(winner), share: n(winner.share), votes: winner.count }),
    );
    if (second) {
      lines.push(t("insight.results.margin", {
        second: label(second),
        share: n(second.share),
        points: n(outcome.marginPoints),
        votes: outcome.marginVotes,
      }));
    }
  }
  lines.push(t("insight.results.voters", { n: voters }));
  if (second) {
    lines.push(
      t(outcome.withinNoise ? "insight.results.noise_within" : "insight.results.noise_clear", {
        n: voters,
        noise: n(outcome.noisePoints),
      }),
    );
  }
  return [...out, lines.join("\n\n")];
}

/** The texts of the participations that have words, with their sentiment. */
function scored(context: AiContext, messages = context.messages) {
  const fallback = isLanguage(context.language) ? context.language : "fr";
  return messages.filter((m) => messageText(m)).map((m) => {
    const { score, polarity } = sentimentOf(messageText(m), fallback);
    return { m, score, polarity };
  });
}

/**
 * Positive, negative and neutral counts; with `focus`, the messages of that side quoted (the
 * strongest first), each linking to the inbox.
 */
export function sentimentSection(
  context: AiContext,
  t: TFunction,
  focus: "negative" | "positive" | null,
): string[] {
  const out = [`### ${t("insight.sentiment.title")}`];
  const all = scored(context);
  if (all.length === 0) return [...out, t("insight.sentiment.no_texts")];
  const negative = all.filter((s) => s.polarity === "negative").sort((a, b) => a.score - b.score);
  const positive = all.filter((s) => s.polarity === "positive").sort((a, b) => b.score - a.score);
  out.push(t("insight.sentiment.counts", {
    n: all.length,
    positive: positive.length,
    negative: negative.length,
    neutral: all.length - positive.length - negative.length,
  }));
  const sides = focus ? [focus] : (["negative"] as const);
  for (const side of sides) {
    const list = side === "negative" ? negative : positive;
    out.push(`### ${t(`insight.sentiment.${side}_title`, { n: list.length })}`);
    if (list.length === 0) {
      out.push(t(`insight.sentiment.no_${side}`));
      continue;
    }
    const lines = list.slice(0, MAX_MATCHES).map((s) => `- ${quoteLine(s.m, context)}`);
    if (list.length > MAX_MATCHES) {
      lines.push(`- ${t("ai.analyst.more", { count: list.length - MAX_MATCHES })}`);
    }
    out.push(lines.join("\n"));
  }
  out.push(`_${t("insight.sentiment.method")}_`);
  return out;
}

/**
 * Messages a presenter may read on air as they are (lib/rules/on_air.ts), `count` of them: those that
 * say what many say first, never a negative one; with the nickname, the city and the local time, and
 * what was left out and why.
 */
export function onAirSection(context: AiContext, t: TFunction, count: number): string[] {
  const fallback = isLanguage(context.language) ? context.language : "fr";
  const withText = context.messages.filter((m) => messageText(m));
  const personal = withText.filter((m) => personalDataIn(messageText(m)).length > 0);
  const moderated = withText.filter((m) => m.moderation === "pending" || m.moderation === "rejected");
  const safe = withText.filter((m) => isSafeOnAir({ text: messageText(m), moderation: m.moderation }));
  const tone = new Map(safe.map((m) => [m.id, sentimentOf(messageText(m), fallback)]));
  const readable = safe.filter((m) => tone.get(m.id)!.polarity !== "negative");
  const picked = representativeQuotes(readable, count);
  const rest = readable.filter((m) => !picked.includes(m))
    .sort((a, b) => tone.get(b.id)!.score - tone.get(a.id)!.score);
  picked.push(...rest.slice(0, count - picked.length));
  const out = [`### ${t("insight.on_air.title", { n: picked.length })}`];
  out.push(
    picked.length > 0
      ? picked.map((m, i) => `${i + 1}. ${quoteLine(m, context)}`).join("\n")
      : t("insight.on_air.none"),
  );
  out.push(`_${
    t("insight.on_air.method", {
      safe: readable.length,
      n: withText.length,
      personal: personal.length,
      moderation: moderated.length,
      negative: safe.length - readable.length,
    })
  }_`);
  return out;
}

/** The words of a sentence, to count them ("l'été" is one word, "49,3 %" one). */
function wordCount(sentence: string): number {
  return sentence.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

/**
 * The sentences a short summary is made of, the most telling first: the vote's leader, what they talk
 * about, the tone, the main complaint, who and where, the busiest hour. Each one sentence, no inner
 * full stop (the choice's letter is left out: "A." would read as one).
 */
export function summarySentences(context: AiContext, t: TFunction): string[] {
  const { messages } = context;
  const fallback = isLanguage(context.language) ? context.language : "fr";
  const list = (items: string[]) =>
    new Intl.ListFormat(context.language, { type: "conjunction" }).format(items);
  const n = (v: number) => decimal(v, context.language);
  const out: string[] = [];
  const { voters, choices } = choiceCounts(context);
  const outcome = context.choices.length > 0 ? voteOutcome(choices, voters) : null;
  if (outcome) {
    out.push(
      t("insight.brief.vote", { label: outcome.winner.label, share: n(outcome.winner.share), voters }),
    );
  }
  const withText = messages.filter((m) => messageText(m));
  const texts = withText.map(messageText);
  const themes = findThemes(texts, context.background ?? []).slice(0, 3);
  if (themes.length > 0) {
    out.push(t("insight.brief.themes", { themes: list(themes.map((th) => themeName(th, t, "sentence"))) }));
  }
  if (withText.length > 0) {
    const tones = withText.map((m) => sentimentOf(messageText(m), fallback));
    const positive = tones.filter((s) => s.polarity === "positive").length;
    const negative = tones.filter((s) => s.polarity === "negative").length;
    const mood = positive > 1.5 * negative ? "positive" : negative > 1.5 * positive ? "negative" : "mixed";
    out.push(t(`insight.brief.tone_${mood}`, { positive, negative, n: withText.length }));
    const complaints = withText.filter((_, i) => tones[i].polarity === "negative").map(messageText);
    const complaint = complaintOf(complaints, texts, fallback);
    if (complaint) out.push(t("insight.brief.complaint", { complaint: complaint.name, n: complaint.count }));
  }
  const cities = new Map<string, number>();
  for (const m of messages) {
    if (m.author_city?.trim()) {
      cities.set(m.author_city.trim(), (cities.get(m.author_city.trim()) ?? 0) + 1);
    }
  }
  const [city] = [...cities.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  out.push(
    t(city && city[1] >= 2 ? "insight.brief.overview_city" : "insight.brief.overview", {
      n: messages.length,
      people: countParticipants(messages),
      city: city?.[0] ?? "",
    }),
  );
  const [hour] = busiestHours(messages, context.timeZone, 1);
  if (hour && messages.length >= 2) {
    out.push(t("insight.brief.hours", {
      from: `${String(hour.hour).padStart(2, "0")}:00`,
      to: `${String((hour.hour + 1) % 24).padStart(2, "0")}:00`,
    }));
  }
  return out;
}

/**
 * What the negative messages complain about most: their strongest theme against the other messages,
 * else a meaningful word at least two of them share; null with fewer than two complaints.
 */
export function complaintOf(
  complaints: string[],
  all: string[],
  language: Language = "en",
): { name: string; count: number } | null {
  if (complaints.length < 2) return null;
  const others = all.filter((text) => !complaints.includes(text));
  const [theme] = findThemes(complaints, others);
  if (theme) return { name: theme.name, count: theme.members.length };
  // what is complained about, not how: "sound" rather than "awful"
  const [word] = frequentTerms(complaints, Infinity, false, 2).filter((f) =>
    sentimentOf(f.term, language).score === 0
  );
  return word ? { name: word.term, count: word.count } : null;
}

/**
 * A summary of the length asked: `count` sentences, or as many whole sentences as fit in `count`
 * words (the first one cut with "…" when it alone is longer).
 */
export function briefSection(
  context: AiContext,
  t: TFunction,
  length: { unit: "sentences" | "words"; count: number },
): string[] {
  const sentences = summarySentences(context, t).map((s) => s.replace(/\s+/g, " ").trim());
  let chosen: string[];
  if (length.unit === "sentences") chosen = sentences.slice(0, length.count);
  else {
    chosen = [];
    let used = 0;
    for (const sentence of sentences) {
      const size = wordCount(sentence);
      if (used + size > length.count) break;
      chosen.push(sentence);
      used += size;
    }
    if (chosen.length === 0 && sentences.length > 0) {
      chosen = [`${sentences[0].split(/\s+/).slice(0, length.count).join(" ").replace(/[.,;:]$/, "")}…`];
    }
  }
  return [`### ${t("insight.brief.title")}`, escapeMarkdown(chosen.join(" "))];
}

/**
 * A theme's name in the answer: the phrase its messages share, or for song requests what they ask for
 * under the answer language's words ("Song requests: Ava Rose"); `where` says whether it heads a list
 * line or comes inside a sentence.
 */
export function themeName(theme: Theme, t: TFunction, where: "list" | "sentence"): string {
  if (!theme.request) return theme.name;
  return t(where === "list" ? "insight.themes.request" : "insight.brief.request", { name: theme.name });
}

/** The themes: a name, how many messages, two representative quotes linking to the inbox. */
export function themesSection(context: AiContext, t: TFunction): string[] {
  const out = [`### ${t("insight.themes.title")}`];
  const withText = context.messages.filter((m) => messageText(m));
  const themes = findThemes(withText.map(messageText), context.background ?? []);
  // What the negative messages have in common comes out even when it is no theme of the whole.
  const fallback = isLanguage(context.language) ? context.language : "fr";
  const negative = withText.filter((m) => sentimentOf(messageText(m), fallback).polarity === "negative");
  const complaint = complaintOf(negative.map(messageText), withText.map(messageText), fallback);
  const complaintLines: string[] = [];
  if (complaint) {
    const about = negative.filter((m) => mentions(messageText(m), complaint.name.split(" ").at(-1)!));
    const members = about.length > 0 ? about : negative;
    complaintLines.push(
      [
        `- ${t("insight.themes.complaint", { name: escapeMarkdown(complaint.name), n: complaint.count })}`,
        ...members.slice(0, THEME_QUOTES).map((m) => `  - ${quoteLine(m, context)}`),
      ].join("\n"),
    );
  }
  if (themes.length === 0) return [...out, t("insight.themes.none"), ...complaintLines];
  for (const theme of themes) {
    const members = theme.members.map((i) => withText[i]);
    const quotes = representativeQuotes(members, THEME_QUOTES);
    const shown = quotes.length > 0 ? quotes : members.slice(0, THEME_QUOTES);
    out.push(
      [
        `- ${
          t("insight.themes.theme", { name: escapeMarkdown(themeName(theme, t, "list")), n: members.length })
        }`,
        ...shown.map((m) => `  - ${quoteLine(m, context)}`),
      ].join("\n"),
    );
  }
  out.push(...complaintLines, `_${t("insight.themes.method")}_`);
  return out;
}

/** Participants new or returning, participations by city and by hour. */
export function audienceSection(context: AiContext, t: TFunction): string[] {
  const { messages } = context;
  const authors = new Map<string, boolean>();
  let anonymous = 0;
  for (const m of messages) {
    if (m.author_key) authors.set(m.author_key, (authors.get(m.author_key) ?? false) || !!m.author_returning);
    else anonymous++;
  }
  const returning = [...authors.values()].filter(Boolean).length;
  const out = [`### ${t("insight.audience.title")}`];
  out.push(t("insight.audience.participants", {
    n: authors.size + anonymous,
    new: authors.size + anonymous - returning,
    returning,
  }));
  const cities = new Map<string, number>();
  for (const m of messages) {
    const city = m.author_city?.trim();
    if (city) cities.set(city, (cities.get(city) ?? 0) + 1);
  }
  out.push(`### ${t("insight.audience.cities")}`);
  const ranked = [...cities.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  if (ranked.length === 0) out.push(t("insight.audience.no_city"));
  else {
    const lines = ranked.slice(0, MAX_CITIES).map(([city, n]) =>
      `- ${t("insight.audience.city", { city: escapeMarkdown(city), n })}`
    );
    const others = ranked.slice(MAX_CITIES).reduce((sum, [, n]) => sum + n, 0);
    if (others > 0) lines.push(`- ${t("insight.audience.other_cities", { n: others })}`);
    out.push(lines.join("\n"));
  }
  out.push(...hoursSection(context, t));
  return out;
}

function hoursSection(context: AiContext, t: TFunction): string[] {
  return [
    `### ${t("ai.analyst.hours")}`,
    busiestHours(context.messages, context.timeZone).map(({ hour, count }) =>
      `- ${
        t("ai.analyst.hour", {
          from: `${String(hour).padStart(2, "0")}:00`,
          to: `${String((hour + 1) % 24).padStart(2, "0")}:00`,
          count,
        })
      }`
    ).join("\n"),
  ];
}

function overviewSection(context: AiContext, t: TFunction): string[] {
  const { messages } = context;
  return [
    `### ${t("ai.analyst.overview")}`,
    [
      `- ${t("ai.analyst.participations", { count: messages.length })}`,
      `- ${t("ai.analyst.participants", { count: countParticipants(messages) })}`,
      ...countByKind(messages).map((row) => `- ${t(`ai.analyst.kinds.${row.kind}`, { count: row.count })}`),
    ].join("\n"),
  ];
}

function voteTable(context: AiContext, t: TFunction): string[] {
  const votes = voteShares(context);
  if (context.choices.length === 0 || votes.total === 0) return [];
  return [
    `### ${t("ai.analyst.votes")}`,
    [
      `| ${t("ai.analyst.choice")} | ${t("ai.analyst.votes_count")} | ${t("ai.analyst.share")} |`,
      "|---|---:|---:|",
      ...votes.rows.map((r) =>
        `| ${choiceLetter(r.index - 1)}. ${escapeMarkdown(r.label)} | ${r.count} | ${r.percentage} % |`
      ),
    ].join("\n"),
  ];
}

/**
 * The whole markdown answer of the built-in analyst to what the question asks (lib/ai/intent.ts):
 * the vote's outcome, the tone of the messages, their themes, who and where, or else a general
 * report; 'No results' when there is no participation.
 */
export function analyse(question: string, context: AiContext, t: TFunction): string {
  const { messages } = context;
  if (messages.length === 0) return t("ai.no_results");
  const intent: Intent = detectIntent(question);
  const out: string[] = [];
  out.push(`## ${escapeMarkdown(context.segment.title || t("ai.analyst.untitled"))}`);
  // what was read in the inbox's words, so that staff find the same numbers on its tabs
  const read = { total: context.total, tabs: countByTab(messages) };
  out.push(`_${readsSentence("ai.analyst.based_on", read, t, context.language)}_`);
  const length = intent === "on_air"
    ? null
    : askedLength(question, isLanguage(context.language) ? context.language : "en");
  if (length) out.push(...briefSection(context, t, length));
  else if (intent === "on_air") {
    const asked = askedNumber(question, isLanguage(context.language) ? context.language : "en");
    out.push(...onAirSection(context, t, Math.min(ON_AIR_MAX, Math.max(1, asked ?? ON_AIR_QUOTES))));
  } else if (intent === "results") {
    out.push(...resultsSection(context, t), ...overviewSection(context, t), ...voteTable(context, t));
  } else if (intent === "negative" || intent === "positive") {
    out.push(...sentimentSection(context, t, intent));
  } else if (intent === "sentiment") out.push(...sentimentSection(context, t, null));
  else if (intent === "themes") out.push(...themesSection(context, t));
  else if (intent === "audience") out.push(...audienceSection(context, t));
  else out.push(...summary(question, context, t));
  out.push(`_${t("ai.analyst.footer")}_`);
  return out.join("\n\n") + "\n";
}

/** The general report: figures, the messages naming a word of the question, votes, words, quotes, hours. */
function summary(question: string, context: AiContext, t: TFunction): string[] {
  const { messages } = context;
  const out: string[] = [...overviewSection(context, t)];
  const matched = questionWords(question, messages).slice(0, 3);
  for (const word of matched) {
    const found = messages.filter((m) => mentions(messageText(m), word));
    out.push(`### ${t("ai.analyst.mentioning", { word: escapeMarkdown(word), count: found.length })}`);
    // The same words sent several times show once, with how many times (the latest one quoted).
    const groups = new Map<string, AiMessage[]>();
    for (const m of found) {
      const key = messageText(m).replace(/\s+/g, " ").trim().toLowerCase();
      groups.set(key, [...(groups.get(key) ?? []), m]);
    }
    const distinct = [...groups.values()];
    const lines = distinct.slice(0, MAX_MATCHES).map((same) =>
      `- ${quoteLine(same[0], context)}${same.length > 1 ? ` (×${same.length})` : ""}`
    );
    const left = distinct.slice(MAX_MATCHES).reduce((sum, same) => sum + same.length, 0);
    if (left > 0) lines.push(`- ${t("ai.analyst.more", { count: left })}`);
    out.push(lines.join("\n"));
  }
  if (context.choices.length > 0 && choiceCounts(context).voters > 0) {
    out.push(...resultsSection(context, t), ...voteTable(context, t));
  }
  const texts = messages.map(messageText).filter(Boolean);
  if (texts.length > 0) {
    const words = frequentTerms(texts, TOP_WORDS, false, 2);
    const phrases = frequentTerms(texts, TOP_PHRASES, true, 2);
    out.push(`### ${t("ai.analyst.words")}`);
    out.push(
      words.length > 0
        ? words.map((f) => `- **${escapeMarkdown(f.term)}** (${f.count})`).join("\n")
        : t("ai.analyst.no_words"),
    );
    if (phrases.length > 0) {
      out.push(`### ${t("ai.analyst.phrases")}`);
      out.push(phrases.map((f) => `- **${escapeMarkdown(f.term)}** (${f.count})`).join("\n"));
    }
    const quotes = representativeQuotes(messages);
    if (quotes.length > 0) {
      out.push(`### ${t("ai.analyst.quotes")}`);
      out.push(quotes.map((m) => `> ${quoteLine(m, context)}`).join("\n>\n"));
    }
    const all = scored(context);
    const negative = all.filter((s) => s.polarity === "negative").length;
    const positive = all.filter((s) => s.polarity === "positive").length;
    out.push(`### ${t("insight.sentiment.title")}`);
    out.push(t("insight.sentiment.counts", {
      n: all.length,
      positive,
      negative,
      neutral: all.length - positive - negative,
    }));
  }
  out.push(...hoursSection(context, t));
  return out;
}

/** The analyst as a provider: its answer comes in one piece per section, like a stream. */
export const builtinAnalyst: AiProvider = {
  name: "builtin",
  async *answer(question, context, t) {
    const text = analyse(question, context, t);
    for (const part of text.split(/(?=\n\n#)/)) yield part;
  },
};
