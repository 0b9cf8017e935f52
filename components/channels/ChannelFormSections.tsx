// The sections of the channel form (back-office §2 Channel detail), one component each; the island
// islands/ChannelForm.tsx keeps the draft, the mode and the save order, and hands each section the same
// draft, setter, errors and disabled state.
import { useT } from "../../framework/island.tsx";
import { AVAILABLE_FLAGS, type DeliveryProtocol, type newChannelDefaults } from "../../lib/rules/channels.ts";
import {
  AUDIO_FORMATS,
  CHANNEL_STATUSES,
  CHANNEL_TYPES,
  DELIVERY_PROTOCOLS,
  RETENTION_MONTHS,
} from "../../lib/rules/constants.ts";
import type { AudioFormat, AudioTarget } from "../../lib/rules/audio.ts";
import { LANGUAGES } from "../../lib/rules/languages.ts";
import { timeZoneChoices } from "../../lib/rules/statistics.ts";
import {
  CheckField,
  ColorField,
  errorAttributes,
  FieldError,
  RadioGroup,
  Section,
  SelectField,
  TextField,
} from "./fields.tsx";
import { BackgroundField, type ImageChoice, LogoField } from "./ImageFields.tsx";

/** What the form edits: the channel's fields plus the write-only FTP password. */
export type Draft =
  & Omit<
    ReturnType<typeof newChannelDefaults>,
    "parent_id" | "header_url" | "background" | "segment_customisation"
  >
  & {
    parent_id: number | null;
    header_url: string | null;
    /** null while a custom background is being chosen */
    background: string | null;
    /** the text limit as typed (a string while editing), made a number when saved */
    segment_customisation: { character_text_zone_length: number | string };
    ftp_password: string;
    ftp_password_clear: boolean;
    /** Write-only, sent when typed. */
    sftp_private_key: string;
  };

/** What every section receives from the form. */
export interface SectionProps {
  form: Draft;
  set: <K extends keyof Draft>(key: K, value: Draft[K]) => void;
  /** Not editing, or saving: the fields are disabled. */
  off: boolean;
  errors: Record<string, string>;
}

export function GeneralSection(
  { form, set, off, errors, ...props }: SectionProps & {
    isSuperAdmin: boolean;
    parents: { id: number; label: string }[];
    savedId: number | null;
  },
) {
  const { t } = useT();
  return (
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
      <SelectField
        id="time_zone"
        label={t("channel_time_zone.label")}
        value={form.time_zone}
        disabled={off}
        error={errors.time_zone}
        options={timeZoneChoices(form.time_zone).map((z) => ({ value: z, label: z.replaceAll("_", " ") }))}
        onChange={(v) => set("time_zone", v)}
      />
      <p class="field-hint">{t("channel_time_zone.help")}</p>
      {props.isSuperAdmin && (
        <SelectField
          id="parent"
          label={t("channels.parent")}
          value={String(form.parent_id ?? "")}
          disabled={off}
          error={errors.parent_id}
          options={[
            { value: "", label: t("channels.no_parent") },
            ...props.parents.filter((p) => p.id !== props.savedId).map((p) => ({
              value: String(p.id),
              label: p.label,
            })),
          ]}
          onChange={(v) => set("parent_id", v ? Number(v) : null)}
        />
      )}
    </Section>
  );
}

export function LookSection(
  { form, set, off, errors, ...props }: SectionProps & {
    logo: ImageChoice;
    upload: ImageChoice;
    onPick: (which: "logo" | "background", file: File) => void;
    onRemoveLogo: () => void;
  },
) {
  const { t } = useT();
  return (
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
        value={props.logo}
        disabled={off}
        error={errors.logo}
        onPick={(f) => props.onPick("logo", f)}
        onRemove={props.onRemoveLogo}
      />
      <BackgroundField
        stock={form.background}
        upload={props.upload}
        disabled={off}
        error={errors.background}
        onStock={(id) => set("background", id)}
        onPick={(f) => props.onPick("background", f)}
        onCustom={() => set("background", null)}
      />
      <TextField
        id="header_url"
        type="url"
        label={t("channels.header_url")}
        hint={t("channels.header_url_hint")}
        value={form.header_url}
        disabled={off}
        error={errors.header_url}
        onInput={(v) => set("header_url", v)}
      />
    </Section>
  );
}

type Flag = (typeof AVAILABLE_FLAGS)[number] | typeof WIDGET_FLAGS[number];
const WIDGET_FLAGS = ["show_product_logo", "gamification", "my_space_enabled", "sharing_enabled"] as const;

/** A list of boolean fields (the interaction types, the widget options). */
function Checks({ form, set, off, flags, label }: SectionProps & {
  flags: readonly Flag[];
  label: (flag: Flag) => string;
}) {
  return (
    <div class="check-list">
      {flags.map((flag) => (
        <CheckField
          key={flag}
          id={flag}
          label={label(flag)}
          checked={form[flag]}
          disabled={off}
          onChange={(v) => set(flag, v)}
        />
      ))}
    </div>
  );
}

export function InteractionsSection(props: SectionProps) {
  const { t } = useT();
  return (
    <Section id="sec-interactions" title={t("channels.section_interactions")}>
      <Checks
        {...props}
        flags={AVAILABLE_FLAGS}
        label={(flag) => t(`channels.flags.${flag.replace("interaction_available_", "")}`)}
      />
    </Section>
  );
}

export function WidgetSection(props: SectionProps) {
  const { t } = useT();
  const { form, set, off, errors } = props;
  return (
    <Section id="sec-widget" title={t("channels.section_widget")}>
      <Checks {...props} flags={WIDGET_FLAGS} label={(k) => t(`channels.${k}`)} />
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
        onInput={(v) => set("segment_customisation", { character_text_zone_length: v })}
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
  );
}

