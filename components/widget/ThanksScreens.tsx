// Sending, thanks and the uploaded-file preview of the single-interaction widget (§2).
import { useT } from "../../framework/island.tsx";
import type { WidgetSegment } from "../../lib/rules/widget.ts";

/**
 * The sending screen, with the upload's progress (0-100) when a file is sent. Without network it says,
 * calmly, that the message is saved and will go once online, and offers to discard it.
 */
export function SendingScreen(
  { percent, waiting = false, resumed = false, onDiscard }: {
    percent: number | null;
    waiting?: boolean;
    /** A message saved earlier (the widget was opened again): said above the progress. */
    resumed?: boolean;
    onDiscard?: (() => void) | null;
  },
) {
  const { t } = useT();
  return (
    <div class="w-sending" aria-live="polite">
      {resumed && <p class="w-saved">{t("widget.saved_resuming")}</p>}
      {waiting
        ? <p class="w-offline" role="status">{t("widget.offline_saved")}</p>
        : <p class="w-blink">{t("widget.sending")}</p>}
      {percent !== null && (
        <>
          <progress class="w-progress" max={100} value={percent} />
          <p class="w-percent">{percent} %</p>
        </>
      )}
      {waiting && onDiscard && (
        <button type="button" class="w-link w-discard" onClick={onDiscard}>
          {t("widget.discard_message")}
        </button>
      )}
    </div>
  );
}

export function ThanksScreen(
  { segment, already, testimonialOpen, onTestimonial, onResults }: {
    segment: WidgetSegment;
    already: boolean;
    testimonialOpen: boolean;
    onTestimonial: () => void;
    onResults: (() => void) | null;
  },
) {
  const { t } = useT();
  return (
    <div class="w-thanks" role="status">
      <span class="w-check-icon" aria-hidden="true">{already ? "i" : "✓"}</span>
      <h2 class="w-subtitle">
        {already ? t("widget.already_participated") : t("widget.participation_sent")}
      </h2>
      {!already && <p class="w-text">{segment.texts.thanks || t("widget.thanks")}</p>}
      {testimonialOpen && (
        <div class="w-testimonial">
          <p>{segment.testimonial || t("widget.testimonial_default")}</p>
          <button type="button" class="w-btn w-btn-secondary" onClick={onTestimonial}>
            {segment.testimonial_format === "text"
              ? t("widget.testimonial_text")
              : t("widget.testimonial_voice")}
          </button>
        </div>
      )}
      {onResults && (
        <button type="button" class="w-btn w-btn-primary" onClick={onResults}>
          {t("widget.see_results")}
        </button>
      )}
    </div>
  );
}

export function UploadedScreen(
  { file, url, onAgain, onSend }: { file: File; url: string; onAgain: () => void; onSend: () => void },
) {
  const { t } = useT();
  return (
    <div class="w-uploaded">
      <figure class="w-preview">
        {file.type.startsWith("image/")
          ? <img src={url} alt={t("widget.preview")} />
          : <video src={url} controls playsInline aria-label={t("widget.preview")} />}
      </figure>
      <button type="button" class="w-link" onClick={onAgain}>{t("widget.start_again")}</button>
      <button type="button" class="w-btn w-btn-primary" onClick={onSend}>
        {t("widget.send_participation")}
      </button>
    </div>
  );
}
