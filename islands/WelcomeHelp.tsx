import { useEffect, useRef, useState } from "preact/hooks";
import { island, useT } from "../framework/island.tsx";
import { api, errorMessage } from "./browser/http.ts";

interface HelpItem {
  id: number;
  title: string;
  html: string;
  image_url: string | null;
  video_url: string | null;
  seen: boolean;
  /** The first steps the user's role allows (lib/rules/welcome_steps.ts). */
  steps: string[];
}
interface Comment {
  id: number;
  text: string;
  author: string | null;
  created_at: string;
}
/**
 * The welcome help item (help_item/welcome): opens by itself the first time a staff member logs in,
 * reopens from the menu's Help button, and takes comments.
 */
function WelcomeHelp() {
  const { t, lang } = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  const [item, setItem] = useState<HelpItem | null>(null);
  const [comments, setComments] = useState<Comment[]>([]);
  const [text, setText] = useState("");
  const [status, setStatus] = useState<{ kind: "error" | "success"; text: string } | null>(null);
  const [sending, setSending] = useState(false);
  const body = useRef<HTMLDivElement>(null);
  // asked to open: shown once its text and comments are in place, so nothing in it moves as it opens (staff
  // click as the page loads; a dialog that grows while centred moves under their pointer)
  const [opening, setOpening] = useState(false);
  // The server renders the markdown and sanitises it (lib/rules/markdown.ts).
  useEffect(() => {
    if (body.current && item) body.current.innerHTML = item.html;
  }, [item]);
  useEffect(() => {
    if (!opening) return;
    setOpening(false);
    if (!dialog.current?.open) dialog.current?.showModal();
  }, [opening]);

  const loadComments = async (id: number) => {
    const res = await api<Comment[]>("GET", `/api/v1/help_item/${id}/comments`);
    if (res.ok) setComments(res.data);
  };
  const open = async (help: HelpItem) => {
    await loadComments(help.id);
    setOpening(true);
  };

  useEffect(() => {
    (async () => {
      const res = await api<HelpItem>("GET", "/api/v1/help_item/welcome");
      if (!res.ok || !res.data) return;
      setItem(res.data);
      if (!res.data.seen) {
        await open(res.data);
        await api("POST", "/api/v1/help_item/welcome/seen");
      }
    })();
  }, []);

  const send = async (event: Event) => {
    event.preventDefault();
    if (!item || !text.trim() || sending) return;
    setSending(true);
    const res = await api<Comment>("POST", `/api/v1/help_item/${item.id}/comments`, { text });
    setSending(false);
    if (res.ok) {
      setComments([...comments, res.data]);
      setText("");
      setStatus({ kind: "success", text: t("help.comment_sent") });
    } else setStatus({ kind: "error", text: errorMessage(res.data, t("help.comment_failed")) });
  };
  const date = (iso: string) => new Date(iso).toLocaleString(lang === "technical" ? "en" : lang);

  return (
    <>
      <button type="button" class="sidebar-help" disabled={!item} onClick={() => item && open(item)}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" stroke-width="2" />
          <path
            d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.7.3-1 .8-1 1.5V14M12 17h.01"
            fill="none"
            stroke="currentColor"
            stroke-width="2"
            stroke-linecap="round"
          />
        </svg>
        {t("help.open")}
      </button>
      <dialog ref={dialog} class="modal help-modal" aria-labelledby="help-title">
        {item && (
          <div class="modal-body">
            <div class="modal-head">
              <h2 id="help-title">{item.title}</h2>
              <form method="dialog">
                <button type="submit" class="btn-icon" aria-label={t("help.close")}>×</button>
              </form>
            </div>
            {/* the attached image illustrates the item: its title describes it, for those who cannot see it */}
            {item.image_url && <img class="help-media" src={item.image_url} alt={item.title} />}
            {item.video_url && <video class="help-media" src={item.video_url} controls preload="metadata" />}
            <div class="help-text" ref={body} />
            {item.steps.length > 0 && (
              <section class="help-steps" aria-labelledby="help-steps-title">
                <h3 id="help-steps-title">{t("help.steps_title")}</h3>
                <ol>
                  {item.steps.map((step) => <li key={step}>{t(`help.steps.${step}`)}</li>)}
                </ol>
              </section>
            )}
            <section class="help-comments" aria-labelledby="help-comments-title">
              <h3 id="help-comments-title">{t("help.comments")}</h3>
              {comments.length === 0 ? <p class="muted">{t("help.no_comments")}</p> : (
                <ul>
                  {comments.map((c) => (
                    <li key={c.id}>
                      <p>{c.text}</p>
                      <small class="muted">{c.author ?? ""} · {date(c.created_at)}</small>
                    </li>
                  ))}
                </ul>
              )}
              <form onSubmit={send} class="help-comment-form">
                <div class="field">
                  <label for="help-comment">{t("help.comment_label")}</label>
                  <textarea
                    id="help-comment"
                    maxLength={2000}
                    value={text}
                    onInput={(e) => setText((e.target as HTMLTextAreaElement).value)}
                  />
                </div>
                {status && (
                  <p
                    class={`notice notice-${status.kind}`}
                    role={status.kind === "error" ? "alert" : "status"}
                  >
                    {status.text}
                  </p>
                )}
                <div class="modal-actions">
                  <button type="submit" class="btn btn-secondary" disabled={!text.trim() || sending}>
                    {t("help.comment_send")}
                  </button>
                  <button type="button" class="btn btn-primary" onClick={() => dialog.current?.close()}>
                    {t("help.got_it")}
                  </button>
                </div>
              </form>
            </section>
          </div>
        )}
      </dialog>
    </>
  );
}

export default island("WelcomeHelp", WelcomeHelp, { ns: ["help"] });
