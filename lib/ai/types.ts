// The AI assistant (back-office §2 "AI assistant modal", §9 "100 messages considered"): shared types.
import type { TFunction } from "../rules/i18n.ts";
import type { ReadTab } from "../rules/ai_reads.ts";

/** A participation as the assistant sees it: no personal data except the city and the nickname. */
export interface AiMessage {
  id: number;
  type: string;
  text: string | null;
  transcript: string | null;
  choice_ids: number[] | null;
  author_city: string | null;
  /** The nickname shown in the inbox, quoted by the built-in analyst; never sent to a model. */
  author_name?: string | null;
  /** "pending" while awaiting moderation, "rejected" when refused: never offered to read on air. */
  moderation?: string;
  /** The inbox tab it is in (never the trash), so the answer says what it read in the inbox's words. */
  tab: ReadTab;
  /** Who sent it (app user or device), only to count participants; never sent to a model. */
  author_key: string | null;
  /** True when the author had taken part in the channel before this interaction; never sent to a model. */
  author_returning?: boolean;
  created_at: Date;
}

/** What a question is asked about: one interaction and its latest participations. */
export interface AiContext {
  segment: { id: number; title: string; type: string; text: string | null };
  /** The choices in order (A, B, …). */
  choices: { id: number; label: string }[];
  /** The latest participations first (a model sees at most AI_MAX_MESSAGES of them). */
  messages: AiMessage[];
  /** Participations of the interaction in all. */
  total: number;
  /** Texts of the channel's other interactions, to tell this one's themes from what is always said. */
  background?: string[];
  /** The language of the answer: the question's, else the interaction's customisation language. */
  language: string;
  /** IANA time zone of the hours shown, e.g. "Europe/Paris". */
  timeZone: string;
}

/** A model's map-reduce: `done` of `total` batches of participations read (the answer comes after). */
export interface AiProgress {
  done: number;
  total: number;
}

/** An answer source: the built-in analyst or an OpenAI-compatible model. */
export interface AiProvider {
  /** Logged in ai_logs.provider: "builtin" or "openai:<model>". */
  readonly name: string;
  /** The markdown answer, in chunks as they come, and the progress of a long read. */
  answer(question: string, context: AiContext, t: TFunction): AsyncIterable<string | AiProgress>;
}
