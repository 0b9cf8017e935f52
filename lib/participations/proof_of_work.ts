// Proof of work of a high-stakes vote: ALTCHA (altcha-lib, self-hosted, no cookie, no third
// party). The server signs a challenge for one interaction; the widget finds the number whose SHA-256
// with the salt is the challenge (islands/browser/proof_of_work.ts, in a Web Worker) and sends the payload with
// the vote; the server checks the signature, the expiry, the interaction and that it was not used before.
import type { Sql } from "postgres";
import { createChallenge, extractParams, verifySolution } from "altcha-lib/v1";
import { hitRateLimit } from "../../db/rate_limits.ts";
import { AppError } from "../rules/errors.ts";

/**
 * The largest number of a challenge: the widget tries at most this many SHA-256 (half on average).
 * Measured with Chromium throttled 4× (a phone-class CPU), see README "Security and privacy".
 */
export const POW_MAX_NUMBER = 50_000;
/** How long a challenge may be solved and used. */
export const POW_EXPIRES_SECONDS = 300;

const hmacKey = (secret: Uint8Array) =>
  Array.from(secret, (b) => b.toString(16).padStart(2, "0")).join("") + ":altcha";

/** A signed challenge for a vote on `segmentId`, expiring in 5 minutes. */
export async function newChallenge(
  secret: Uint8Array,
  segmentId: number,
  now: Date,
  maxNumber = POW_MAX_NUMBER,
) {
  return await createChallenge({
    hmacKey: hmacKey(secret),
    maxnumber: maxNumber,
    expires: new Date(now.getTime() + POW_EXPIRES_SECONDS * 1000),
    params: { segment: String(segmentId) },
  });
}

/**
 * Checks the solved challenge sent with a vote on `segmentId`: signed here, not expired, for this
 * interaction, and used once (its signature is kept in the rate-limit table).
 * Throws 400 proof_required otherwise.
 */
export async function checkProof(
  sql: Sql,
  secret: Uint8Array,
  segmentId: number,
  payload: string | null | undefined,
) {
  const refuse = () => new AppError(400, "proof_required", {}, { altcha: ["proof_required"] });
  if (!payload || payload.length > 2000) throw refuse();
  let valid = false;
  try {
    valid = await verifySolution(payload, hmacKey(secret), true);
  } catch {
    valid = false;
  }
  const params = valid ? extractParams(payload) : {};
  if (!valid || params.segment !== String(segmentId)) throw refuse();
  const { signature } = JSON.parse(atob(payload)) as { signature: string };
  // remembered under its expiry: a purge of old windows forgets it only once it can no longer be used
  const expires = new Date(Number(params.expires) * 1000);
  if (await hitRateLimit(sql, `pow:${signature}`, expires) > 1) throw refuse();
}
