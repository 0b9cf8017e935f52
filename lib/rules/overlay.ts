// The on-air overlay: what staff can choose, what a screen receives, its keys. Pure.
import type { VoteResultRow } from "./votes.ts";
import type { QuizPhase, QuizScreen } from "./quiz.ts";

export const OVERLAY_VIEWS = ["results", "qr", "message"] as const;
export type OverlayView = typeof OVERLAY_VIEWS[number];

/** The views an interaction's overlay offers: vote bars only where listeners pick among choices. */
export function overlayViews(withChoices: boolean): readonly OverlayView[] {
  return withChoices ? OVERLAY_VIEWS : OVERLAY_VIEWS.filter((v) => v !== "results");
}

/**
 * The view a screen shows: the stored one, except vote bars for an interaction without choices (a text or
 * voice interaction's overlay opened on empty bars), which shows the message on air instead.
 * @example shownView("results", false) // "message"
 */
export function shownView(view: OverlayView, withChoices: boolean): OverlayView {
  return overlayViews(withChoices).includes(view) ? view : "message";
}

/** Tokens are 32 random bytes in base64url (43 characters); anything else is not a token. */
export const OVERLAY_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** A new unguessable overlay token. */
export function newOverlayToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The message on air: the public projection's nickname, city and text (a voice message's transcript), nothing else. */
export interface OnAirMessage {
  author_name: string | null;
  author_city: string | null;
  text: string | null;
}

/** What an overlay screen receives (first render, each live event, each poll). */
export interface OverlayState {
  view: OverlayView;
  title: string;
  /** language: the channel's, in which the overlay speaks on air. */
  channel: { label: string; color: string; accent: string; logo_url: string | null; language: string };
  results: { hidden: boolean; rows: VoteResultRow[]; total: number };
  /** The short link to take part (and the QR code's text). */
  link: string;
  message: OnAirMessage | null;
  closed: boolean;
  /** A game's live quiz: its question, countdown, bars at reveal, top 10 and winners (null otherwise). */
  quiz: QuizScreen | null;
}

/** A step of the live quiz a presenter key asks for, on one question. */
export interface QuizKeyStep {
  questionId: number;
  step: "open" | "close" | "reveal";
}

/**
 * The presenter screen's quiz keys (a staff member allowed to run the quiz): O opens the next question not
 * played (when none is open), C closes the open one now, A reveals the answer of the last one closed. Null
 * when the key asks for nothing the quiz can do now.
 */
export function quizStepForKey(
  key: string,
  questions: { id: number; phase: QuizPhase }[],
): QuizKeyStep | null {
  const k = key.toLowerCase();
  const open = questions.find((q) => q.phase === "open");
  if (k === "o" && !open) {
    const next = questions.find((q) => q.phase === "ready");
    return next ? { questionId: next.id, step: "open" } : null;
  }
  if (k === "c" && open) return { questionId: open.id, step: "close" };
  if (k === "a" && !open) {
    const closed = questions.filter((q) => q.phase === "closed").pop();
    return closed ? { questionId: closed.id, step: "reveal" } : null;
  }
  return null;
}

/** Presenter keys: 1/r results, 2/q QR code, 3/m message. */
export function viewForKey(key: string): OverlayView | null {
  const k = key.toLowerCase();
  if (k === "1" || k === "r") return "results";
  if (k === "2" || k === "q") return "qr";
  if (k === "3" || k === "m") return "message";
  return null;
}
