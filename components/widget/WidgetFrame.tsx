import type { ComponentChildren } from "preact";
import { useT } from "../../framework/island.tsx";
import { BackgroundPicture } from "./BackgroundPicture.tsx";

interface Props {
  channel?: { label: string; logo_url: string | null };
  background?: { url: string | null; kind: "image" | "video" };
  /** A message instead of the widget (unknown or unavailable interaction). */
  message?: string;
  children?: ComponentChildren;
}

/** The widget's frame: background image or looping video with controls, the card, the brand footer. */
export function WidgetFrame({ channel, background, message, children }: Props) {
  const { t } = useT();
  return (
    <div class="w-page">
      <main class="w-frame">
        {background?.url && (
          <div class="w-media">
            {background.kind === "video"
              ? <video src={background.url} autoPlay muted loop playsInline controls />
              : <BackgroundPicture url={background.url} />}
            {channel?.logo_url && <img class="w-logo" src={channel.logo_url} alt={channel.label} />}
          </div>
        )}
        <section class="w-card">
          {message ? <p class="w-message" role="alert">{message}</p> : children}
        </section>
        <footer class="w-brand">{t("widget.powered_by")}</footer>
      </main>
    </div>
  );
}
