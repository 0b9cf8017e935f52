// The signed tokens of staff (back office) and visitors (widget app users): what they carry, how long
// they live, how a request's token is checked. Whether its session still counts is lib/platform/sessions.ts.
import { jwtVerify, SignJWT } from "jose";

/** Who a token is for: staff (back office) or a visitor (widget app user). */
export type Audience = "staff" | "visitor";

export const STAFF_TOKEN_TTL = "12h";
export const STAFF_TOKEN_TTL_SECONDS = 12 * 3600;
export const VISITOR_TOKEN_TTL = "90d";
export const VISITOR_TOKEN_TTL_SECONDS = 90 * 86400;
export const SESSION_COOKIE = "im_session";
const ISSUER = "interaction-manager";

/** Seconds a token of that audience lives. */
export function tokenTtlSeconds(audience: Audience): number {
  return audience === "staff" ? STAFF_TOKEN_TTL_SECONDS : VISITOR_TOKEN_TTL_SECONDS;
}

/**
 * Signs an HS256 token for a subject id and an audience, naming its server-side session (`jti`); use
 * lib/platform/sessions.ts openSession(), which records that session first.
 */
export async function signToken(
  secret: Uint8Array,
  subject: number,
  audience: Audience,
  sessionId: string,
): Promise<string> {
  return await new SignJWT({})
    .setJti(sessionId)
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(String(subject))
    .setAudience(audience)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(audience === "staff" ? STAFF_TOKEN_TTL : VISITOR_TOKEN_TTL)
    .sign(secret);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The subject id, issue time and session id of a valid token of that audience, or null. A token
 * without an expiry or without a session is refused; whether the session still counts is the
 * caller's question (db/sessions.ts).
 */
export async function verifyTokenClaims(
  secret: Uint8Array,
  token: string,
  audience: Audience,
): Promise<{ subject: number; issuedAt: Date; sessionId: string } | null> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      audience,
      issuer: ISSUER,
      algorithms: ["HS256"],
      requiredClaims: ["exp", "jti", "sub"],
    });
    const id = Number(payload.sub);
    if (!Number.isSafeInteger(id) || id <= 0) return null;
    if (typeof payload.jti !== "string" || !UUID.test(payload.jti)) return null;
    return { subject: id, issuedAt: new Date((payload.iat ?? 0) * 1000), sessionId: payload.jti };
  } catch {
    return null;
  }
}

/** A random opaque token (for mail links) and the SHA-256 hex that is stored in its place. */
export async function randomToken(): Promise<{ token: string; hash: string }> {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const token = btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(
    /=+$/,
    "",
  );
  return { token, hash: await hashToken(token) };
}

/** SHA-256 hex of an opaque token. */
export async function hashToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

const SECOND_STEP_AUDIENCE = "staff-second-step";

/**
 * The "half session" between a right password and the second factor: a short-lived signed ticket naming
 * the account and what is left to do (give a code, or enrol first). It opens nothing by itself: only the
 * second-step endpoints read it, and it is never a session cookie.
 */
export async function signSecondStepTicket(
  secret: Uint8Array,
  subject: number,
  step: SecondStep,
  ttlSeconds: number,
): Promise<string> {
  return await new SignJWT({ step })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(String(subject))
    .setAudience(SECOND_STEP_AUDIENCE)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(secret);
}

/** What a second-step ticket leaves to do: give a code of one's factor, or enrol one (the channel requires it). */
export type SecondStep = "code" | "enrol";

/** The account and step of a valid, unexpired second-step ticket, or null. */
export async function verifySecondStepTicket(
  secret: Uint8Array,
  ticket: string,
): Promise<{ subject: number; step: SecondStep } | null> {
  try {
    const { payload } = await jwtVerify(ticket, secret, {
      audience: SECOND_STEP_AUDIENCE,
      issuer: ISSUER,
      algorithms: ["HS256"],
      requiredClaims: ["exp", "sub"],
    });
    const id = Number(payload.sub);
    if (!Number.isSafeInteger(id) || id <= 0) return null;
    if (payload.step !== "code" && payload.step !== "enrol") return null;
    return { subject: id, step: payload.step };
  } catch {
    return null;
  }
}
