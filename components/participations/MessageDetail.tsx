import { useEffect, useState } from "preact/hooks";
import { useT } from "../../framework/island.tsx";
import type { MessageAction } from "../../lib/rules/inbox.ts";
import { api, errorMessage } from "../../islands/browser/http.ts";
import { showToast } from "../../islands/browser/toast.ts";
import { ActionBar, type ActionResult } from "./ActionBar.tsx";
import { CommentBox } from "./CommentBox.tsx";
import { EraseListener, ErasureDate } from "./EraseListener.tsx";
import { authorLine, formatMessageDate, type InboxMessage } from "./format.ts";
import { Badges } from "./MessageList.tsx";
import { Player } from "./Player.tsx";
import { AudioPanel } from "./AudioPanel.tsx";
import { PublicLink } from "./PublicLink.tsx";
import { ReplyForm } from "./ReplyForm.tsx";

export interface Abilities {
  act: boolean;
  reply: boolean;
  deliver: boolean;
  /** Erase the author's data on request (administrators). */
  erase?: boolean;
}

/** Sends the message to the cloud transfer; a click while one is running is ignored (spec §5). */
function FtpButton({ id }: { id: number }) {
  const { t } = useT();
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<{ ok: boolean; text: string } | null>(null);
  const send = async () => {
    if (busy) return;
    setBusy(true);
    setAlert(null);
    const res = await api<{ message?: string; code?: string }>("POST", `/api/v1/interaction/${id}/ftp`);
    setBusy(false);
    if (res.ok) setAlert({ ok: true, text: t("participations.ftp_success") });
    else if (res.data?.code === "ftp_not_configured" || res.data?.code === "delivery_failed") {
      setAlert({ ok: false, text: errorMessage(res.data, t("errors.ftp_not_configured")) });
    } else {
      setAlert({ ok: false, text: `${t("errors.delivery_failed")} ${errorMessage(res.data, "")}`.trim() });
    }
  };
  return (
    <div class="inbox-ftp">
      <button type="button" class="btn btn-secondary btn-sm" onClick={send} aria-busy={busy}>
        {busy ? t("participations.ftp_sending") : t("participations.ftp")}
      </button>
      {alert && (
        <p class={`notice ${alert.ok ? "notice-success" : "notice-error"}`} role="alert">{alert.text}</p>
      )}
    </div>
  );
}

/** The message with its replies, private comment, reply form, actions and cloud transfer. */
export function MessageDetail(
  { id, can, onChanged, onClose }: {
    id: number;
    can: Abilities;
    onChanged: (m: InboxMessage, key?: MessageAction) => void;
    onClose: () => void;
  },
) {
  const { t, lang } = useT();
  const [m, setM] = useState<InboxMessage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = async () => {
    const res = await api<InboxMessage>("GET", `/api/v1/interaction/${id}`);
    if (!res.ok) return setError(errorMessage(res.data, t("participations.error")));
    setM(res.data);
    if (!res.data.read) {
      const read = await api("POST", "/api/v1/interaction-read", { ids: [id] });
      if (read.ok) {
        setM({ ...res.data, read: true });
        onChanged({ ...res.data, read: true });
      }
    } else onChanged(res.data);
  };
  useEffect(() => {
    setM(null);
    load();
  }, [id]);
  if (error) return <p class="notice notice-error" role="alert">{error}</p>;
  if (!m) return <p class="muted">…</p>;
  const acted = (key: MessageAction, r: ActionResult) => {
    const next = { ...m, ...r };
    setM(next);
    onChanged(next, key);
    if (r.points) showToast(t("participations.points", { points: r.points > 0 ? `+${r.points}` : r.points }));
  };
  return (
    <article class="inbox-detail card" aria-labelledby={`message-${m.id}`}>
      <header class="inbox-detail-head">
        <button type="button" class="btn btn-link btn-sm inbox-back" onClick={onClose}>
          ← {t("participations.back")}
        </button>
        <h2 id={`message-${m.id}`}>
          {authorLine(m, t("participations.anonymous"), t("participations.listener"))}
        </h2>
        <p class="muted inbox-date">{formatMessageDate(m.created_at, lang)}</p>
        <ErasureDate eraseOn={m.erase_on} erased={m.erased} />
        <Badges m={m} />
      </header>
      {m.audio && m.media?.kind === "audio" && m.content.recording_url
        ? <AudioPanel key={m.id} m={m} canTrim={can.act} onSaved={load} />
        : (
          <Player
            message={m}
            unavailable={t("participations.media_unavailable")}
            subtitles={t("participations.transcript")}
          />
        )}
      {m.content.text && <p class="inbox-text">{m.content.text}</p>}
      {m.transcript && (
        <div class="inbox-transcript">
          <h3>{t("participations.transcript")}</h3>
          <p>{m.transcript}</p>
        </div>
      )}
      {can.act && <ActionBar m={m} onDone={acted} />}
      <PublicLink m={m} />
      {can.deliver && <FtpButton id={m.id} />}
      <CommentBox key={m.id} id={m.id} initial={m.comment} disabled={!can.act} />
      <section class="inbox-replies">
        <h3>{t("participations.replies")}</h3>
        {m.replies?.length
          ? (
            <ul>
              {m.replies.map((r) => (
                <li key={r.id} class="inbox-reply-item">
                  <span class="muted">{formatMessageDate(r.created_at, lang)}</span>
                  {r.delivery_status && (
                    <span class={`badge reply-delivery reply-delivery-${r.delivery_status}`}>
                      {t(`participations.delivery_${r.delivery_status}`)}
                    </span>
                  )}
                  {r.content.text && <p>{r.content.text}</p>}
                  {r.content.recording_url && <audio controls preload="none" src={r.content.recording_url} />}
                </li>
              ))}
            </ul>
          )
          : <p class="muted">{t("participations.no_replies")}</p>}
      </section>
      {can.reply && <ReplyForm key={m.id} message={m} onSent={load} />}
      {can.erase && !m.erased && <EraseListener key={m.id} id={m.id} onDone={load} />}
    </article>
  );
}
