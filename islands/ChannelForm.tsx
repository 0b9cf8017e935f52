import { useEffect, useState } from "preact/hooks";
import { island, useT } from "../framework/island.tsx";
import { AVAILABLE_FLAGS, type ChannelView, newChannelDefaults } from "../lib/rules/channels.ts";
import { CHANNEL_STATUSES, CHANNEL_TYPES, RETENTION_MONTHS, TOAST_MS } from "../lib/rules/constants.ts";
import { LANGUAGES } from "../lib/rules/i18n.ts";
import { showToast } from "./browser/toast.ts";
import { api, errorMessage } from "./browser/http.ts";
import {
  CheckField,
  ColorField,
  RadioGroup,
  Section,
  SelectField,
  TextField,
} from "../components/channels/fields.tsx";
import {
  BackgroundField,
  type ImageChoice,
  LogoField,
  pickError,
} from "../components/channels/ImageFields.tsx";

type Draft = ReturnType<typeof newChannelDefaults> & { ftp_password: string; ftp_password_clear: boolean };

interface Props {
  channel: ChannelView | null;
  isSuperAdmin: boolean;
  /** False for staff without channel-settings: the form only shows the values. */
  canEdit: boolean;
  parents: { id: number; label: string }[];
  edit: boolean;
  notice: "saved" | "image_failed" | null;
  [key: string]: unknown;
}

function draftOf(channel: ChannelView | null): Draft {
  const base = { ...newChannelDefaults(), ftp_password: "", ftp_password_clear: false };
  if (!channel) return base;
  const picked = Object.fromEntries(
    Object.keys(base).map((k) => [k, (channel as Record<string, unknown>)[k]]),
  );
  return { ...base, ...picked, ftp_password: "", ftp_password_clear: false } as Draft;
}
const logoOf = (c: ChannelView | null): ImageChoice => ({ url: c?.logo_url ?? null });
const uploadOf = (c: ChannelView | null): ImageChoice => ({
  url: c && c.background === null ? c.background_url : null,
});

