// The built-in analyst: answers from the participations themselves, in markdown, when no model is
// configured (DESIGN.md "External services"). Pure: the same context gives the same answer.
import type { TFunction } from "../rules/i18n.ts";
import { choiceLetter, voteResults } from "../rules/votes.ts";
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

function quoteLine(m: AiMessage, context: AiContext): string {
  const when = new Intl.DateTimeFormat(context.language, {
    day: "2-digit",
    month: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: context.timeZone,
  }).format(m.created_at);
  const where = m.author_city ? `${escapeMarkdown(m.author_city)}, ` : "";
  return `“${escapeMarkdown(clip(messageText(m)))}” — _${where}${when}_`;
}

/** The whole markdown answer of the built-in analyst; 'No results' when there is no participation. */
export function analyse(question: string, context: AiContext, t: TFunction): string {
  const { messages } = context;
  if (messages.length === 0) return t("ai.no_results");
  const out: string[] = [];
  out.push(`## ${escapeMarkdown(context.segment.title || t("ai.analyst.untitled"))}`);
  out.push(`_${t("ai.analyst.based_on", { count: messages.length, total: context.total })}_`);

  out.push(`### ${t("ai.analyst.overview")}`);
  out.push(
    [
      `- ${t("ai.analyst.participations", { count: messages.length })}`,
      `- ${t("ai.analyst.participants", { count: countParticipants(messages) })}`,
      ...countByKind(messages).map((row) => `- ${t(`ai.analyst.kinds.${row.kind}`, { count: row.count })}`),
    ].join("\n"),
  );

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

  const votes = voteShares(context);
  if (context.choices.length > 0 && votes.total > 0) {
    out.push(`### ${t("ai.analyst.votes")}`);
    out.push(
      [
        `| ${t("ai.analyst.choice")} | ${t("ai.analyst.votes_count")} | ${t("ai.analyst.share")} |`,
        "|---|---:|---:|",
        ...votes.rows.map((r) =>
          `| ${choiceLetter(r.index - 1)}. ${escapeMarkdown(r.label)} | ${r.count} | ${r.percentage} % |`
        ),
      ].join("\n"),
    );
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
  }

  out.push(`### ${t("ai.analyst.hours")}`);
  out.push(
    busiestHours(messages, context.timeZone).map(({ hour, count }) =>
      `- ${
        t("ai.analyst.hour", {
          from: `${String(hour).padStart(2, "0")}:00`,
          to: `${String((hour + 1) % 24).padStart(2, "0")}:00`,
          count,
        })
      }`
    ).join("\n"),
  );
  out.push(`_${t("ai.analyst.footer")}_`);
  return out.join("\n\n") + "\n";
}

/** The analyst as a provider: its answer comes in one piece per section, like a stream. */
export const builtinAnalyst: AiProvider = {
  name: "builtin",
  async *answer(question, context, t) {
    const text = analyse(question, context, t);
    for (const part of text.split(/(?=\n\n#)/)) yield part;
  },
};
