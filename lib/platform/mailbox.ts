// The development mailbox: mails kept in the outbox when SMTP_URL is unset, for /dev/mailbox.
import type { Sql } from "postgres";
import { listOutboxMails, type OutboxMail } from "../../db/outbox.ts";

/** The latest mails of the outbox, newest first (development only: the page 404s in production). */
export async function latestOutboxMails(sql: Sql, limit?: number): Promise<OutboxMail[]> {
  return await listOutboxMails(sql, limit);
}