/** The FTP text fields in their order; the label is `channels.<key>`. */
const FTP_FIELDS = [
  { key: "ftp_host" },
  { key: "ftp_port", type: "number", min: 1, max: 65535 },
  { key: "ftp_user" },
  { key: "ftp_password", type: "password", autoComplete: "new-password" },
  { key: "ftp_folder" },
  { key: "ftp_naming", hint: "channels.ftp_naming_hint" },
] as const satisfies readonly {
  key: keyof Draft;
  type?: string;
  min?: number;
  max?: number;
  autoComplete?: string;
  hint?: string;
}[];

/** On S3 the host, user and password fields are the endpoint and the access key pair. */
const S3_LABELS: Partial<Record<(typeof FTP_FIELDS)[number]["key"], string>> = {
  ftp_host: "studio_delivery.s3_host",
  ftp_user: "studio_delivery.s3_access_key",
  ftp_password: "studio_delivery.s3_secret_key",
};

export function FtpSection(props: SectionProps & { passwordSet: boolean; keySet?: boolean }) {
  const { t } = useT();
  const { form, set, off, errors } = props;
  const s3 = form.delivery_protocol === "s3";
  const hint = (f: (typeof FTP_FIELDS)[number]) =>
    "hint" in f
      ? t(f.hint)
      : f.key === "ftp_password" && props.passwordSet
      ? t("channels.ftp_password_kept")
      : undefined;
  return (
    <Section id="sec-ftp" title={t("channels.section_ftp")} wide>
      <p class="field-hint">{t("channels.ftp_help")}</p>
      <SelectField
        id="delivery_protocol"
        label={t("studio_delivery.protocol")}
        value={form.delivery_protocol}
        options={DELIVERY_PROTOCOLS.map((p) => ({ value: p, label: t(`studio_delivery.protocol_${p}`) }))}
        disabled={off}
        error={errors.delivery_protocol}
        onChange={(v) => set("delivery_protocol", v as DeliveryProtocol)}
      />
      {s3 && <p class="field-hint">{t("studio_delivery.s3_hint")}</p>}
      <div class="ftp-grid">
        {s3 && (
          <>
            <TextField
              id="s3_bucket"
              label={t("studio_delivery.s3_bucket")}
              value={form.s3_bucket}
              disabled={off}
              error={errors.s3_bucket}
              onInput={(v) => set("s3_bucket", v)}
            />
            <TextField
              id="s3_region"
              label={t("studio_delivery.s3_region")}
              value={form.s3_region}
              disabled={off}
              error={errors.s3_region}
              onInput={(v) => set("s3_region", v)}
            />
          </>
        )}
        {FTP_FIELDS.map((f) => (
          <TextField
            key={f.key}
            id={f.key}
            type={"type" in f ? f.type : undefined}
            min={"min" in f ? f.min : undefined}
            max={"max" in f ? f.max : undefined}
            autoComplete={"autoComplete" in f ? f.autoComplete : undefined}
            label={t(s3 && S3_LABELS[f.key] ? S3_LABELS[f.key]! : `channels.${f.key}`)}
            hint={hint(f)}
            value={form[f.key]}
            disabled={off}
            error={errors[f.key]}
            onInput={(v) => set(f.key, v)}
          />
        ))}
      </div>
      {form.delivery_protocol === "sftp" && (
        <div class="field">
          <label for="sftp_private_key">{t("studio_delivery.sftp_private_key")}</label>
          <textarea
            id="sftp_private_key"
            class="input mono"
            rows={4}
            spellcheck={false}
            autoComplete="off"
            value={form.sftp_private_key}
            disabled={off}
            {...errorAttributes("sftp_private_key", errors.sftp_private_key, "sftp_private_key-hint")}
            onInput={(e) => set("sftp_private_key", e.currentTarget.value)}
          />
          <span class="field-hint" id="sftp_private_key-hint">
            {props.keySet
              ? t("studio_delivery.sftp_private_key_kept")
              : t("studio_delivery.sftp_private_key_hint")}
          </span>
          <FieldError id="sftp_private_key" error={errors.sftp_private_key} />
        </div>
      )}
      <div class="check-list">
        {form.delivery_protocol !== "sftp" && (
          <CheckField
            id="ftp_secure"
            label={t(s3 ? "studio_delivery.s3_secure" : "channels.ftp_secure")}
            checked={form.ftp_secure}
            disabled={off}
            onChange={(v) => set("ftp_secure", v)}
          />
        )}
        {props.passwordSet && (
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
  );
}

/** The loudness target and delivery format of the channel's broadcast copies. */
export function AudioSection(props: SectionProps) {
  const { t } = useT();
  const { form, set, off, errors } = props;
  return (
    <Section id="sec-audio" title={t("studio_audio.section")}>
      <p class="field-hint">{t("studio_audio.help")}</p>
      <SelectField
        id="audio_target_lufs"
        label={t("studio_audio.target")}
        value={String(form.audio_target_lufs)}
        options={[
          { value: "-23", label: t("studio_audio.target_r128") },
          { value: "-16", label: t("studio_audio.target_stream") },
        ]}
        disabled={off}
        error={errors.audio_target_lufs}
        onChange={(v) => set("audio_target_lufs", Number(v) as AudioTarget)}
      />
      <SelectField
        id="audio_format"
        label={t("studio_audio.format")}
        value={form.audio_format}
        options={AUDIO_FORMATS.map((f) => ({ value: f, label: t(`studio_audio.format_${f}`) }))}
        disabled={off}
        error={errors.audio_format}
        onChange={(v) => set("audio_format", v as AudioFormat)}
      />
    </Section>
  );
}
