/// <reference lib="dom" />
// One participation of my space (visitor-widget §2 My space, §3 Message): expandable.
import { useState } from "preact/hooks";
import { useT } from "../../framework/island.tsx";
import { formatMessageDate, indicators, isRegistrationEntry } from "../../lib/rules/channel_widget.ts";
import type { VisitorSession } from "../../islands/browser/http.ts";
import { Avatar } from "./Ranking.tsx";
import type { WidgetChannel } from "./types.ts";

interface Content {
  text: string | null;
  choice_text: string | null;
  recording_url: string | null;
  duration: number | null;
}
export interface SpaceMessage {
  id: number;
  created_at: string;
  segment: { type: string; title: string; text: string | null };
  content: Content;
  liked: boolean;
  broadcast_status: string | null;
  points: number;
  replies: (Content & { id: number; created_at: string })[];
}

const mmss = (s: number | null) =>
  s === null ? "" : `${String(Math.floor(s / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;

function Body({ content, type }: { content: Content; type: string }) {
  if (content.recording_url) {
    return (
      <div class="cw-recording">
        {type === "video"
          ? <video src={content.recording_url} controls playsInline preload="none" />
          : <audio src={content.recording_url} controls preload="none" />}
        {content.duration !== null && <span class="cw-muted">{mmss(content.duration)}</span>}
      </div>
    );
  }
  return <p class="cw-quote">{content.text ?? content.choice_text ?? ""}</p>;
}

export function MessageItem(
  { message: m, user, channel }: { message: SpaceMessage; user: VisitorSession; channel: WidgetChannel },
) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  return (
    <article class={`cw-message${open ? " is-open" : ""}`}>
      <button type="button" class="cw-message-head" aria-expanded={open} onClick={() => setOpen(!open)}>
        <span>{m.segment.text || m.segment.title}</span>
        <span aria-hidden="true">{open ? "▴" : "▾"}</span>
      </button>
      {open && (
        <div class="cw-message-body">
          <div class="cw-bubble">
            <Avatar url={user.avatar_url} />
            <div>
              {isRegistrationEntry(m.segment.type, m.content)
                ? (
                  <p class="cw-quote cw-registered">
                    {t("channel_widget.space.registered", { title: m.segment.title })}
                  </p>
                )
                : <Body content={m.content} type={m.segment.type} />}
              <small class="cw-muted">
                {t("channel_widget.space.sent_on", { date: formatMessageDate(new Date(m.created_at)) })}
              </small>
            </div>
          </div>
          {m.replies.map((r) => (
            <div key={r.id} class="cw-bubble is-reply">
              <span class="cw-user-avatar" aria-hidden="true">
                {channel.logo_url ? <img src={channel.logo_url} alt="" /> : channel.label.slice(0, 1)}
              </span>
              <div>
                <Body content={r} type="recording_question" />
                <small class="cw-muted">
                  {t("channel_widget.space.answer_on", { date: formatMessageDate(new Date(r.created_at)) })}
                </small>
              </div>
            </div>
          ))}
          {channel.gamification && <p class="cw-won">{t("channel_widget.space.won", { count: m.points })}</p>}
          <ul class="cw-indicators">
            {indicators(m).map((i) => (
              <li
                key={i.key}
                class={i.active ? "is-active" : undefined}
                data-active={i.active ? "" : undefined}
              >
                {t(`channel_widget.space.${i.key}`, { points: i.points })}
              </li>
            ))}
          </ul>
        </div>
      )}
    </article>
  );
}
