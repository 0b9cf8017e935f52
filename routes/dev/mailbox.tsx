import { Hono } from "hono";
import type { AppEnv } from "../../app/env.ts";
import { renderPage } from "../../framework/render.tsx";
import { latestOutboxMails } from "../../lib/platform/mailbox.ts";
import { requireDevelopmentAccess } from "../../app/auth.ts";

// A link ends before trailing punctuation ("open http://x/confirm/abc.").
const URL_PATTERN = /(https?:\/\/[^\s<>"]*[^\s<>".,;:!?)])/g;

/** A mail's text with its addresses as links. */
function Linked({ text }: { text: string }) {
  return <>{text.split(URL_PATTERN).map((part, i) => i % 2 ? <a key={i} href={part}>{part}</a> : part)}</>;
}

/**
 * GET /dev/mailbox: the outbox (mails kept when SMTP_URL is unset), newest first, with clickable links.
 * Development only, on the server itself or to a super administrator (app/auth.ts requireDevelopmentAccess):
 * it holds reset links.
 */
export default new Hono<AppEnv>().get("/", async (c) => {
  requireDevelopmentAccess(c);
  const t = c.var.t;
  const mails = await latestOutboxMails(c.var.sql, 100);
  const lang = c.var.lang === "technical" ? "en" : c.var.lang;
  c.header("Cache-Control", "no-store");
  c.header("X-Robots-Tag", "noindex");
  return renderPage(
    c,
    <main class="mailbox">
      <h1>{t("auth.mailbox_title")}</h1>
      <p class="muted">{t("auth.mailbox_intro")}</p>
      {mails.length === 0 ? <p class="card">{t("auth.mailbox_empty")}</p> : (
        <ol class="mailbox-list">
          {mails.map((mail) => (
            <li key={mail.id} class="card mail">
              <header class="mail-head">
                <h2>{mail.subject}</h2>
                <p class="muted">
                  {t("auth.mailbox_to")} <strong>{mail.to_address}</strong> ·{" "}
                  <time dateTime={mail.created_at.toISOString()}>
                    {mail.created_at.toLocaleString(lang, { dateStyle: "short", timeStyle: "medium" })}
                  </time>
                </p>
              </header>
              <pre class="mail-text"><Linked text={mail.text_body} /></pre>
            </li>
          ))}
        </ol>
      )}
    </main>,
    { title: t("auth.mailbox_title"), css: ["accounts.css"] },
  );
});
