import { useT } from "../../framework/island.tsx";
import { LANGUAGES } from "../../lib/rules/languages.ts";
import { ROLES } from "../../lib/rules/permissions.ts";
import { CheckField, Section, SelectField, TextField } from "../channels/fields.tsx";

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
        <SelectField
          id="language"
          label={t("users.language")}
          value={form.language}
          disabled={disabled}
          options={LANGUAGES.map((l) => ({ value: l, label: t(`users.languages.${l}`) }))}
          onChange={(v) => set("language", v)}
        />
      </Section>
      {props.manage && (
        <Section id="sec-access" title={t("users.section_access")}>
          <SelectField
            id="role"
            label={t("users.role")}
            value={form.role}
            disabled={disabled}
            error={errors.role}
            options={roles.map((r) => ({ value: r, label: t(`users.roles.${r}`) }))}
            onChange={(v) => set("role", v)}
          />
          {props.superAdmin && (
            <SelectField
              id="channel"
              label={t("users.channel")}
              value={String(form.channel_id ?? "")}
              disabled={disabled}
              error={errors.channel_id}
              options={[
                { value: "", label: t("users.no_channel") },
                ...props.channels.map((c) => ({ value: String(c.id), label: c.label })),
              ]}
              onChange={(v) => set("channel_id", v ? Number(v) : null)}
            />
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
