// Votes that can be trusted: pure rules. The device identity that enforces "one vote per
// device" is issued and signed by the server; a per-interaction cap of counted votes per client address
// marks the votes past it as suspicious; results may stay hidden until the vote closes.
import { randomBytes } from "node:crypto";
import { hmacSha256, sameText, toBase64url } from "./hmac.ts";

const DEVICE_ID = /^d1\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{22})$/;

function deviceSignature(secret: Uint8Array, nonce: string): string {
  return toBase64url(hmacSha256(secret, `device:${nonce}`)).slice(0, 22);
}

/** A new device id: `d1.<128 random bits>.<HMAC of them with the app secret>` (49 characters). */
export function issueDeviceId(secret: Uint8Array, random: Uint8Array = randomBytes(16)): string {
  const nonce = Buffer.from(random).toString("base64url").slice(0, 22);
  return `d1.${nonce}.${deviceSignature(secret, nonce)}`;
}

/** Whether a device id was issued by this server (same secret), unaltered. */
export function isValidDeviceId(secret: Uint8Array, id: string): boolean {
  const match = DEVICE_ID.exec(id);
  if (!match) return false;
  return sameText(match[2], deviceSignature(secret, match[1]));
}

/** The window of the per-address cap: one hour. */
export const VOTE_CAP_WINDOW_SECONDS = 3600;
export { DEFAULT_VOTE_CAP, MAX_VOTE_CAP } from "./constants.ts";

export type VoteIntegrity = "counted" | "suspicious" | "excluded";

/** A vote is counted while its address sent at most `cap` votes in the window (this one included). */
export function voteIntegrity(votesFromAddress: number, cap: number): VoteIntegrity {
  return votesFromAddress <= cap ? "counted" : "suspicious";
}

/**
 * The key of the per-address counter of an interaction: the address is keyed with the app secret, so
 * the database never holds the listener's IP address in clear.
 */
export function voteCapKey(secret: Uint8Array, segmentId: number, address: string): string {
  const digest = toBase64url(hmacSha256(secret, `vote-address:${address}`));
  return `vote:${segmentId}:${digest.slice(0, 22)}`;
}

/**
 * Whether the vote results of a segment may be read by anyone: `show_results` on, and, when results are
 * hidden until the vote closes, an end date that has passed.
 */
export function resultsArePublic(
  s: { show_results?: unknown; hide_results_until_end?: unknown; end_date?: unknown },
  now: Date,
): boolean {
  if (s.show_results !== true) return false;
  if (s.hide_results_until_end !== true) return true;
  if (!(s.end_date instanceof Date) && typeof s.end_date !== "string") return false;
  return new Date(s.end_date).getTime() <= now.getTime();
}

const SEGMENT_ID = /^[1-9][0-9]{0,14}$/;

/**
 * The interaction of a public results read from its path parameter as sent (the `{id}` of GET
 * show_segments/{id}/vote-results), which app/results_front.ts may answer from memory; null for any other
 * spelling (a leading zero, an encoded digit, more than 15 digits), which the route answers itself.
 * @example resultsReadSegment("12") // 12
 */
export function resultsReadSegment(param: string): number | null {
  return SEGMENT_ID.test(param) ? Number(param) : null;
}

/** Votes per minute per choice (burst timeline), from rows of (minute, choice, integrity, count). */
export interface BurstRow {
  minute: string;
  choice_id: number;
  counted: number;
  suspicious: number;
}

/** The minutes of a timeline in order with, per minute, the counted and suspicious totals. */
export function burstTimeline(rows: BurstRow[]) {
  const minutes = new Map<
    string,
    { minute: string; counted: number; suspicious: number; byChoice: Record<number, number> }
  >();
  for (const r of rows) {
    const m = minutes.get(r.minute) ?? { minute: r.minute, counted: 0, suspicious: 0, byChoice: {} };
    m.counted += r.counted;
    m.suspicious += r.suspicious;
    m.byChoice[r.choice_id] = (m.byChoice[r.choice_id] ?? 0) + r.counted + r.suspicious;
    minutes.set(r.minute, m);
  }
  const list = [...minutes.values()].sort((a, b) => a.minute.localeCompare(b.minute));
  const peak = list.reduce((max, m) => Math.max(max, m.counted + m.suspicious), 0);
  return { minutes: list, peak };
}

/** What the staff panel shows of an interaction's votes (GET show_segments/{id}/vote-integrity). */
export interface VoteIntegrityView {
  counted: number;
  suspicious: number;
  excluded: number;
  cap: number;
  timeline: ReturnType<typeof burstTimeline>;
}
