// A listener links the number they text or call the station from to their account (my space): the
// channel's SMS or WhatsApp line texts a code to that number, the listener types it in, and the number's
// participations become theirs (past ones adopted with their points, later ones authored). A code is kept
// hashed, for one account, number and medium, expires, is used once and survives few wrong guesses; asking
// for codes is limited per account and per number, so a number cannot be guessed into nor texted to death.
import type { Sql } from "postgres";
import * as db from "../../db/phone_links.ts";
import { getLine } from "../../db/lines.ts";
import { getChannel } from "../../db/channels.ts";
import { getAppUser } from "../../db/app_users.ts";
import { movePoints } from "../../db/points.ts";
import { decryptSecret, encryptSecret } from "../platform/crypto.ts";
import { enforceRateLimit } from "../platform/rate_limit.ts";
import { AppError } from "../rules/errors.ts";
import { normalizeNumber } from "../rules/lines.ts";
import { POINTS } from "../rules/constants.ts";
import { rewardEvents } from "../rules/points.ts";
import {
  maskedNumber,
  newPhoneLinkCode,
  PHONE_LINK_CODE_TTL_MS,
  PHONE_LINK_MAX_ATTEMPTS,
  PHONE_LINK_REQUEST_LIMIT,
  phoneLinkCodeHash,
  phoneLinkCodeMatches,
  phoneLinkCodeUsable,
  type PhoneLinkMedium,
} from "../rules/phone_links.ts";
import { numberHash } from "./inbound.ts";
import { type LineReplyDeps, sendLineText } from "./replies.ts";
import { lastInboundOf } from "../../db/line_replies.ts";
import { replyWindow } from "../rules/line_replies.ts";

export type PhoneLinkDeps = LineReplyDeps;

/** A registered listener (an anonymous user has no space to link a number to). */
async function requireListener(sql: Sql, appUserId: number) {
  const user = await getAppUser(sql, appUserId);
  if (!user) throw new AppError(401, "unauthorized");
  if (user.is_anonymous) throw new AppError(403, "forbidden");
}

function numberOf(raw: string) {
  const number = normalizeNumber(raw);
  if (!number) throw new AppError(422, "invalid_value", {}, { number: ["phone_invalid"] });
  return number;
}

/** What my space shows: the media the channel can text a code by, and the account's numbers (masked). */
export async function phoneLinks(deps: PhoneLinkDeps, appUserId: number, channelId: number) {
  await requireListener(deps.sql, appUserId);
  if (!(await getChannel(deps.sql, channelId))) throw new AppError(404, "not_found");
  const lines = await db.codeLinesOfChannel(deps.sql, channelId);
  const numbers = await db.numbersOfAccount(deps.sql, appUserId);
  return {
    media: lines.map((l) => l.kind),
    numbers: await Promise.all(numbers.map(async (n) => ({
      id: n.id,
      number: maskedNumber(await decryptSecret(deps.jwtSecret, n.number_enc).catch(() => "")),
    }))),
  };
}

/**
 * Texts a code to the number through the channel's line of that medium. Answered alike whether the
 * number is free or another account's, so it reveals nothing of who linked what.
 */
export async function requestPhoneLink(
  deps: PhoneLinkDeps,
  appUserId: number,
  request: { channelId: number; medium: PhoneLinkMedium; number: string },
  codeText: (language: string, code: string) => string,
  now = new Date(),
): Promise<{ expires_at: string }> {
  await requireListener(deps.sql, appUserId);
  const number = numberOf(request.number);
  const hash = numberHash(deps.jwtSecret, number);
  const line = (await db.codeLinesOfChannel(deps.sql, request.channelId)).find((l) =>
    l.kind === request.medium
  );
  if (!line) throw new AppError(404, "not_found");
  await enforceRateLimit(
    deps.sql,
    [`phone-link:app-user:${appUserId}`, `phone-link:number:${hash}`],
    PHONE_LINK_REQUEST_LIMIT,
    now,
  );
  // outside WhatsApp's 24-hour window only the line's approved template may carry the code: without one,
  // the listener is told at once to write to the station first (Meta would refuse a free-form text)
  const settings = await getLine(deps.sql, line.id);
  const windowOpen = line.kind !== "whatsapp" ||
    replyWindow("whatsapp", await lastInboundOf(deps.sql, line.id, hash), now).open;
  if (!windowOpen && !settings?.template_name) throw new AppError(422, "phone_code_window_closed");
  const code = newPhoneLinkCode();
  const expiresAt = new Date(now.getTime() + PHONE_LINK_CODE_TTL_MS);
  const id = await db.insertLinkCode(deps.sql, {
    appUserId,
    lineId: line.id,
    medium: request.medium,
    numberHash: hash,
    numberEnc: await encryptSecret(deps.jwtSecret, number),
    codeHash: phoneLinkCodeHash(deps.jwtSecret, hash, request.medium, code),
    expiresAt,
  });
  const language = settings?.language ?? "en";
  const sent = await sendLineText(deps, line.id, number, codeText(language, code), windowOpen)
    .then((answer) => answer.id !== undefined, () => false);
  if (!sent) {
    // the provider did not take it (WhatsApp outside its window, an outage): nothing the listener can type
    await db.deleteLinkCode(deps.sql, id);
    throw new AppError(503, "phone_code_not_sent");
  }
  return { expires_at: expiresAt.toISOString() };
}

/**
 * Links the number once the code the line texted is typed in: the number's participations become the
 * account's, with their points. A wrong, spent or expired code, or one texted by another medium, is 422
 * `invalid_code`; a number another account holds is 409 `number_taken`.
 */
export async function confirmPhoneLink(
  deps: PhoneLinkDeps,
  appUserId: number,
  confirm: { medium: PhoneLinkMedium; number: string; code: string },
  now = new Date(),
): Promise<{ linked: true; messages: number }> {
  await requireListener(deps.sql, appUserId);
  const hash = numberHash(deps.jwtSecret, numberOf(confirm.number));
  const kept = await db.latestLinkCode(deps.sql, appUserId, hash, confirm.medium);
  if (!kept || !phoneLinkCodeUsable(kept, now)) throw new AppError(422, "phone_code_invalid");
  if (!phoneLinkCodeMatches(deps.jwtSecret, kept, confirm.code)) {
    await db.countWrongGuess(deps.sql, kept.id, PHONE_LINK_MAX_ATTEMPTS);
    throw new AppError(422, "phone_code_invalid");
  }
  if (!(await db.spendLinkCode(deps.sql, kept.id))) throw new AppError(422, "phone_code_invalid");
  const adopted = await db.linkNumber(
    deps.sql,
    { appUserId, numberHash: hash, numberEnc: kept.number_enc },
    async (tx, messages) => {
      // the ledger mirrors each adopted participation's state, as if it had been the account's all along
      for (const m of messages) {
        const credit = rewardEvents(m);
        if (credit.length) {
          await movePoints(tx, { ...m, author_app_user_id: appUserId }, { credit, reverse: [] }, POINTS);
        }
      }
    },
  );
  if (!adopted) throw new AppError(409, "phone_number_taken");
  return { linked: true, messages: adopted.length };
}

/** Unlinks one of the account's numbers: its later participations are anonymous again. */
export async function unlinkPhone(deps: PhoneLinkDeps, appUserId: number, phoneNumberId: number) {
  if (!(await db.unlinkNumber(deps.sql, appUserId, phoneNumberId))) throw new AppError(404, "not_found");
}
