/// <reference lib="dom" />
// Screens of the channel widget's participation flow (visitor-widget §2 Voting, Sending, Thanks,
// Vote results): loaded with the flow, on first participation.
import { type ReadonlySignal, useSignals } from "../../islands/browser/signals.ts";
import { useT } from "../../framework/island.tsx";
import { isRegistration, isVoting } from "../../lib/rules/widget.ts";
import type { VoteResultRow } from "../../lib/rules/votes.ts";
import type { ChannelSegment } from "./types.ts";

export function VoteScreen(
  { segment, selected, onChange, onSend }: {
    segment: ChannelSegment;
    selected: number[];
    onChange: (ids: number[]) => void;
    onSend: () => void;
  },
) {
  const { t } = useT();
  const multiple = segment.type === "multiple_choice_question";
  const toggle = (id: number) =>
    onChange(
      multiple ? (selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id]) : [id],
    );
  return (
    <div class="cw-vote">
      <h2 class="cw-step-title">
        {selected.length ? t("channel_widget.flow.confirm_choice") : t("channel_widget.flow.your_choice")}
      </h2>
      <ol class="cw-choices">
        {segment.choices.map((c, i) => (
          <li key={c.id}>
            <button
              type="button"
              class="cw-choice"
              aria-pressed={selected.includes(c.id)}
              onClick={() => toggle(c.id)}
            >
              <span class="cw-choice-n">{i + 1}</span>
              <span>{c.label}</span>
            </button>
          </li>
        ))}
      </ol>
      <button type="button" class="cw-btn" disabled={selected.length === 0} onClick={onSend}>
        {t("widget.send")}
      </button>
    </div>
  );
}

/**
 * The sending screen; only it redraws as the upload progresses. Without network it says the message is
 * saved and will go once online, and offers to discard it.
 */
export function SendingView(
  props: {
    percent: ReadonlySignal<number | null>;
    waiting: ReadonlySignal<boolean>;
    resumed: boolean;
    onDiscard: () => void;
  },
) {
  const { t } = useT();
  useSignals(props.percent, props.waiting);
  const percent = props.percent.value;
  const waiting = props.waiting.value;
  return (
    <div class="cw-sending" aria-live="polite">
      {props.resumed && <p class="cw-saved">{t("widget.saved_resuming")}</p>}
      {waiting
        ? <p class="cw-offline" role="status">{t("widget.offline_saved")}</p>
        : <p class="cw-blink">{t("channel_widget.flow.sending")}</p>}
      {percent !== null && (
        <>
          <progress class="cw-progress" max={100} value={percent} />
          <p>{percent} %</p>
        </>
      )}
      {waiting && (
        <button type="button" class="cw-link cw-discard" onClick={props.onDiscard}>
          {t("widget.discard_message")}
        </button>
      )}
    </div>
  );
}

export function ThanksView(
  props: {
    segment: ChannelSegment;
    recorded: boolean;
    already: boolean;
    testimonialPending: boolean;
    /** sms: the composed text to the receiver, opened by the phone's messaging app. */
    smsLink?: string | null;
    onShare: (() => void) | null;
    onTestimonial: () => void;
    onResults: (() => void) | null;
  },
) {
  const { t } = useT();
  const s = props.segment;
  const results = props.onResults && (
    <button type="button" class="cw-link" onClick={props.onResults}>{t("widget.see_results")}</button>
  );
  if (isRegistration(s) || s.type === "sms") {
    return (
      <div class="cw-thanks">
        <h2>{t("channel_widget.flow.registration_sent")}</h2>
        {props.smsLink && <a class="cw-btn" href={props.smsLink}>{t("channel_widget.flow.send_sms")}</a>}
      </div>
    );
  }
  if (isVoting(s) && !props.recorded) {
    return (
      <div class="cw-thanks">
        <h2>{props.already ? t("channel_widget.flow.already_voted") : t("widget.participation_sent")}</h2>
        {s.texts.thanks && <p>{s.texts.thanks}</p>}
        {props.testimonialPending && (
          <div class="cw-testimonial">
            <p>{s.testimonial || t("widget.testimonial_default")}</p>
            <button type="button" class="cw-btn" onClick={props.onTestimonial}>
              {s.testimonial_format === "text" ? t("widget.testimonial_text") : t("widget.testimonial_voice")}
            </button>
          </div>
        )}
        {results}
      </div>
    );
  }
  return (
    <div class="cw-thanks">
      <h2>{t("channel_widget.flow.message_sent")}</h2>
      <p>{t("channel_widget.flow.thank_you")}</p>
      <p>{t("channel_widget.flow.see_you")}</p>
      {props.onShare && (
        <button type="button" class="cw-btn" onClick={props.onShare}>{t("channel_widget.flow.share")}</button>
      )}
      {results}
    </div>
  );
}

export function ResultsView(props: { rows: ReadonlySignal<VoteResultRow[] | null> }) {
  const { t } = useT();
  useSignals(props.rows);
  const rows = props.rows.value;
  return (
    <div class="cw-results">
      <h2 class="cw-step-title">{t("widget.results_title")}</h2>
      {!rows && <p class="cw-loading" aria-busy="true">…</p>}
      <ol class="cw-result-rows">
        {rows?.map((r) => (
          <li key={r.id} style={`--pct:${r.percentage}%`}>
            <span class="cw-choice-n">{r.index}</span>
            <span class="cw-result-label">{r.label}</span>
            <span class="cw-result-pct">{`${r.percentage}\u00a0%`}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** The gallery: a video or an image file (video type with several permanent interactions, §4). */
export function GalleryPick(
  { onFile }: { onFile: (blob: Blob, name: string, extension: string, media: "video" | "image") => void },
) {
  const { t } = useT();
  return (
    <label class="cw-btn cw-file">
      {t("widget.import_file")}
      <input
        type="file"
        accept="video/*,image/*"
        class="sr-only"
        onChange={(e) => {
          const f = (e.target as HTMLInputElement).files?.[0];
          if (!f) return;
          const ext = f.name.split(".").pop()?.toLowerCase() ?? "";
          onFile(f, f.name, ext, f.type.startsWith("image/") ? "image" : "video");
        }}
      />
    </label>
  );
}
