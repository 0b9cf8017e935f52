import { useState } from "preact/hooks";
import { useT } from "../../../framework/island.tsx";
import { MEDIA_MAX_BYTES } from "../../../lib/rules/constants.ts";
import { api, errorMessage } from "../../../islands/browser/http.ts";
import { Section } from "../../channels/fields.tsx";

interface Background {
  background_url: string | null;
  background_kind: string | null;
}

/**
 * The segment background: an image or a video (png, jpg, mp4, webm; 10 MB), uploaded at once; read-only
 * (no interaction-action-edit), only the preview.
 */
export function BackgroundSection(
  props: {
    id: number;
    value: Background;
    onChange: (b: Background) => void;
    onSaved: () => void;
    readOnly?: boolean;
  },
) {
  const { t } = useT();
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const done = (res: { ok: boolean; status: number; data: unknown }) => {
    setBusy(false);
    if (!res.ok) return setError(errorMessage(res.data, String(res.status)));
    setError("");
    props.onChange(res.data as Background);
    props.onSaved();
  };
  const upload = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MEDIA_MAX_BYTES) return setError(t("interactions.bg_too_large"));
    const form = new FormData();
    form.append("file", file);
    setBusy(true);
    done(await api("POST", `/api/v1/show_segments/${props.id}/background`, form));
  };
  const { background_url: url, background_kind: kind } = props.value;
  return (
    <Section id="sec-background" title={t("interactions.sections.background")}>
      <div class="background-row">
        <div class="background-preview">
          {url && kind === "video" && <video src={url} muted playsInline loop autoPlay />}
          {url && kind !== "video" && <img src={url} alt="" />}
          {!url && <span class="muted">{t("interactions.bg_none")}</span>}
        </div>
        {!props.readOnly && (
          <div class="background-actions">
            <label class="btn btn-secondary btn-sm" for="seg-background-file">
              {t("interactions.bg_upload")}
            </label>
            <input
              id="seg-background-file"
              class="sr-only"
              type="file"
              accept="image/png,image/jpeg,video/mp4,video/webm"
              disabled={busy}
              onChange={(e) => upload((e.target as HTMLInputElement).files?.[0])}
            />
            {url && (
              <button
                type="button"
                class="btn btn-secondary btn-sm"
                disabled={busy}
                onClick={async () => {
                  setBusy(true);
                  done(await api("DELETE", `/api/v1/show_segments/${props.id}/background`));
                }}
              >
                {t("interactions.bg_remove")}
              </button>
            )}
            <p class="field-hint">{t("interactions.bg_hint")}</p>
            {error && <p class="field-error" role="alert">{error}</p>}
          </div>
        )}
      </div>
    </Section>
  );
}
