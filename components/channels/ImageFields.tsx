import { useT } from "../../framework/island.tsx";
import type { TFunction } from "../../lib/rules/i18n.ts";
import { MEDIA_MAX_BYTES, STOCK_BACKGROUNDS } from "../../lib/rules/constants.ts";
import { STOCK_THUMB_SIZE, stockThumbUrl } from "../../lib/rules/channels.ts";

/** A chosen image: unchanged (the saved URL), a new file, or removed (false: delete on save). */
export type ImageChoice = { url: string | null; file?: File; preview?: string; removed?: boolean };

const ACCEPT = "image/png,image/jpeg";

/** Checks a picked file before upload (the server checks again from the content). */
export function pickError(file: File, t: TFunction): string | null {
  if (!["image/png", "image/jpeg"].includes(file.type)) return t("channels.image_type");
  if (file.size > MEDIA_MAX_BYTES) return t("channels.image_size", { mb: MEDIA_MAX_BYTES / 1024 / 1024 });
  return null;
}

/** The logo: preview, upload, remove. */
export function LogoField(props: {
  value: ImageChoice;
  disabled: boolean;
  error?: string;
  onPick: (file: File) => void;
  onRemove: () => void;
}) {
  const { t } = useT();
  const src = props.value.removed ? null : props.value.preview ?? props.value.url;
  return (
    <div class="field">
      <span class="label" id="logo-label">{t("channels.logo")}</span>
      <div class="logo-row">
        <div class="logo-preview">
          {src
            ? <img src={src} alt={t("channels.logo_alt")} />
            : <span class="muted">{t("channels.no_logo")}</span>}
        </div>
        <div class="upload-buttons">
          <label class={`btn btn-secondary btn-sm${props.disabled ? " is-disabled" : ""}`}>
            {t("channels.upload_logo")}
            <input
              type="file"
              class="sr-only"
              accept={ACCEPT}
              disabled={props.disabled}
              aria-describedby="logo-hint"
              onChange={(e) => {
                const file = (e.target as HTMLInputElement).files?.[0];
                if (file) props.onPick(file);
                (e.target as HTMLInputElement).value = "";
              }}
            />
          </label>
          {src && !props.disabled && (
            <button type="button" class="btn btn-link" onClick={props.onRemove}>
              {t("channels.remove_logo")}
            </button>
          )}
        </div>
      </div>
      <span class="field-hint" id="logo-hint">{t("channels.image_hint")}</span>
      {props.error && <span class="field-error" role="alert">{props.error}</span>}
    </div>
  );
}

/** The background: one of the stock images or an upload. */
export function BackgroundField(props: {
  stock: string | null;
  upload: ImageChoice;
  disabled: boolean;
  error?: string;
  onStock: (id: string) => void;
  onPick: (file: File) => void;
  onCustom: () => void;
}) {
  const { t } = useT();
  const uploaded = props.upload.preview ?? props.upload.url;
  return (
    <fieldset class="field background-field" disabled={props.disabled}>
      <legend class="label">{t("channels.background")}</legend>
      <div class="bg-grid">
        {Array.from({ length: STOCK_BACKGROUNDS }, (_, i) => {
          const id = `bg-${i + 1}`;
          return (
            <label class="bg-option" key={id}>
              <input
                type="radio"
                name="background"
                value={id}
                class="sr-only"
                checked={props.stock === id}
                onChange={() => props.onStock(id)}
              />
              <img
                src={stockThumbUrl(i + 1)}
                alt={t("channels.stock_background", { n: i + 1 })}
                {...STOCK_THUMB_SIZE}
              />
            </label>
          );
        })}
        {uploaded && (
          <label class="bg-option">
            <input
              type="radio"
              name="background"
              value="upload"
              class="sr-only"
              checked={props.stock === null}
              onChange={() => props.onCustom()}
            />
            <img src={uploaded} alt={t("channels.custom_background")} />
          </label>
        )}
      </div>
      <div class="upload-buttons">
        <label class={`btn btn-secondary btn-sm${props.disabled ? " is-disabled" : ""}`}>
          {t("channels.upload_background")}
          <input
            type="file"
            class="sr-only"
            accept={ACCEPT}
            disabled={props.disabled}
            onChange={(e) => {
              const file = (e.target as HTMLInputElement).files?.[0];
              if (file) props.onPick(file);
              (e.target as HTMLInputElement).value = "";
            }}
          />
        </label>
      </div>
      <span class="field-hint">{t("channels.image_hint")}</span>
      {props.error && <span class="field-error" role="alert">{props.error}</span>}
    </fieldset>
  );
}
