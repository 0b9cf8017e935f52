// The account mails (confirm, invitation, password reset, a registration tried with a known e-mail), written in the recipient's language.
import type { TFunction } from "../rules/i18n.ts";
import type { Mail } from "../platform/mail.ts";

export type AccountMailKind = "confirm" | "invite" | "reset" | "register_attempt";

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * A mail carrying a one-time link: subject and text from `auth.mail.<kind>_*`, and an HTML version
 * with the link as a button.
 */
export function accountMail(
  t: TFunction,
  kind: AccountMailKind,
  to: string,
  values: { name: string; link: string; inviter?: string },
): Mail {
  const text = t(`auth.mail.${kind}_text`, values);
  const action = t(`auth.mail.${kind}_action`);
  const button = `<a href="${escapeHtml(values.link)}" style="display:inline-block;margin:8px 0;` +
    `padding:10px 18px;background:#1b2a4a;color:#fff;border-radius:999px;text-decoration:none;` +
    `font-weight:600">${escapeHtml(action)}</a><br><span style="font-size:13px;color:#5b6478">` +
    `${escapeHtml(values.link)}</span>`;
  const paragraphs = text.split("\n\n").map((p) =>
    `<p>${escapeHtml(p).replace(escapeHtml(values.link), button).replace(/\n/g, "<br>")}</p>`
  );
  return {
    to,
    subject: t(`auth.mail.${kind}_subject`),
    text: `${text}\n\n— ${t("common.app_title")}`,
    html: `<div style="font-family:system-ui,sans-serif;font-size:15px;color:#1c2230">${
      paragraphs.join("")
    }<p style="color:#5b6478">— ${escapeHtml(t("common.app_title"))}</p></div>`,
  };
}
