import type { InboxMessage } from "./format.ts";
import { formatDuration } from "./format.ts";

/** The audio or video player of a message, with its mm:ss duration. */
export function Player(
  { message, unavailable, subtitles = "Transcript" }: {
    message: InboxMessage;
    unavailable: string;
    /** the subtitle track's label */
    subtitles?: string;
  },
) {
  const url = message.content.recording_url;
  const seconds = message.content.duration;
  const duration = seconds ? <span class="duration">{formatDuration(seconds * 1000)}</span> : null;
  if (!url) {
    return seconds ? <p class="player-missing muted">{unavailable} {duration}</p> : null;
  }
  const video = message.media?.kind === "video" || message.type === "video";
  return (
    <div class="player">
      {video
        ? (
          <video controls preload="metadata" src={url} class="player-video">
            {message.media?.subtitles_url && (
              <track kind="subtitles" src={message.media.subtitles_url} label={subtitles} default />
            )}
          </video>
        )
        : <audio controls preload="metadata" src={url} class="player-audio" />}
      {duration}
    </div>
  );
}
