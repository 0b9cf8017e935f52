import { useT } from "../../framework/island.tsx";
import { BackgroundPicture } from "../widget/BackgroundPicture.tsx";
import type { ChannelSegment } from "./types.ts";

/**
 * What a carousel slide shows of a permanent interaction: picked from the page's segment, and also met by the
 * public view the carousel fetches again (lib/segments/view.ts PublicSegment).
 */
export type SlideSegment = Pick<
  ChannelSegment,
  "id" | "type" | "title" | "text" | "background_url" | "background_kind"
>;

/**
 * One permanent interaction of the carousel, with its Participate button (a link that works without
 * script), which reads Record while a confirmed recording of this interaction waits (§2 Record/home).
 */
export function Slide(
  props: {
    segment: SlideSegment;
    href: string;
    position: string;
    recorded?: boolean;
    onParticipate?: () => void;
  },
) {
  const { t } = useT();
  const s = props.segment;
  return (
    <article
      class="cw-slide"
      aria-roledescription={t("channel_widget.home.slide")}
      aria-label={props.position}
    >
      <div class="cw-slide-media" aria-hidden="true">
        {s.background_url && s.background_kind === "video"
          ? <video src={s.background_url} muted loop playsInline autoPlay />
          : s.background_url
          ? <BackgroundPicture url={s.background_url} />
          : null}
      </div>
      <div class="cw-slide-body">
        <span class="cw-type">{t(`channel_widget.home.types.${s.type}`)}</span>
        <h2 class="cw-title">{s.title}</h2>
        {s.text && <p class="cw-text">{s.text}</p>}
        <a
          class="cw-participate"
          href={props.href}
          onClick={(e) => {
            if (!props.onParticipate) {
              return;
            }
            e.preventDefault();
            props.onParticipate();
          }}
        >
          {props.recorded ? t("widget.record") : t("channel_widget.home.participate")}
        </a>
      </div>
    </article>
  );
}
