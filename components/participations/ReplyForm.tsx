import { useEffect, useRef, useState } from "preact/hooks";
import { useT } from "../../framework/island.tsx";
import { MESSAGE_SENT_NOTICE_MS, REPLY_FOCUS_MS } from "../../lib/rules/constants.ts";
import { api, errorMessage } from "../../islands/browser/http.ts";
import type { InboxMessage } from "./format.ts";
import { LazyRecorder } from "../recorder/LazyRecorder.tsx";
import type { Recording } from "../../islands/browser/use_recorder.ts";
import { keepReplyDraft, readReplyDraft } from "../../islands/browser/reply_draft.ts";

/** Longest staff voice reply, in seconds. */
const REPLY_MAX_SECONDS = 300;

type ReplyType = "text" | "voice";

/**
 * Reply by text or with an audio/video file (back-office §4 Reply): switching the type clears the text
 * and focuses the field after 200 ms; once sent, a notice shows for 2 s, then the message reloads and
 * the field and type reset. A text typed and not sent is kept per message in the browser, so a reload
 * gives it back; sending (or emptying the field) forgets it.
 */
export function ReplyForm({ message, onSent }: { message: InboxMessage; onSent: () => void }) {
  const { t } = useT();
  const [type, setType] = useState<ReplyType>("text");
  const [text, setText] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement & HTMLInputElement>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  // read after the first paint: the server rendered the form empty
  useEffect(() => setText(readReplyDraft(message.id)), [message.id]);
  const write = (next: string) => {
    setText(next);
    keepReplyDraft(message.id, next);
  };

  const switchTo = (next: ReplyType) => {
    setType(next);
    write("");
    setFile(null);
    setError(null);
    timers.current.push(setTimeout(() => field.current?.focus(), REPLY_FOCUS_MS));
  };
  // outside WhatsApp's 24-hour window a text cannot reach the listener: the API would refuse it
  // (unless the line has an approved template, which then carries it)
  const windowClosed = type === "text" && message.reply_window?.open === false &&
    !message.reply_window.template;
  const empty = type === "text" ? !text.trim() || windowClosed : !file;

  const fileForm = (blob: Blob, name: string) => {
    const form = new FormData();
    form.append("interaction_id", String(message.id));
    form.append("file", blob, name);
    return form;
  };

  const submit = async (body: unknown) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    const res = await api("POST", "/api/v1/interaction-reply", body);
    setBusy(false);
    if (!res.ok) return setError(errorMessage(res.data, t("participations.error")));
    setSent(true);
    keepReplyDraft(message.id, "");
    timers.current.push(setTimeout(() => {
      setSent(false);
      setType("text");
      setText("");
      setFile(null);
      onSent();
    }, MESSAGE_SENT_NOTICE_MS));
  };

  const send = (event: Event) => {
    event.preventDefault();
    if (empty) return;
    if (type === "voice" && file) return submit(fileForm(file, file.name));
    return submit({
      content: { text: text.trim() },
      interaction_id: message.id,
      channel_id: null,
      segment: { id: message.segment.id },
      author_id: message.author_id,
    });
  };

  const sendRecording = (recording: Recording) =>
    submit(fileForm(recording.blob, `reply.${recording.extension}`));

  return (
    <form class="inbox-reply" onSubmit={send}>
      <fieldset class="reply-types">
        <legend class="label">{t("participations.reply")}</legend>
        {(["text", "voice"] as const).map((value) => (
          <label class="checkbox" key={value}>
            <input
              type="radio"
              name={`reply-type-${message.id}`}
              checked={type === value}
              onChange={() => switchTo(value)}
            />
            {t(value === "text" ? "participations.reply_text" : "participations.reply_voice")}
          </label>
        ))}
      </fieldset>
      {type === "text"
        ? (
          <textarea
            ref={field}
            class="input"
            data-shortcut="r"
            aria-keyshortcuts="R"
            rows={3}
            maxLength={5000}
            aria-label={t("participations.reply_placeholder")}
            placeholder={t("participations.reply_placeholder")}
            value={text}
            onInput={(e) => write(e.currentTarget.value)}
          />
        )
        : (
          <>
            <LazyRecorder
              kind="audio"
              maxSeconds={REPLY_MAX_SECONDS}
              onSend={sendRecording}
              sendLabel={t("participations.send_recording")}
            />
            <label class="field">
              <span class="label">{t("participations.reply_file")}</span>
              <input
                ref={field}
                type="file"
                class="input"
                accept="audio/*,video/mp4,video/webm"
                onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
              />
            </label>
          </>
        )}
      {type === "text" && <LineNotice window={message.reply_window} />}
      {error && <p class="notice notice-error" role="alert">{error}</p>}
      {sent && <p class="notice notice-success" role="status">{t("participations.sent")}</p>}
      {
        /* a voice reply is sent by the recorder's own button, or by this one once a file is chosen: never
          two send buttons at once */
      }
      {(type === "text" || file) && (
        <div class="button-row">
          <button type="submit" class="btn btn-primary btn-sm" disabled={busy || empty || sent}>
            {t("participations.send")}
          </button>
        </div>
      )}
    </form>
  );
}

/** How a text reply reaches a WhatsApp or SMS listener, or why it no longer can (WhatsApp's window). */
function LineNotice({ window }: { window?: InboxMessage["reply_window"] }) {
  const { t, lang } = useT();
  if (!window) return null;
  if (!window.open && window.template) {
    return <p class="muted reply-line-notice">{t("participations.reply_by_template")}</p>;
  }
  if (!window.open) {
    return (
      <p class="notice notice-warning reply-window-closed" role="status">
        {t("participations.reply_window_closed")}
      </p>
    );
  }
  if (window.medium !== "whatsapp" || !window.closes_at) {
    return <p class="muted reply-line-notice">{t("participations.reply_by_sms")}</p>;
  }
  const time = new Date(window.closes_at).toLocaleString(lang, {
    weekday: "short",
    hour: "2-digit",
    minute: "2-digit",
  });
  return <p class="muted reply-line-notice">{t("participations.reply_by_whatsapp", { time })}</p>;
}
