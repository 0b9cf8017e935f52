import type { ComponentChildren } from "preact";
import { useT } from "../../framework/island.tsx";

export interface FrameChannel {
  label: string;
  logo_url: string | null;
  my_space_enabled: boolean;
  demo: boolean;
}

/** The channel widget's frame (widget §2): channel header, my-space avatar, content, brand footer. */
export function ChannelWidgetFrame(
  props: {
    channel: FrameChannel;
    spaceHref: string | null;
    children: ComponentChildren;
    onSpace?: () => void;
    avatarUrl?: string | null;
  },
) {
  const { t } = useT();
  const { channel } = props;
  return (
    <div class="cw-frame">
      <header class="cw-top">
        <span class="cw-logo" aria-hidden="true">
          {channel.logo_url ? <img src={channel.logo_url} alt="" /> : channel.label.slice(0, 1)}
        </span>
        <h1 class="cw-label">{channel.label}</h1>
        {channel.demo && <span class="cw-demo">{t("channel_widget.home.demo")}</span>}
        {props.spaceHref && (
          <a
            class="cw-avatar"
            href={props.spaceHref}
            title={t("channel_widget.home.my_space")}
            onClick={(e) => {
              if (!props.onSpace) return;
              e.preventDefault();
              props.onSpace();
            }}
          >
            {props.avatarUrl
              ? <img src={props.avatarUrl} alt="" />
              : (
                <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                  <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" stroke-width="2" />
                  <path
                    d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6"
                    fill="none"
                    stroke="currentColor"
                    stroke-width="2"
                  />
                </svg>
              )}
            <span class="sr-only">{t("channel_widget.home.my_space")}</span>
          </a>
        )}
      </header>
      <main class="cw-main">{props.children}</main>
      <footer class="cw-footer">{t("common.brand")}</footer>
    </div>
  );
}
