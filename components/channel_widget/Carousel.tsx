import { useEffect, useRef, useState } from "preact/hooks";
import { useT } from "../../framework/island.tsx";
import { CAROUSEL_AUTOPLAY_MS, PERMANENT_REFRESH_MS } from "../../lib/rules/constants.ts";
import { Slide, type SlideSegment } from "./Slide.tsx";

interface Props {
  channelId: number;
  segments: SlideSegment[];
  /** Query string added to the Participate links (ref, interaction_id …). */
  linkQuery: string;
  /** The permanent-interactions call to refresh from (widget §7), or null to keep the list. */
  refreshUrl: string | null;
  /** Opens the participation flow in the widget (the link still works without script). */
  onParticipate: (segment: SlideSegment) => void;
  /** Swiping and autoplay stop while a segment is active (§2). */
  paused: boolean;
  /** The interaction whose confirmed recording waits (its button reads Record), or null. */
  recordedId?: number | null;
}

// Embla's `duration` is in its own units, not ms: 30 gives about the spec's 500 ms transition.
const EMBLA_DURATION = 30;

/**
 * The carousel of permanent interactions (widget §2 Record/home): dots when more than one, autoplay
 * every 5 s, swipe; refreshed every 90 s. Without script it is a horizontal scroll-snap list.
 */
export function Carousel(props: Props) {
  const { t } = useT();
  const [segments] = useState(props.segments);
  const [selected, setSelected] = useState(0);
  const viewport = useRef<HTMLDivElement>(null);
  const embla = useRef<import("embla-carousel").EmblaCarouselType | null>(null);
  const pausedRef = useRef(props.paused);
  pausedRef.current = props.paused;

  useEffect(() => {
    if (!viewport.current || segments.length < 2) return;
    let stopped = false;
    let timer: ReturnType<typeof setInterval> | undefined;
    import("embla-carousel").then(({ default: EmblaCarousel }) => {
      if (stopped || !viewport.current) return;
      const api = EmblaCarousel(viewport.current, {
        loop: true,
        duration: EMBLA_DURATION,
        watchDrag: () => !pausedRef.current,
      });
      embla.current = api;
      viewport.current.classList.add("is-enhanced");
      // 5 s from one slide change to the next (§2), the 500 ms transition included: the timer restarts
      // when a slide is chosen (by it, a dot or a swipe), never when the motion settles, which came
      // seconds later and made it about 7.3 s
      const play = () => {
        clearInterval(timer);
        timer = setInterval(
          () => document.visibilityState === "visible" && !pausedRef.current && api.scrollNext(),
          CAROUSEL_AUTOPLAY_MS,
        );
      };
      api.on("select", () => {
        setSelected(api.selectedScrollSnap());
        play();
      });
      api.on("pointerDown", () => clearInterval(timer));
      api.on("pointerUp", play);
      play();
    });
    return () => {
      stopped = true;
      clearInterval(timer);
      embla.current?.destroy();
      embla.current = null;
    };
  }, [segments]);

  useEffect(() => {
    if (!props.refreshUrl) return;
    const timer = setInterval(async () => {
      const res = await fetch(props.refreshUrl!).catch(() => null);
      if (!res?.ok) return;
      const fresh = await res.json() as SlideSegment[];
      const same = fresh.map((s) => s.id).join() === segments.map((s) => s.id).join();
      // the page carries each interaction's full widget view: reload it when the list changed
      if (!same && !pausedRef.current) location.reload();
    }, PERMANENT_REFRESH_MS);
    return () => clearInterval(timer);
  }, [segments]);

  if (segments.length === 0) return <p class="cw-empty">{t("channel_widget.not_available")}</p>;
  const href = (id: number) => `/widgets/${props.channelId}/${id}/${props.linkQuery}`;
  return (
    <section class="cw-carousel" aria-roledescription={t("channel_widget.carousel")}>
      <div class="cw-viewport" ref={viewport}>
        <div class="cw-container">
          {segments.map((s, i) => (
            <Slide
              key={s.id}
              segment={s}
              href={href(s.id)}
              position={t("channel_widget.position", { n: i + 1, total: segments.length })}
              recorded={s.id === props.recordedId}
              onParticipate={() => props.onParticipate(s)}
            />
          ))}
        </div>
      </div>
      {segments.length > 1 && (
        <div class="cw-dots">
          {segments.map((s, i) => (
            <button
              key={s.id}
              type="button"
              class="cw-dot"
              aria-current={i === selected ? "true" : undefined}
              aria-label={t("channel_widget.go_to", { n: i + 1 })}
              onClick={() => embla.current?.scrollTo(i)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
