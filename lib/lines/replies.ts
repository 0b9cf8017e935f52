// Replies go back the way they came: a staff text reply to a WhatsApp or SMS participation is sent to the
// listener through the line it came in on, by a job with retries (a provider outage delays it, never loses
// it), within WhatsApp's 24-hour service window. The providers' status webhooks then move the reply's
// delivery state (sent, delivered, read, failed), which the inbox shows on the reply.
import type PgBoss from "pg-boss";
import type { Sql } from "postgres";
import * as db from "../../db/line_replies.ts";
import { getLine } from "../../db/lines.ts";
import { decryptSecret } from "../platform/crypto.ts";
import { QUEUES } from "../platform/jobs.ts";
import { AppError } from "../rules/errors.ts";
import {
  deliveryStateOf,
  nextDeliveryState,
  providerRefusalFinal,
  repliesThroughLine,
  replyWindow,
  twilioSmsForm,
  whatsappTemplateMessage,
  whatsappTextMessage,
} from "../rules/line_replies.ts";
import { lineWebhookUrl, type TwilioCredentials, type WhatsappCredentials } from "../rules/lines.ts";

/** The job of one reply to send. */
export interface LineReplyJob {
  replyId: number;
}

export interface LineReplyDeps {
  sql: Sql;
  jwtSecret: Uint8Array;
  config: { WHATSAPP_GRAPH_URL: string; TWILIO_API_URL: string; PUBLIC_URL?: string; PORT?: number };
}

/**
 * What the reply form shows of a line participation: the medium its reply goes back by and whether
 * WhatsApp's window still allows it (and until when). Nothing for a widget participation or when its
 * line was removed (a reply is then kept in the inbox only).
 */
export async function replyWindowOf(sql: Sql, message: { id: number; medium: string }, now = new Date()) {
  if (!repliesThroughLine(message.medium)) return {};
  const line = await db.lineOfMessage(sql, message.id);
  if (!line?.number_enc) return {};
  const window = replyWindow(message.medium, line.last_inbound_at, now);
  // outside the window a WhatsApp reply goes as the line's approved template: the form says so
  const template = message.medium === "whatsapp" ? { template: line.has_template } : {};
  return { reply_window: { medium: message.medium, ...window, ...template } };
}

/**
 * The line a text reply goes back through, or null when it stays in the inbox (a widget participation, a
 * voice reply, a removed line or number). Outside WhatsApp's window it goes as the line's approved template;
 * a line without one refuses it with a 422 (the provider would refuse free text, and staff should know
 * before they write); a line left without its provider's credentials is refused the same way (422), as
 * nothing could send the reply.
 */
export async function lineForReply(
  sql: Sql,
  message: { id: number; medium: string },
  reply: { text: string | null; file?: unknown },
  now = new Date(),
): Promise<number | null> {
  if (reply.file !== undefined || !reply.text || !repliesThroughLine(message.medium)) return null;
  const line = await db.lineOfMessage(sql, message.id);
  if (!line?.number_enc) return null;
  if (!replyWindow(message.medium, line.last_inbound_at, now).open && !line.has_template) {
    throw new AppError(422, "reply_window_closed");
  }
  // said at once rather than a reply queued that would only ever fail
  if (!line.has_credentials) throw new AppError(422, "line_credentials_missing");
  return line.line_id;
}

/** Queues the sending of a reply stored for a line. */
export async function queueLineReply(boss: PgBoss | undefined, replyId: number) {
  await boss?.send(QUEUES.lineReply, { replyId } satisfies LineReplyJob);
}

/** The provider's answer to a send: its message id, or why it refused (and whether for good). */
export type SendAnswer = { id: string } | { id?: undefined; final: boolean; error: string };

/**
 * Texts `to` through a WhatsApp or SMS line: a staff reply, or the code that links a number to an account.
 * Outside WhatsApp's 24-hour window (`windowOpen` false) it goes as the line's approved template carrying
 * the text; a line without one sends nothing (Meta would refuse free text there).
 */
