import { useEffect, useState } from "preact/hooks";
import { island, useT } from "../framework/island.tsx";
import {
  contrastRatio,
  type Customisation,
  defaultCustomisation,
  MIN_CONTRAST,
  previewButton,
  toggleConsent,
} from "../lib/rules/customisation.ts";
import { CUSTOMISATION_DEFAULTS_DELAY_MS, TOAST_MS } from "../lib/rules/constants.ts";
import { LANGUAGES } from "../lib/rules/languages.ts";
import { showToast } from "./browser/toast.ts";
import { api, errorMessage } from "./browser/http.ts";
import {
  CheckField,
  ColorField,
  errorAttributes,
  FieldError,
  Section,
  TextField,
} from "../components/channels/fields.tsx";
import { fieldMessages } from "../lib/rules/field_errors.ts";
import { useFirstInvalidFocus } from "./browser/focus.ts";

interface Props {
  channelId: number;
  value: Partial<Customisation> | null;
  language: string;
}

/** The channel's default customisation; an empty one gets the defaults after 1 s (spec §3). */
function CustomisationForm(props: Props) {
  const { t } = useT();
  const [form, setForm] = useState<Customisation | null>(
    props.value ? { ...defaultCustomisation(), ...props.value } : null,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (form) return;
    const timer = setTimeout(
      () => setForm(defaultCustomisation(props.language as Customisation["language"])),
      CUSTOMISATION_DEFAULTS_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, []);

  const formRef = useFirstInvalidFocus<HTMLFormElement>(errors);

  if (!form) return <p class="notice notice-info" role="status">{t("settings.loading_defaults")}</p>;
  const set = <K extends keyof Customisation>(key: K, value: Customisation[K]) =>
    setForm({ ...form, [key]: value });
  // the preview's button as the widget draws it: white on yellow becomes dark text there
  const shown = previewButton(form.btn_1_color, form.btn_1_text_color);

  const save = async (event: Event) => {
    event.preventDefault();
    setSaving(true);
    setErrors({});
    const res = await api<{ fields?: Record<string, string[]> }>(
      "PUT",
      `/api/v1/channels/${props.channelId}/customisation`,
      form,
    );
    setSaving(false);
    if (res.ok) showToast(t("channels.saved"), { durationMs: TOAST_MS.default });
    else {
      // every refused field at once, each with its own text under it (back-office §8 Forms)
      setErrors(fieldMessages(res.data?.fields, t));
      showToast(errorMessage(res.data, t("channels.save_failed")), { kind: "warning" });
    }
  };
  const area = (
    key: "consent_gdpr_text" | "image_right_text" | "text_personal" | "text_thanks",
    disabled = false,
  ) => (
    <div class="field">
      <label for={key}>{t(`settings.fields.${key}`)}</label>
      <textarea
        id={key}
        value={form[key]}
        disabled={disabled}
        maxLength={key.endsWith("_text") ? 5000 : 500}
        {...errorAttributes(key, errors[key])}
        onInput={(e) => set(key, (e.target as HTMLTextAreaElement).value)}
      />
      <FieldError id={key} error={errors[key]} />
    </div>
  );

  return (
    <form class="channel-form" onSubmit={save} noValidate ref={formRef}>
      <div class="form-grid">
        <Section id="cus-colors" title={t("settings.section_colors")}>
          <div class="color-grid">
            {(["background_outer", "background_inner", "btn_1_color", "btn_1_text_color"] as const).map((
              k,
            ) => (
              <ColorField
                key={k}
                id={k}
                label={t(`settings.fields.${k}`)}
                value={form[k]}
                error={errors[k]}
                onInput={(v) => set(k, v)}
              />
            ))}
          </div>
          {contrastRatio(form.btn_1_color, form.btn_1_text_color) < MIN_CONTRAST && (
            <p class="notice notice-warning" role="status">
              {t("settings.low_contrast")} {shown.switched && t("settings.low_contrast_switched")}
            </p>
          )}
          <div class="customisation-preview" style={`background:${form.background_outer}`} aria-hidden="true">
            <div style={`background:${form.background_inner}`}>
              <p>{form.text_personal || t("settings.preview_text")}</p>
              <span
                class="preview-btn"
                style={`background:${shown.background};color:${shown.color}`}
              >
                {t("settings.preview_button")}
              </span>
            </div>
          </div>
        </Section>
        <Section id="cus-texts" title={t("settings.section_texts")}>
          {area("text_personal")}
          {area("text_thanks")}
          <div class="field">
            <label for="cus-language">{t("settings.fields.language")}</label>
            <select
              id="cus-language"
              value={form.language}
              onChange={(e) =>
                set("language", (e.target as HTMLSelectElement).value as Customisation["language"])}
            >
              {LANGUAGES.map((l) => <option key={l} value={l}>{t(`channels.languages.${l}`)}</option>)}
            </select>
          </div>
          <CheckField
            id="with_connexion"
            label={t("settings.fields.with_connexion")}
            checked={form.with_connexion}
            onChange={(v) => set("with_connexion", v)}
          />
        </Section>
        <Section id="cus-gdpr" title={t("settings.section_gdpr")}>
          <CheckField
            id="consent_gdpr"
            label={t("settings.fields.consent_gdpr")}
            checked={form.consent_gdpr}
            onChange={(v) => setForm(toggleConsent(form, "consent_gdpr", v))}
          />
          <TextField
            id="title_consent"
            label={t("settings.fields.title_consent")}
            value={form.title_consent}
            maxLength={200}
            disabled={!form.consent_gdpr}
            error={errors.title_consent}
            onInput={(v) => set("title_consent", v)}
          />
          {area("consent_gdpr_text", !form.consent_gdpr)}
          <CheckField
            id="consent_checkbox"
            label={t("settings.fields.consent_checkbox")}
            checked={form.consent_checkbox}
            disabled={!form.consent_gdpr}
            onChange={(v) => set("consent_checkbox", v)}
          />
        </Section>
        <Section id="cus-image" title={t("settings.section_image_right")}>
          <CheckField
            id="image_right"
            label={t("settings.fields.image_right")}
            checked={form.image_right}
            onChange={(v) => setForm(toggleConsent(form, "image_right", v))}
          />
          <TextField
            id="title_consent_image_right"
            label={t("settings.fields.title_consent_image_right")}
            value={form.title_consent_image_right}
            maxLength={200}
            disabled={!form.image_right}
            error={errors.title_consent_image_right}
            onInput={(v) => set("title_consent_image_right", v)}
          />
          {area("image_right_text", !form.image_right)}
          <CheckField
            id="consent_checkbox_image_right"
            label={t("settings.fields.consent_checkbox_image_right")}
            checked={form.consent_checkbox_image_right}
            disabled={!form.image_right}
            onChange={(v) => set("consent_checkbox_image_right", v)}
          />
        </Section>
      </div>
      <div class="form-toolbar form-toolbar-end">
        <button type="submit" class="btn btn-primary" disabled={saving}>
          {saving ? t("channels.saving") : t("common.save")}
        </button>
      </div>
    </form>
  );
}

export default island("CustomisationForm", CustomisationForm, { ns: ["channels", "settings", "errors"] });
