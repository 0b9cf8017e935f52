// Staff replies sent back through a phone line (migration 066): which line and number a participation
// came from, the reply a send job reads, and the delivery states the providers' status webhooks move.
import type { Db } from "./client.ts";
import type { DeliveryState } from "../lib/rules/line_replies.ts";

/** The line a participation came in on, its listener's sealed number, and their last message there. */
export interface MessageLine {
  line_id: number;
  number_enc: string | null;
  /** when the listener last wrote on this line: WhatsApp's service window counts from it */
  last_inbound_at: Date | null;
  /** whether the line still holds its provider's credentials (a reply cannot be sent without them) */
  has_credentials: boolean;
  /** whether the line has an approved WhatsApp template to send outside the window */
  has_template: boolean;
}

/** The line a participation came in on, or null (a widget participation, or its line was removed). */
export async function lineOfMessage(sql: Db, messageId: number): Promise<MessageLine | null> {
  const [row] = await sql<MessageLine[]>`
    select li.line_id::int as line_id, pn.number_enc,
      (select l.credentials_enc is not null from phone_lines l where l.id = li.line_id) as has_credentials,
      coalesce((select l.template_name is not null from phone_lines l where l.id = li.line_id), false)
        as has_template,
      (select max(li2.created_at) from line_inbound li2
        where li2.line_id = li.line_id and li2.phone_number_id = m.phone_number_id) as last_inbound_at
    from line_inbound li join messages m on m.id = li.message_id
    left join phone_numbers pn on pn.id = m.phone_number_id
    where li.message_id = ${messageId} limit 1`;
  return row ?? null;
}

/** A reply a send job reads: its text, its line and the listener's sealed number. */
export interface LineReplyRow {
  id: number;
  text: string | null;
  line_id: number | null;
  delivery_status: DeliveryState | null;
  provider_message_id: string | null;
  number_enc: string | null;
  /** the listener's last message on the line: a reply sent later than 24 hours after it is a template */
  last_inbound_at: Date | null;
}

/** The reply to send, or null once removed with its message. */
export async function getLineReply(sql: Db, replyId: number): Promise<LineReplyRow | null> {
  const [row] = await sql<LineReplyRow[]>`
    select r.id::int as id, r.text, r.line_id::int as line_id, r.delivery_status, r.provider_message_id,
      pn.number_enc,
      (select max(li.created_at) from line_inbound li
        where li.line_id = r.line_id and li.phone_number_id = m.phone_number_id) as last_inbound_at
    from replies r join messages m on m.id = r.message_id left join phone_numbers pn on pn.id = m.phone_number_id
    where r.id = ${replyId}`;
  return row ?? null;
}

/** When the number (by its keyed hash) last wrote on the line: WhatsApp's window for a code counts from it. */
export async function lastInboundOf(sql: Db, lineId: number, numberHash: string): Promise<Date | null> {
  const [row] = await sql<{ at: Date | null }[]>`
    select max(li.created_at) as at from line_inbound li join phone_numbers pn on pn.id = li.phone_number_id
    where li.line_id = ${lineId} and pn.number_hash = ${numberHash}`;
  return row?.at ?? null;
}

/** The provider took the reply: its message id (the status webhooks name it) and the state "sent". */
export async function setReplySent(sql: Db, replyId: number, providerMessageId: string): Promise<void> {
  await sql`update replies set provider_message_id = ${providerMessageId.slice(0, 200)},
      delivery_status = case when delivery_status = 'queued' then 'sent' else delivery_status end
    where id = ${replyId}`;
}

/** The reply a provider's message id names on a line, with its state; null for one not ours. */
export async function replyByProviderId(sql: Db, lineId: number, providerMessageId: string) {
  const [row] = await sql<{ id: number; delivery_status: DeliveryState | null }[]>`
    select id::int as id, delivery_status from replies
    where line_id = ${lineId} and provider_message_id = ${providerMessageId.slice(0, 200)}`;
  return row ?? null;
}

/**
 * Moves a reply from `from` to `to`; false when another status changed it meanwhile (the caller reads
 * it again), so two webhooks at once never move a state backwards.
 */
export async function setReplyState(
  sql: Db,
  replyId: number,
  from: DeliveryState | null,
  to: DeliveryState,
): Promise<boolean> {
  const rows = await sql`update replies set delivery_status = ${to}
    where id = ${replyId} and delivery_status is not distinct from ${from} returning 1`;
  return rows.length > 0;
}
