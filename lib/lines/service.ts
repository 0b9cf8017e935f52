// A channel's phone lines, for staff with the channel-settings permission: add a WhatsApp number, an SMS
// number or a voicemail line, point it at the interaction it feeds now, remove it. The provider's
// credentials are sealed like the FTP password and no read ever answers them.
import type { Sql } from "postgres";
import * as db from "../../db/lines.ts";
import { getChannel } from "../../db/channels.ts";
import { countWaitingHeld } from "../../db/line_held.ts";
import { encryptSecret } from "../platform/crypto.ts";
import { AppError } from "../rules/errors.ts";
import { requireAccess, type StaffUser } from "../rules/permissions.ts";
import { credentialsFit, type LineInput, lineWebhookUrl } from "../rules/lines.ts";
import { type Config, publicUrl } from "../platform/config.ts";

export interface LineDeps {
  sql: Sql;
  jwtSecret: Uint8Array;
}

/** What staff read of a line: never its credentials, only whether they are set. */
export function publicLine(row: db.LineRow) {
  const { credentials_enc, language: _language, created_at, template_name, template_language, ...rest } = row;
  const template = template_name && template_language
    ? { name: template_name, language: template_language }
    : null;
  return { ...rest, credentials_set: !!credentials_enc, template, created_at: created_at.toISOString() };
}
export type PublicLine = ReturnType<typeof publicLine>;

async function channelFor(deps: LineDeps, user: StaffUser, channelId: number) {
  requireAccess(user, "channel-settings", [channelId]);
  if (!(await getChannel(deps.sql, channelId))) throw new AppError(404, "not_found");
}

async function lineFor(deps: LineDeps, user: StaffUser, id: number) {
  const line = await db.getLine(deps.sql, id);
  if (!line) throw new AppError(404, "not_found");
  requireAccess(user, "channel-settings", [line.channel_id]);
  return line;
}

async function checkInput(deps: LineDeps, channelId: number, kind: db.LineRow["kind"], input: LineInput) {
  if (input.segment_id !== null && !(await db.segmentOfChannel(deps.sql, input.segment_id, channelId))) {
    throw new AppError(422, "invalid_value", {}, { segment_id: ["not_found"] });
  }
  if (input.credentials && !credentialsFit(kind, input.credentials)) {
    throw new AppError(422, "invalid_value", {}, { credentials: ["wrong_provider"] });
  }
  return input.credentials ? await encryptSecret(deps.jwtSecret, JSON.stringify(input.credentials)) : null;
}

export async function listLines(deps: LineDeps, user: StaffUser, channelId: number): Promise<PublicLine[]> {
  await channelFor(deps, user, channelId);
  return (await db.listLines(deps.sql, channelId)).map(publicLine);
}

/** Adds a line to a channel; its credentials are required and sealed. */
export async function createLine(deps: LineDeps, user: StaffUser, channelId: number, input: LineInput) {
  await channelFor(deps, user, channelId);
  if (!input.credentials) throw new AppError(422, "invalid_value", {}, { credentials: ["required"] });
  const sealed = await checkInput(deps, channelId, input.kind, input);
  const id = await db.insertLine(deps.sql, {
    channelId,
    kind: input.kind,
    label: input.label,
    address: input.address,
    segmentId: input.segment_id,
    credentialsEnc: sealed,
    template: input.kind === "whatsapp" ? input.template ?? null : null,
  });
  return publicLine((await db.getLine(deps.sql, id))!);
}

/** Changes a line (staff switch the interaction it feeds during a show); its kind stays. */
export async function updateLine(deps: LineDeps, user: StaffUser, id: number, input: LineInput) {
  const line = await lineFor(deps, user, id);
  const sealed = await checkInput(deps, line.channel_id, line.kind, input);
  await db.updateLine(deps.sql, id, {
    label: input.label,
    address: input.address,
    segmentId: input.segment_id,
    credentialsEnc: sealed,
    // only WhatsApp sends templates: an SMS or voicemail line never keeps one
    template: line.kind === "whatsapp" ? input.template : null,
  });
  return publicLine((await db.getLine(deps.sql, id))!);
}

export async function deleteLine(deps: LineDeps, user: StaffUser, id: number): Promise<void> {
  await lineFor(deps, user, id);
  await db.deleteLine(deps.sql, id);
}

/** What the lines page shows: the lines, the interactions they may feed, and their webhook addresses. */
export async function linesPage(deps: LineDeps & { config: Config }, user: StaffUser, channelId: number) {
  const lines = await listLines(deps, user, channelId);
  const base = publicUrl(deps.config);
  return {
    lines: lines.map((line) => ({ ...line, webhook_url: lineWebhookUrl(base, line) })),
    targets: await db.listLineTargets(deps.sql, channelId),
    webhookBase: base,
    // the held messages waiting for staff: counted on the page's link to them
    heldWaiting: await countWaitingHeld(deps.sql, channelId),
  };
}
