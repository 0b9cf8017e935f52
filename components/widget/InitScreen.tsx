// The init screen of the single-interaction widget (visitor-widget §2): background, texts and the
// buttons of the segment's type. Server-rendered in the island so it shows before any script runs.
import type { ComponentChildren } from "preact";
import { useT } from "../../framework/island.tsx";
import { isRegistration, isVoting, type WidgetScreen, type WidgetSegment } from "../../lib/rules/widget.ts";

export interface InitProps {
  segment: WidgetSegment;
  canRecordVideo: boolean;
  onGo: (screen: WidgetScreen, options?: { kind?: "audio" | "video" }) => void;
  onFile: (file: File) => void;
  /** Said before the buttons: an interaction that requires registration asks for an account first. */
  account?: ComponentChildren;
}

export function InitScreen({ segment, canRecordVideo, onGo, onFile, account }: InitProps) {
  const { t } = useT();
  const s = segment;
  const picker = (
    <label class="w-btn w-btn-secondary w-file">
      {t("widget.import_file")}
      <input
        type="file"
        accept={s.media_type === "image" ? "image/*" : "video/*,image/*"}
        onChange={(e) => {
          const file = (e.currentTarget as HTMLInputElement).files?.[0];
          if (file) onFile(file);
        }}
      />
    </label>
  );
  return (
    <div class="w-init">
      <h1 class="w-title">{s.title}</h1>
      {s.text && <p class="w-text">{s.text}</p>}
      {s.texts.personal && <p class="w-text w-text-personal">{s.texts.personal}</p>}
      {account}
      <div class="w-actions">
        {s.type === "recording_question" && (
          <>
            <button
              type="button"
              class="w-btn w-btn-primary"
              onClick={() => onGo("recorder", { kind: "audio" })}
            >
              {t("widget.participate_voice")}
            </button>
            {s.enable_written_answer && (
              <button
                type="button"
                class="w-btn w-btn-secondary"
                onClick={() => onGo("write")}
              >
                {t("widget.participate_writing")}
              </button>
            )}
          </>
        )}
        {s.type === "video" && (
          <>
            {s.media_type !== "image" && canRecordVideo && (
              <button
                type="button"
                class="w-btn w-btn-primary"
                onClick={() => onGo("recorder", { kind: "video" })}
              >
                {t("widget.participate_video")}
              </button>
            )}
            {!canRecordVideo && s.media_type !== "image" && (
              <p class="w-notice" role="status">{t("widget.no_camera")}</p>
            )}
            {picker}
            <p class="w-small-links">
              {s.enable_audio_answer && (
                <button
                  type="button"
                  class="w-link"
                  onClick={() => onGo("recorder", { kind: "audio" })}
                >
                  {t("widget.in_voice")}
                </button>
              )}
              {s.enable_written_answer && (
                <button type="button" class="w-link" onClick={() => onGo("write")}>
                  {t("widget.writing")}
                </button>
              )}
            </p>
          </>
        )}
        {isVoting(s) && (
          <button type="button" class="w-btn w-btn-primary" onClick={() => onGo("voting")}>
            {s.type === "game" ? t("widget.participate") : t("widget.participate_survey")}
          </button>
        )}
        {(s.type === "message" || s.type === "sms") && (
          <button
            type="button"
            class="w-btn w-btn-primary"
            onClick={() => onGo("write")}
          >
            {t("widget.participate")}
          </button>
        )}
        {isRegistration(s) && (
          <button
            type="button"
            class="w-btn w-btn-primary"
            onClick={() => onGo("gatherInformation")}
          >
            {t("widget.participate")}
          </button>
        )}
      </div>
    </div>
  );
}
