// Mails the product sends (account confirmations, invitations and password resets): over SMTP when
// configured, else kept in the development outbox shown at /dev/mailbox.
import type { Sql } from "postgres";
import { insertOutboxMail } from "../../db/outbox.ts";

/** A mail to send. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Sends mails: through SMTP when configured, else into the development outbox. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** A mailer over SMTP (nodemailer), e.g. `smtp://user:pass@host:587`. */
export async function smtpMailer(url: string, from: string): Promise<Mailer> {
  const nodemailer = await import("nodemailer");
  const transport = nodemailer.createTransport(url);
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
  };
}

/** A mailer that keeps mails in the outbox table, shown at /dev/mailbox in development. */
export function outboxMailer(sql: Sql): Mailer {
  return {
    async send(mail) {
      await insertOutboxMail(sql, mail);
    },
  };
}
