// The development mail outbox: mails kept in the database when no SMTP server is set (development, tests).
import type { Db } from "./client.ts";

export interface OutboxMail {
  id: number;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  created_at: Date;
}

/** Stores a mail in the development outbox. */
export async function insertOutboxMail(
  sql: Db,
  mail: { to: string; subject: string; text: string; html?: string },
): Promise<void> {
  await sql`insert into outbox (to_address, subject, text_body, html_body)
    values (${mail.to}, ${mail.subject}, ${mail.text}, ${mail.html ?? null})`;
}

/** The latest mails of the outbox, newest first. */
export async function listOutboxMails(sql: Db, limit = 50): Promise<OutboxMail[]> {
  return await sql<OutboxMail[]>`select id, to_address, subject, text_body, html_body, created_at
    from outbox order by id desc limit ${limit}`;
}
