/// <reference lib="dom" />
// The forms of the login panel's sub-screens (visitor-widget §2, §5).
import { useT } from "../../framework/island.tsx";
import {
  canContinueRegister,
  canFinishRegister,
  canLogin,
  canSendAnonymous,
  canSendForgot,
} from "../../lib/rules/visitor_login.ts";
import { isEmail, isPhone, isVisitorPassword } from "../../lib/rules/validation.ts";
import { useAvailability } from "./availability.ts";

export interface Values {
  email: string;
  password: string;
  nickname: string;
  phone: string;
}
interface StepProps {
  values: Values;
  set: (patch: Partial<Values>) => void;
  busy?: boolean;
}

function Field(
  props: {
    label: string;
    type?: string;
    value: string;
    onInput: (v: string) => void;
    invalid?: boolean;
    hint?: string | null;
    autocomplete?: string;
  },
) {
  return (
    <label class="cw-field">
      <span>{props.label}</span>
      <input
        type={props.type ?? "text"}
        value={props.value}
        autocomplete={props.autocomplete}
        aria-invalid={props.invalid ? "true" : undefined}
        onInput={(e) => props.onInput((e.target as HTMLInputElement).value)}
      />
      {props.hint && <small class="cw-hint">{props.hint}</small>}
    </label>
  );
}

const submit = (fn: () => void) => (e: Event) => {
  e.preventDefault();
  fn();
};

export function EmailStep({ values, set, onNext }: StepProps & { onNext: () => void }) {
  const { t } = useT();
  const bad = values.email !== "" && !isEmail(values.email);
  return (
    <form class="cw-form" onSubmit={submit(() => values.email.trim() && onNext())}>
      <Field
        label={t("channel_widget.login.email")}
        type="email"
        autocomplete="email"
        value={values.email}
        onInput={(email) => set({ email })}
      />
      {bad && <p class="cw-hint">{t("channel_widget.email_invalid")}</p>}
      <button type="submit" class="cw-btn" disabled={!values.email.trim()}>
        {t("channel_widget.login.next")}
      </button>
    </form>
  );
}

export function PasswordStep(
  { values, set, busy, invalid, onLogin, onForgot }: StepProps & {
    invalid: boolean;
    onLogin: () => void;
    onForgot: () => void;
  },
) {
  const { t } = useT();
  return (
    <form class="cw-form" onSubmit={submit(() => canLogin(values.email, values.password) && onLogin())}>
      <p class="cw-muted">{values.email}</p>
      <Field
        label={t("channel_widget.login.password")}
        type="password"
        autocomplete="current-password"
        value={values.password}
        invalid={invalid}
        onInput={(password) => set({ password })}
      />
      <button type="button" class="cw-link" onClick={onForgot}>{t("channel_widget.login.forgot")}</button>
      <button type="submit" class="cw-btn" disabled={busy || !canLogin(values.email, values.password)}>
        {t("channel_widget.login.login")}
      </button>
    </form>
  );
}

export function ForgotStep({ values, set, busy, onSend }: StepProps & { onSend: () => void }) {
  const { t } = useT();
  const ok = canSendForgot(values.email);
  return (
    <form class="cw-form" onSubmit={submit(() => ok && onSend())}>
      <p>{t("channel_widget.login.forgot_text")}</p>
      <Field
        label={t("channel_widget.login.email")}
        type="email"
        value={values.email}
        invalid={values.email !== "" && !ok}
        hint={values.email !== "" && !ok ? t("channel_widget.email_invalid") : null}
        onInput={(email) => set({ email })}
      />
      <button type="submit" class="cw-btn" disabled={busy || !ok}>{t("channel_widget.login.send")}</button>
    </form>
  );
}

export function RegisterStep(
  { values, set, busy, finish, onNext, onRegister }: StepProps & {
    finish: boolean;
    onNext: () => void;
    onRegister: () => void;
  },
) {
  const { t } = useT();
  const emailState = useAvailability("email", values.email, isEmail(values.email));
  const nicknameState = useAvailability("nickname", values.nickname, values.nickname.trim().length > 1);
  const next = canContinueRegister(values.email, emailState, values.password);
  const done = canFinishRegister({ ...values, emailState, nicknameState });
  if (!finish) {
    const emailHint = values.email && !isEmail(values.email)
      ? t("channel_widget.email_invalid")
      : emailState === "taken"
      ? t("channel_widget.email_taken")
      : null;
    return (
      <form class="cw-form" onSubmit={submit(() => next && onNext())}>
        <Field
          label={t("channel_widget.login.email")}
          type="email"
          autocomplete="email"
          value={values.email}
          invalid={Boolean(emailHint)}
          hint={emailHint}
          onInput={(email) => set({ email })}
        />
        <Field
          label={t("channel_widget.login.password")}
          type="password"
          autocomplete="new-password"
          value={values.password}
          invalid={values.password !== "" && !isVisitorPassword(values.password)}
          hint={values.password !== "" && !isVisitorPassword(values.password)
            ? t("channel_widget.password_short")
            : null}
          onInput={(password) => set({ password })}
        />
        <button type="submit" class="cw-btn" disabled={!next}>{t("channel_widget.login.next")}</button>
      </form>
    );
  }
  return (
    <form class="cw-form" onSubmit={submit(() => done && onRegister())}>
      <NicknameField values={values} set={set} state={nicknameState} />
      <Field
        label={t("channel_widget.login.phone")}
        type="tel"
        autocomplete="tel"
        value={values.phone}
        invalid={values.phone !== "" && !isPhone(values.phone)}
        hint={values.phone.trim() !== "" && !isPhone(values.phone) ? t("widget_forms.phone_expected") : null}
        onInput={(phone) => set({ phone })}
      />
      <button type="submit" class="cw-btn" disabled={busy || !done}>
        {t("channel_widget.login.register")}
      </button>
    </form>
  );
}

function NicknameField({ values, set, state }: StepProps & { state: string }) {
  const { t } = useT();
  return (
    <Field
      label={t("channel_widget.login.nickname")}
      autocomplete="nickname"
      value={values.nickname}
      invalid={state === "taken"}
      hint={state === "taken" ? t("channel_widget.nickname_taken") : null}
      onInput={(nickname) => set({ nickname })}
    />
  );
}

export function AnonymousStep({ values, set, busy, onSend }: StepProps & { onSend: () => void }) {
  const { t } = useT();
  const state = useAvailability("nickname", values.nickname, values.nickname.trim().length > 1);
  return (
    <form class="cw-form" onSubmit={submit(() => canSendAnonymous(state) && onSend())}>
      <NicknameField values={values} set={set} state={state} />
      <button type="submit" class="cw-btn" disabled={busy || !canSendAnonymous(state)}>
        {t("channel_widget.login.send")}
      </button>
    </form>
  );
}