/** The channel form (back-office §2 Channel detail): edit mode, restore, the save order of §4. */
function ChannelForm(props: Props) {
  const { t } = useT();
  const [saved, setSaved] = useState(props.channel);
  const [form, setForm] = useState<Draft>(draftOf(props.channel));
  const [logo, setLogo] = useState<ImageChoice>(logoOf(props.channel));
  const [bgUpload, setBgUpload] = useState<ImageChoice>(uploadOf(props.channel));
  const [editing, setEditing] = useState(props.canEdit && (props.edit || !props.channel));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const isNew = !saved;
  const off = !editing || saving;

  useEffect(() => {
    if (props.notice === "saved") showToast(t("channels.saved"), { durationMs: TOAST_MS.default });
    if (props.notice === "image_failed") showToast(t("channels.image_failed"), { kind: "warning" });
    if (props.notice) history.replaceState(null, "", location.pathname + (editing ? "?edit" : ""));
  }, []);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setForm((f) => ({ ...f, [key]: value }));
  const pick = (which: "logo" | "background", file: File) => {
    const error = pickError(file, t);
    setErrors((e) => ({ ...e, [which]: error ?? "" }));
    if (error) return;
    const choice = { url: null, file, preview: URL.createObjectURL(file) };
    if (which === "logo") setLogo(choice);
    else {
      setBgUpload(choice);
      set("background", null as unknown as string);
    }
  };
  const restore = () => {
    setForm(draftOf(saved));
    setLogo(logoOf(saved));
    setBgUpload(uploadOf(saved));
    setErrors({});
  };

  const body = () => {
    const { ftp_password, ftp_password_clear, background, parent_id, ...rest } = form;
    const out: Record<string, unknown> = { ...rest, ftp_port: Number(rest.ftp_port) };
    out.segment_customisation = {
      character_text_zone_length: Number(rest.segment_customisation.character_text_zone_length),
    };
    if (typeof background === "string") out.background = background; // spec §5: only if a string
    if (props.isSuperAdmin) out.parent_id = parent_id;
    if (ftp_password) out.ftp_password = ftp_password;
    else if (ftp_password_clear) out.ftp_password = null;
    return out;
  };

  const uploads = async (id: number): Promise<boolean> => {
    let ok = true;
    const send = async (which: "logo" | "background", choice: ImageChoice) => {
      if (choice.file) {
        const data = new FormData();
        data.append("image", choice.file);
        const res = await api("POST", `/api/v1/channels/${id}/${which}`, data);
        if (!res.ok) {
          ok = false;
          setErrors((e) => ({ ...e, [which]: errorMessage(res.data, t("channels.image_failed")) }));
        }
      } else if (choice.removed && which === "logo") {
        await api("DELETE", `/api/v1/channels/${id}/logo`); // false value: delete
      }
    };
    await send("logo", logo);
    if (form.background === null) await send("background", bgUpload);
    return ok;
  };

  const save = async (event: Event) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    setErrors({});
    const res = await api<ChannelView & { fields?: Record<string, string[]> }>(
      isNew ? "POST" : "PUT",
      isNew ? "/api/v1/channels" : `/api/v1/channels/${saved!.id}`,
      body(),
    );
    if (!res.ok || !res.data?.id) {
      setSaving(false);
      const fields = res.data?.fields ?? {};
      setErrors(
        Object.fromEntries(Object.keys(fields).map((k) => [k.split(".")[0], t("channels.invalid_field")])),
      );
      showToast(errorMessage(res.data, t("channels.save_failed")), { kind: "warning" });
      return;
    }
    const id = res.data.id;
    const imagesOk = await uploads(id);
    if (isNew) {
      location.assign(`/channels/${id}?${imagesOk ? "saved" : "image_failed"}=1`);
      return;
    }
    const fresh = await api<ChannelView>("GET", `/api/v1/channels/${id}`);
    const copy = fresh.ok ? fresh.data : res.data;
    setSaved(copy);
    setForm(draftOf(copy));
    setLogo(logoOf(copy));
    setBgUpload(uploadOf(copy));
    setSaving(false);
    if (imagesOk) {
      setEditing(false);
      showToast(t("channels.saved"), { durationMs: TOAST_MS.default, position: "top-center" });
    } else showToast(t("channels.image_failed"), { kind: "warning" });
  };

  const flagLabel = (flag: string) => t(`channels.flags.${flag.replace("interaction_available_", "")}`);
  return (
    <form class="channel-form" onSubmit={save} noValidate>
      <div class="form-toolbar">
        {!isNew && props.canEdit && (
          <button
            type="button"
            class="btn btn-secondary"
            aria-pressed={editing}
            onClick={() => setEditing(!editing)}
            disabled={saving}
          >
            {editing ? t("channels.stop_editing") : t("channels.edit")}
          </button>
        )}
        {!isNew && editing && (
          <button type="button" class="btn btn-secondary" onClick={restore} disabled={saving}>
            {t("channels.restore")}
          </button>
        )}
        {editing && (
          <button type="submit" class="btn btn-primary" disabled={saving}>
            {saving ? t("channels.saving") : isNew ? t("channels.create") : t("common.save")}
          </button>
        )}
      </div>
      <div class="form-grid">
        <Section id="sec-general" title={t("channels.section_general")}>
          <TextField
            id="label"
            label={t("channels.label")}
            value={form.label}
            required
            maxLength={100}
            disabled={off}
            error={errors.label}
            onInput={(v) => set("label", v)}
          />
          <RadioGroup
            name="type"
            legend={t("channels.type")}
            value={form.type}
            disabled={off}
            options={CHANNEL_TYPES.map((v) => ({ value: v, label: t(`channels.types.${v}`) }))}
            onChange={(v) => set("type", v as Draft["type"])}
          />
          <RadioGroup
            name="status"
            legend={t("channels.status")}
            value={form.status}
            disabled={off}
            options={CHANNEL_STATUSES.map((v) => ({ value: v, label: t(`channels.statuses.${v}`) }))}
            onChange={(v) => set("status", v as Draft["status"])}
          />
          <p class="field-hint">{t(`channels.status_help.${form.status}`)}</p>
          <SelectField
            id="language"
            label={t("channels.language")}
            value={form.language}
            disabled={off}
            options={LANGUAGES.map((l) => ({ value: l, label: t(`channels.languages.${l}`) }))}
            onChange={(v) => set("language", v as Draft["language"])}
          />
          {props.isSuperAdmin && (
            <SelectField
              id="parent"
              label={t("channels.parent")}
              value={String(form.parent_id ?? "")}
              disabled={off}
              error={errors.parent_id}
              options={[
                { value: "", label: t("channels.no_parent") },
                ...props.parents.filter((p) => p.id !== saved?.id).map((p) => ({
                  value: String(p.id),
                  label: p.label,
                })),
              ]}
              onChange={(v) => set("parent_id", (v ? Number(v) : null) as unknown as null)}
            />
          )}
        </Section>
        <Section id="sec-look" title={t("channels.section_look")}>
          <ColorField
            id="primary_color"
            label={t("channels.primary_color")}
            value={form.primary_color}
            disabled={off}
            error={errors.primary_color}
            onInput={(v) => set("primary_color", v)}
          />
          <LogoField
            value={logo}
            disabled={off}
            error={errors.logo}
            onPick={(f) => pick("logo", f)}
            onRemove={() => setLogo({ url: null, removed: true })}
          />
          <BackgroundField
            stock={form.background}
            upload={bgUpload}
            disabled={off}
            error={errors.background}
            onStock={(id) => set("background", id)}
            onPick={(f) => pick("background", f)}
            onCustom={() => set("background", null as unknown as string)}
          />
          <TextField
            id="header_url"
            type="url"
            label={t("channels.header_url")}
            hint={t("channels.header_url_hint")}
            value={form.header_url}
            disabled={off}
            error={errors.header_url}
            onInput={(v) => set("header_url", v as unknown as null)}
          />
        </Section>
        <Section id="sec-interactions" title={t("channels.section_interactions")}>
          <div class="check-list">
            {AVAILABLE_FLAGS.map((flag) => (
              <CheckField
                key={flag}
                id={flag}
                label={flagLabel(flag)}
                checked={form[flag]}
                disabled={off}
                onChange={(v) => set(flag, v)}
              />
            ))}
          </div>
        </Section>
        <Section id="sec-widget" title={t("channels.section_widget")}>
          <div class="check-list">
            {(["show_product_logo", "gamification", "my_space_enabled", "sharing_enabled"] as const).map((
              k,
            ) => (
              <CheckField
                key={k}
                id={k}
                label={t(`channels.${k}`)}
                checked={form[k]}
                disabled={off}
                onChange={(v) => set(k, v)}
              />
            ))}
          </div>
          <TextField
            id="text_length"
            type="number"
            min={10}
            max={5000}
            label={t("channels.text_length")}
            hint={t("channels.text_length_hint")}
            value={form.segment_customisation.character_text_zone_length}
            disabled={off}
            error={errors.segment_customisation}
            onInput={(v) =>
              set("segment_customisation", { character_text_zone_length: v as unknown as number })}
          />
          <SelectField
            id="retention_months"
            label={t("data_rights.retention")}
            value={String(form.retention_months ?? "")}
            options={[
              { value: "", label: t("data_rights.retention_off") },
              ...RETENTION_MONTHS.map((m) => ({
                value: String(m),
                label: t("data_rights.retention_months", { months: m }),
              })),
            ]}
            disabled={off}
            error={errors.retention_months}
            onChange={(v) => set("retention_months", v ? Number(v) as typeof form.retention_months : null)}
          />
          <p class="field-hint">{t("data_rights.retention_hint")}</p>
        </Section>
        <Section id="sec-ftp" title={t("channels.section_ftp")} wide>
          <p class="field-hint">{t("channels.ftp_help")}</p>
          <div class="ftp-grid">
            <TextField
              id="ftp_host"
              label={t("channels.ftp_host")}
              value={form.ftp_host}
              disabled={off}
              error={errors.ftp_host}
              onInput={(v) => set("ftp_host", v as unknown as null)}
            />
            <TextField
              id="ftp_port"
              type="number"
              min={1}
              max={65535}
              label={t("channels.ftp_port")}
              value={form.ftp_port}
              disabled={off}
              error={errors.ftp_port}
              onInput={(v) => set("ftp_port", v as unknown as number)}
            />
            <TextField
              id="ftp_user"
              label={t("channels.ftp_user")}
              value={form.ftp_user}
              disabled={off}
              error={errors.ftp_user}
              onInput={(v) => set("ftp_user", v as unknown as null)}
            />
            <TextField
              id="ftp_password"
              type="password"
              autoComplete="new-password"
              label={t("channels.ftp_password")}
              hint={saved?.ftp_password_set ? t("channels.ftp_password_kept") : undefined}
              value={form.ftp_password}
              disabled={off}
              error={errors.ftp_password}
              onInput={(v) => set("ftp_password", v)}
            />
            <TextField
              id="ftp_folder"
              label={t("channels.ftp_folder")}
              value={form.ftp_folder}
              disabled={off}
              error={errors.ftp_folder}
              onInput={(v) => set("ftp_folder", v as unknown as null)}
            />
            <TextField
              id="ftp_naming"
              label={t("channels.ftp_naming")}
              hint={t("channels.ftp_naming_hint")}
              value={form.ftp_naming}
              disabled={off}
              error={errors.ftp_naming}
              onInput={(v) => set("ftp_naming", v)}
            />
          </div>
          <div class="check-list">
            <CheckField
              id="ftp_secure"
              label={t("channels.ftp_secure")}
              checked={form.ftp_secure}
              disabled={off}
              onChange={(v) => set("ftp_secure", v)}
            />
            {saved?.ftp_password_set && (
              <CheckField
                id="ftp_password_clear"
                label={t("channels.ftp_password_clear")}
                checked={form.ftp_password_clear}
                disabled={off}
                onChange={(v) => set("ftp_password_clear", v)}
              />
            )}
          </div>
        </Section>
      </div>
    </form>
  );
}

export default island("ChannelForm", ChannelForm, { ns: ["channels", "data_rights"] });
