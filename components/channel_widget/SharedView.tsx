import { useT } from "../../framework/island.tsx";
import { formatMessageDate } from "../../lib/rules/channel_home.ts";
import { publicAuthorLine } from "../../lib/rules/public_message.ts";
import type { SharedMessage, WidgetChannel } from "./types.ts";

/** The shared message view (query s, §2): Message posted on, the channel's logo or label, a player. */
export function SharedView(
  props: { channel: WidgetChannel; message: SharedMessage; onParticipate: () => void },
) {
  const { t } = useT();
  const { channel, message } = props;
  // what the file is, not the interaction's type: a picture sent by MMS to a call for voices is a picture
  const kind = message.media_kind ?? (message.type === "video" ? "video" : "audio");
  const quote = message.content.text || message.content.choice_text;
  return (
    <section class="cw-shared">
      <div class="cw-shared-banner">
        <span>{t("channel_widget.home.posted_on")}</span>
        {channel.logo_url
          ? <img src={channel.logo_url} alt={channel.label} />
          : <strong>{channel.label}</strong>}
      </div>
      <p class="cw-shared-author">
        {publicAuthorLine(message, t("channel_widget.home.anonymous"), t("channel_widget.home.listener"))}
      </p>
      <p class="cw-muted">{formatMessageDate(new Date(message.created_at))}</p>
      {message.media_url && (kind === "image"
        ? <img class="cw-player" src={message.media_url} alt={quote ? String(quote) : ""} />
        : kind === "video"
        ? <video class="cw-player" src={message.media_url} controls playsInline />
        : <audio class="cw-player" src={message.media_url} controls />)}
      {quote && <blockquote class="cw-quote">{String(quote)}</blockquote>}
      <button type="button" class="cw-btn" onClick={props.onParticipate}>
        {t("channel_widget.home.participate_too")}
      </button>
    </section>
  );
}
