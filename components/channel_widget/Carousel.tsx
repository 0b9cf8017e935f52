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

/**
 * The carousel of permanent interactions (widget §2 Record/home): dots when more than one, autoplay
 * every 5 s, swipe; refreshed every 90 s. It is a horizontal scroll-snap list, which the browser swipes
 * and snaps by itself; the script adds the dots, autoplay, and stops swiping while a segment is active.
 * Autoplay waits while the pointer or the focus is inside, and a pause button stops it (WCAG 2.2.2: moving
 * content a person did not ask for can be paused, and never slides away under the reader).
 */
export function Carousel(props: Props) {
  const { t } = useT();
  const [segments] = useState(props.segments);
  const [selected, setSelected] = useState(0);
  const viewport = useRef<HTMLDivElement>(null);
  const pausedRef = useRef(props.paused);
  pausedRef.current = props.paused;
  const [stopped, setStopped] = useState(false);
  const stoppedRef = useRef(stopped);
  stoppedRef.current = stopped;
  // pointer over or focus in the carousel: the listener is reading or about to press
  const inside = useRef({ pointer: false, focus: false });
  // starts the 5 s again (a dot chosen by hand shows its slide a full period)
  const restart = useRef(() => {});

  // the slide a dot or the autoplay asked for: its dot is current at once (spec: a change every 5 s), and
  // the positions the smooth scroll passes on its way there do not move the dots back
  const target = useRef<number | null>(null);
  const scrollTo = (index: number) => {
    const el = viewport.current;
    if (!el) return;
    target.current = index;
    setSelected(index);
    el.scrollTo({ left: index * el.clientWidth, behavior: "smooth" });
  };

  useEffect(() => {
    const el = viewport.current;
    if (!el || segments.length < 2) return;
    const current = () => Math.round(el.scrollLeft / Math.max(1, el.clientWidth));
    let timer: ReturnType<typeof setInterval> | undefined;
    const play = () => {
      clearInterval(timer);
      timer = setInterval(() => {
        const held = inside.current.pointer || inside.current.focus;
        if (document.visibilityState !== "visible" || pausedRef.current || stoppedRef.current || held) return;
        scrollTo(((target.current ?? current()) + 1) % segments.length);
      }, CAROUSEL_AUTOPLAY_MS);
    };
    const onScroll = () => {
      const index = Math.min(segments.length - 1, current());
      if (target.current !== null && index !== target.current) return;
      target.current = null;
      setSelected(index);
    };
    const hold = () => {
      clearInterval(timer);
      target.current = null; // a swipe of the listener wins over a change under way
    };
    el.addEventListener("scroll", onScroll, { passive: true });
    el.addEventListener("pointerdown", hold, { passive: true });
    el.addEventListener("pointerup", play, { passive: true });
    const section = el.parentElement!;
    const enter = () => inside.current.pointer = true;
    const leave = () => inside.current.pointer = false;
    const focusIn = () => inside.current.focus = true;
    const focusOut = (e: FocusEvent) => {
      if (!section.contains(e.relatedTarget as Node | null)) inside.current.focus = false;
    };
    section.addEventListener("pointerenter", enter);
    section.addEventListener("pointerleave", leave);
    section.addEventListener("focusin", focusIn);
    section.addEventListener("focusout", focusOut);
    el.classList.add("is-enhanced");
    restart.current = play;
    play();
    return () => {
      clearInterval(timer);
      el.removeEventListener("scroll", onScroll);
      el.removeEventListener("pointerdown", hold);
      el.removeEventListener("pointerup", play);
      section.removeEventListener("pointerenter", enter);
      section.removeEventListener("pointerleave", leave);
      section.removeEventListener("focusin", focusIn);
      section.removeEventListener("focusout", focusOut);
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

  if (segments.length === 0) return <p class="cw-empty">{t("channel_widget.home.not_available")}</p>;
  const href = (id: number) => `/widgets/${props.channelId}/${id}/${props.linkQuery}`;
  return (
    <section class="cw-carousel" aria-roledescription={t("channel_widget.home.carousel")}>
      <div class={`cw-viewport${props.paused ? " is-paused" : ""}`} ref={viewport}>
        <div class="cw-container">
          {segments.map((s, i) => (
            <Slide
              key={s.id}
              segment={s}
              href={href(s.id)}
              position={t("channel_widget.home.position", { n: i + 1, total: segments.length })}
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
              aria-label={t("channel_widget.home.go_to", { n: i + 1 })}
              onClick={() => {
                scrollTo(i);
                restart.current();
              }}
            />
          ))}
          <button
            type="button"
            class="cw-autoplay"
            aria-label={t(stopped ? "channel_widget.home.play" : "channel_widget.home.pause")}
            onClick={() => setStopped(!stopped)}
          >
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path d={stopped ? "M8 5v14l11-7z" : "M7 5h4v14H7zM13 5h4v14h-4z"} fill="currentColor" />
            </svg>
          </button>
        </div>
      )}
    </section>
  );
}