export async function sendLineText(
  deps: LineReplyDeps,
  lineId: number,
  to: string,
  text: string,
  windowOpen = true,
): Promise<SendAnswer> {
  const line = await getLine(deps.sql, lineId);
  if (!line?.credentials_enc) return { final: true, error: "line removed" };
  const credentials = JSON.parse(await decryptSecret(deps.jwtSecret, line.credentials_enc));
  let response: Response;
  if (line.kind === "whatsapp") {
    const template = line.template_name && line.template_language
      ? { name: line.template_name, language: line.template_language }
      : null;
    if (!windowOpen && !template) return { final: true, error: "outside the window, no template" };
    const message = windowOpen ? whatsappTextMessage(to, text) : whatsappTemplateMessage(to, template!, text);
    const { access_token } = credentials as WhatsappCredentials;
    const base = deps.config.WHATSAPP_GRAPH_URL.replace(/\/$/, "");
    response = await fetch(`${base}/${encodeURIComponent(line.address)}/messages`, {
      method: "POST",
      headers: { Authorization: `Bearer ${access_token}`, "Content-Type": "application/json" },
      body: JSON.stringify(message),
      redirect: "error",
    });
  } else {
    const { account_sid, auth_token } = credentials as TwilioCredentials;
    const base = deps.config.TWILIO_API_URL.replace(/\/$/, "");
    const publicBase = deps.config.PUBLIC_URL ?? `http://localhost:${deps.config.PORT ?? 8000}`;
    const statusCallback = lineWebhookUrl(publicBase, { id: line.id, kind: "sms" }).replace(
      /\/sms$/,
      "/status",
    );
    response = await fetch(`${base}/2010-04-01/Accounts/${account_sid}/Messages.json`, {
      method: "POST",
      headers: { Authorization: `Basic ${btoa(`${account_sid}:${auth_token}`)}` },
      body: twilioSmsForm(line.address, to, text, statusCallback),
      redirect: "error",
    });
  }
  const body = await response.json().catch(() => ({})) as {
    messages?: { id?: string }[];
    sid?: string;
  };
  const id = line.kind === "whatsapp" ? body.messages?.[0]?.id : body.sid;
  if (response.ok && typeof id === "string" && id) return { id };
  return {
    final: providerRefusalFinal(response.status),
    error: `provider answered ${response.status}`,
  };
}

/**
 * Sends one reply to its provider. A reply already sent (a retry after the provider took it) is not sent
 * twice; a final refusal marks it failed; anything else throws so pg-boss retries it, and the last
 * attempt's failure marks it failed.
 */
export async function sendLineReply(
  deps: LineReplyDeps & { now?: () => Date },
  job: LineReplyJob,
  lastAttempt = false,
) {
  const reply = await db.getLineReply(deps.sql, job.replyId);
  if (!reply || reply.provider_message_id || reply.delivery_status !== "queued" || reply.line_id === null) {
    return;
  }
  const to = reply.number_enc
    ? await decryptSecret(deps.jwtSecret, reply.number_enc).catch(() => null)
    : null;
  // the listener sent STOP meanwhile: their number is gone and nothing more is sent
  if (!to || !reply.text) return void await db.setReplyState(deps.sql, reply.id, "queued", "failed");
  // the window is read when the reply leaves: a retry after an outage may find it closed (a template then)
  const open = replyWindow("whatsapp", reply.last_inbound_at, deps.now?.() ?? new Date()).open;
  let answer: SendAnswer;
  try {
    answer = await sendLineText(deps, reply.line_id, to, reply.text, open);
  } catch (error) {
    answer = { final: false, error: String(error) };
  }
  if (answer.id !== undefined) return await db.setReplySent(deps.sql, reply.id, answer.id);
  if (answer.final || lastAttempt) return void await db.setReplyState(deps.sql, reply.id, "queued", "failed");
  throw new Error(answer.error);
}

/**
 * A provider's status of a message it was given (WhatsApp's `statuses`, Twilio's StatusCallback): the
 * reply it names moves forward. Returns whether a reply changed; an unknown id is ignored (acknowledged,
 * so the provider does not retry it).
 */
export async function receiveDeliveryStatus(
  sql: Sql,
  lineId: number,
  providerMessageId: string,
  providerStatus: string,
): Promise<boolean> {
  const incoming = deliveryStateOf(providerStatus);
  if (!incoming) return false;
  // two statuses at once: the one that lost the race reads the state again
  for (let attempt = 0; attempt < 3; attempt++) {
    const reply = await db.replyByProviderId(sql, lineId, providerMessageId);
    if (!reply) return false;
    const next = nextDeliveryState(reply.delivery_status, incoming);
    if (!next) return false;
    if (await db.setReplyState(sql, reply.id, reply.delivery_status, next)) return true;
  }
  return false;
}

/** Registers the send jobs of the lines' replies. */
export async function registerLineReplyJobs(boss: PgBoss, deps: LineReplyDeps) {
  const options = { pollingIntervalSeconds: 0.5, includeMetadata: true } as const;
  await boss.work<LineReplyJob>(QUEUES.lineReply, options, async ([job]) => {
    await sendLineReply(deps, job.data, job.retryCount >= job.retryLimit);
  });
}
