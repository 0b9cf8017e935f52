import { useT } from "../../framework/island.tsx";
import { MEDIA_MAX_BYTES } from "../../lib/rules/constants.ts";
import type { TFunction } from "../../lib/rules/i18n.ts";

/** Checks a picked photo before upload (the server checks again from the content). */
export function avatarPickError(file: File, t: TFunction): string | null {
  if (!["image/png", "image/jpeg"].includes(file.type)) return t("users.avatar_type");
  if (file.size > MEDIA_MAX_BYTES) return t("users.avatar_size", { mb: MEDIA_MAX_BYTES / 1024 / 1024 });
  return null;
}

/** The initials shown when there is no photo. */
export const initialsOf = (u: { first_name: string; last_name: string; login: string }) =>
  `${u.first_name[0] ?? ""}${u.last_name[0] ?? ""}`.toUpperCase() || u.login.slice(0, 2).toUpperCase();

/** The avatar: photo or initials, upload and remove buttons (png/jpg, 10 MB). */
export function AvatarField(props: {
  url: string | null;
  initials: string;
  busy: boolean;
  error?: string;
  onPick: (file: File) => void;
  onRemove: () => void;
}) {
  const { t } = useT();
  return (
    <div class="avatar-field">
      <div class="avatar-preview" aria-hidden={props.url ? undefined : "true"}>
        {props.url ? <img src={props.url} alt={t("users.avatar_alt")} /> : <span>{props.initials}</span>}
      </div>
      <div class="avatar-actions">
        <label class={`btn btn-secondary btn-sm${props.busy ? " is-disabled" : ""}`}>
          {t("users.upload_avatar")}
          <input
            type="file"
            class="sr-only"
            accept="image/png,image/jpeg"
            disabled={props.busy}
            aria-describedby="avatar-hint"
            onChange={(e) => {
              const file = (e.target as HTMLInputElement).files?.[0];
              if (file) props.onPick(file);
              (e.target as HTMLInputElement).value = "";
            }}
          />
        </label>
        {props.url && (
          <button type="button" class="btn btn-link" disabled={props.busy} onClick={props.onRemove}>
            {t("users.remove_avatar")}
          </button>
        )}
        <span class="field-hint" id="avatar-hint">{t("users.avatar_hint")}</span>
        {props.error && <span class="field-error" role="alert">{props.error}</span>}
      </div>
    </div>
  );
}
