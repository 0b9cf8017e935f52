import { useT } from "../../framework/island.tsx";
import { LANGUAGES } from "../../lib/i18n.ts";
import { ROLES } from "../../lib/permissions.ts";
import { CheckField, Section, TextField } from "../channels/fields.tsx";

export interface UserDraft {
  login: string;
  email: string;
  phone: string;
  first_name: string;
  last_name: string;
  language: string;
  role: string;
  active: boolean;
  channel_id: number | null;
}

/** The profile fields; role, state and channel only for who may change them. */
export function UserFields(props: {
  form: UserDraft;
  set: <K extends keyof UserDraft>(key: K, value: UserDraft[K]) => void;
  disabled: boolean;
  errors: Record<string, string>;
  /** Role and active (an administrator on another account). */
  manage: boolean;
  /** Super administrator on another account: super role and channel. */
  superAdmin: boolean;
  channels: { id: number; label: string }[];
}) {
  const { t } = useT();
  const { form, set, disabled, errors } = props;
  const roles = ROLES.filter((r) => props.superAdmin || r !== "super_administrator");
  return (
    <>
      <Section id="sec-identity" title={t("users.section_identity")}>
        <div class="form-pair">
          <TextField
            id="first_name"
            label={t("users.first_name")}
            value={form.first_name}
            maxLength={80}
            disabled={disabled}
            error={errors.first_name}
            autoComplete="given-name"
            onInput={(v) => set("first_name", v)}
          />
          <TextField
            id="last_name"
            label={t("users.last_name")}
            value={form.last_name}
            maxLength={80}
            disabled={disabled}
            error={errors.last_name}
            autoComplete="family-name"
            onInput={(v) => set("last_name", v)}
          />
        </div>
        <TextField
          id="login"
          label={t("users.login")}
          value={form.login}
          required
          maxLength={60}
          disabled={disabled}
          error={errors.login}
          onInput={(v) => set("login", v)}
        />
        <TextField
          id="email"
          type="email"
          label={t("users.email")}
          value={form.email}
          required
          maxLength={254}
          disabled={disabled}
          error={errors.email}
          autoComplete="email"
          onInput={(v) => set("email", v)}
        />
        <TextField
          id="phone"
          type="tel"
          label={t("users.phone")}
          value={form.phone}
          maxLength={30}
          disabled={disabled}
          error={errors.phone}
          autoComplete="tel"
          onInput={(v) => set("phone", v)}
        />
        <div class="field">
          <label for="language">{t("users.language")}</label>
          <select
            id="language"
            value={form.language}
            disabled={disabled}
            onChange={(e) => set("language", (e.target as HTMLSelectElement).value)}
          >
            {LANGUAGES.map((l) => <option key={l} value={l}>{t(`users.languages.${l}`)}</option>)}
          </select>
        </div>
      </Section>
      {props.manage && (
        <Section id="sec-access" title={t("users.section_access")}>
          <div class="field">
            <label for="role">{t("users.role")}</label>
            <select
              id="role"
              value={form.role}
              disabled={disabled}
              aria-invalid={errors.role ? "true" : undefined}
              onChange={(e) => set("role", (e.target as HTMLSelectElement).value)}
            >
              {roles.map((r) => <option key={r} value={r}>{t(`users.roles.${r}`)}</option>)}
            </select>
            {errors.role && <span class="field-error">{errors.role}</span>}
          </div>
          {props.superAdmin && (
            <div class="field">
              <label for="channel">{t("users.channel")}</label>
              <select
                id="channel"
                value={form.channel_id ?? ""}
                disabled={disabled}
                aria-invalid={errors.channel_id ? "true" : undefined}
                onChange={(e) => {
                  const v = (e.target as HTMLSelectElement).value;
                  set("channel_id", v ? Number(v) : null);
                }}
              >
                <option value="">{t("users.no_channel")}</option>
                {props.channels.map((c) => <option key={c.id} value={c.id}>{c.label}</option>)}
              </select>
              {errors.channel_id && <span class="field-error">{errors.channel_id}</span>}
            </div>
          )}
          <CheckField
            id="active"
            label={t("users.active")}
            checked={form.active}
            disabled={disabled}
            onChange={(v) => set("active", v)}
          />
        </Section>
      )}
    </>
  );
}
