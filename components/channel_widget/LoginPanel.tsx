/// <reference lib="dom" />
// The login panel (visitor-widget §2 Login panel, §4, §5): main, login by email, password, forgot,
// register, register finish, send without registering; back arrow and titles per §2.
import type { Ref } from "preact";
import { useDialogFocus } from "../../islands/browser/focus.ts";
import { useState } from "preact/hooks";
import { useT } from "../../framework/island.tsx";
import { LOGIN_BACK, type LoginStep, loginTitle } from "../../lib/rules/visitor_login.ts";
import { setVisitorSession, visitorApi, type VisitorSession } from "../../islands/browser/http.ts";
import { useCountdown } from "../../islands/browser/countdown.ts";
import { deviceId, signedDeviceId } from "../../islands/browser/participation_client.ts";
import {
  AnonymousStep,
  EmailStep,
  ForgotStep,
  PasswordStep,
  RegisterStep,
  type Values,
} from "./LoginSteps.tsx";

export interface LoginPanelProps {
  channelId: number;
  /** Opened from the my-space avatar: the my-space texts. */
  fromSpace: boolean;
  /** The interaction requires registration: no Send without registering. */
  hideAnonymous: boolean;
  /** What had the focus before the panel opened: it gets it back when the panel closes. */
  opener?: HTMLElement | null;
  onClose: () => void;
  onDone: (session: VisitorSession) => void;
}

export function LoginPanel(props: LoginPanelProps) {
  const { t, lang } = useT();
  const [step, setStep] = useState<LoginStep>("main");
  const [values, setValues] = useState<Values>({ email: "", password: "", nickname: "", phone: "" });
  const [passwordInvalid, setPasswordInvalid] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // too many failed logins: the wait the server gave, counted down in the listener's language
  const [wait, startWait, waited] = useCountdown();
  const set = (patch: Partial<Values>) => setValues((v) => ({ ...v, ...patch }));
  const go = (next: LoginStep) => {
    setError(null);
    setNotice(null);
    setStep(next);
  };
  const dialog = useDialogFocus(step, props.opener, props.onClose);
  const back = () => (LOGIN_BACK[step] ? go(LOGIN_BACK[step]!) : props.onClose());

  const finish = (session: VisitorSession) => {
    setVisitorSession(session);
    props.onDone(session);
  };
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };
  const login = () =>
    run(async () => {
      const res = await visitorApi<VisitorSession>("POST", "/api/v1/app_users/login", {
        email: values.email.trim(),
        password: values.password,
      });
      if (res.status === 429 && res.retryAfter) return startWait(res.retryAfter);
      // a failure marks the password invalid, with no text (§8)
      if (!res.ok || !res.data?.id) return setPasswordInvalid(true);
      finish(res.data);
    });
  const register = (anonymous: boolean) =>
    run(async () => {
      const body = anonymous
        ? {
          nickname: values.nickname.trim(),
          is_anonymous: true,
          language: lang,
          udid: (await signedDeviceId()) || deviceId(),
        }
        : {
          email: values.email.trim(),
          password: values.password,
          nickname: values.nickname.trim(),
          phone: values.phone.trim(),
          language: lang,
          channel_id: props.channelId,
          udid: (await signedDeviceId()) || deviceId(),
        };
      const res = await visitorApi<VisitorSession & { message?: string }>("POST", "/api/v1/app_users", body);
      if (!res.ok || !res.data?.id) return setError(res.data?.message ?? t("channel_widget.error"));
      finish(res.data);
    });
  const forgot = () =>
    run(async () => {
      const res = await visitorApi<{ message?: string }>("POST", "/api/v1/app_users/forgot_password", {
        email: values.email.trim(),
        channel_id: props.channelId,
      });
      if (res.ok) setNotice(t("channel_widget.forgot_sent"));
      else setError(res.data?.message ?? t("channel_widget.error"));
    });

  return (
    <div
      class="cw-panel"
      role="dialog"
      aria-modal="true"
      aria-labelledby="cw-login-title"
      ref={dialog as Ref<HTMLDivElement>}
    >
      <header class="cw-bar">
        <button type="button" class="cw-back" onClick={back} aria-label={t("channel_widget.back")}>
          ←
        </button>
        <h2 id="cw-login-title">{t(`channel_widget.login.${loginTitle(step)}`)}</h2>
      </header>
      <div class="cw-panel-body">
        {error && <p class="cw-alert" role="alert">{error}</p>}
        {wait > 0 && step === "password" && (
          <p class="cw-alert" role="alert" data-wait={wait}>
            <span class="sr-only">{t("sessions.wait", { seconds: waited, count: waited })}</span>
            <span aria-hidden="true">{t("sessions.wait", { seconds: wait, count: wait })}</span>
          </p>
        )}
        {notice && <p class="cw-notice" role="status">{notice}</p>}
        {step === "main" && (
          <div class="cw-login-main">
            <p class="cw-lead">
              {props.fromSpace ? t("channel_widget.login.space_lead") : t("channel_widget.login.how")}
            </p>
            {props.fromSpace && <p>{t("channel_widget.login.space_required")}</p>}
            {!props.fromSpace && props.hideAnonymous && <p>{t("channel_widget.login.required")}</p>}
            <button type="button" class="cw-btn" onClick={() => go("register")}>
              {t("channel_widget.login.register")}
            </button>
            {!props.hideAnonymous && (
              <button
                type="button"
                class="cw-btn cw-btn-alt"
                onClick={() => go("anonymous")}
              >
                {t("channel_widget.login.send_anonymous")}
              </button>
            )}
            <button type="button" class="cw-btn cw-btn-alt" onClick={() => go("email")}>
              {t("channel_widget.login.login")}
            </button>
          </div>
        )}
        {step === "email" && <EmailStep values={values} set={set} onNext={() => go("password")} />}
        {step === "password" && (
          <PasswordStep
            values={values}
            set={(p) => {
              setPasswordInvalid(false);
              set(p);
            }}
            invalid={passwordInvalid}
            busy={busy || wait > 0}
            onLogin={login}
            onForgot={() => go("forgot")}
          />
        )}
        {step === "forgot" && <ForgotStep values={values} set={set} busy={busy} onSend={forgot} />}
        {(step === "register" || step === "registerFinish") && (
          <RegisterStep
            finish={step === "registerFinish"}
            values={values}
            set={set}
            busy={busy}
            onNext={() => go("registerFinish")}
            onRegister={() => register(false)}
          />
        )}
        {step === "anonymous" && (
          <AnonymousStep
            values={values}
            set={set}
            busy={busy}
            onSend={() => register(true)}
          />
        )}
      </div>
    </div>
  );
}
