import { useEffect, useRef, useState } from "preact/hooks";
import { island, useT } from "../framework/island.tsx";
import { safeNext } from "../lib/rules/accounts.ts";
import { api, errorMessage } from "./browser/http.ts";
import { LoginForm, type LoginSecondStep, type SsoButton } from "../components/auth/LoginForm.tsx";
import { RegisterForm } from "../components/auth/RegisterForm.tsx";
import { SecondStepForm, type SecondStepState } from "../components/auth/SecondStepForm.tsx";

interface Props {
  /** Prefilled e-mail (query email). */
  email: string;
  /** A one-time login token (query token): logs in directly. */
  token: string | null;
  next: string | null;
  mode: "login" | "register";
  notice: "reset_done" | "logged_out" | null;
  /** The provider a link names (query sso): "Sign in with …" from the start. */
  sso: SsoButton | null;
  /** The platform's provider, offered until a typed e-mail's domain names another. */
  platformSso: SsoButton | null;
  /** Why a single sign-on came back refused (an error key). */
  ssoError: string | null;
  /** What a single sign-on left to do: the local second factor (or its enrolment). */
  secondStep: SecondStepState | null;
  lang: string;
}

/** /login: the login and register forms, the after-register modal, and the direct login by token. */
function LoginPanel(props: Props) {
  const { t } = useT();
  const [mode, setMode] = useState(props.mode);
  const [email, setEmail] = useState(props.email);
  const [registered, setRegistered] = useState<string | null>(null);
  const [tokenState, setTokenState] = useState<"idle" | "busy" | string>(props.token ? "busy" : "idle");
  const [resent, setResent] = useState<string | null>(null);
  const [secondStep, setSecondStep] = useState<SecondStepState | null>(props.secondStep);
  const modal = useRef<HTMLDialogElement>(null);
  const go = (redirect: string) => location.assign(safeNext(props.next) ?? redirect);

  useEffect(() => {
    if (!props.token) return;
    history.replaceState(
      null,
      "",
      location.pathname + (props.next ? `?next=${encodeURIComponent(props.next)}` : ""),
    );
    api<{ redirect: string } & Partial<LoginSecondStep>>("POST", "/api/v1/auth", { token: props.token }).then(
      (res) => {
        if (res.ok && res.data.second_step && res.data.ticket) {
          setSecondStep({ step: res.data.second_step, ticket: res.data.ticket });
          setTokenState("idle");
        } else if (res.ok) go(res.data.redirect);
        else setTokenState(errorMessage(res.data, t("errors.link_invalid")));
      },
    );
  }, []);

  useEffect(() => {
    if (registered && !modal.current?.open) modal.current?.showModal();
  }, [registered]);

  const closeModal = () => {
    modal.current?.close();
    setEmail(registered ?? email);
    setRegistered(null);
    setResent(null);
    setMode("login");
  };
  const resend = async () => {
    const res = await api<{ message: string }>("POST", "/api/v1/users/resend", { email: registered });
    setResent(errorMessage(res.data, t("auth.network_error")));
  };

  if (tokenState === "busy") {
    return (
      <p class="auth-token" role="status">
        <span class="spinner spinner-dark" aria-hidden="true" /> {t("auth.token_login")}
      </p>
    );
  }
  if (secondStep) {
    return (
      <SecondStepForm
        {...secondStep}
        onLoggedIn={go}
        onBack={() => setSecondStep(null)}
      />
    );
  }
  return (
    <>
      {tokenState !== "idle" && <p class="notice notice-error" role="alert">{tokenState}</p>}
      {props.ssoError && mode === "login" && (
        <p class="notice notice-error" role="alert">{t(`errors.${props.ssoError}`)}</p>
      )}
      {props.notice && mode === "login" && (
        <p class="notice notice-success" role="status">{t(`auth.${props.notice}`)}</p>
      )}
      {mode === "login"
        ? (
          <LoginForm
            key={`login-${email}`}
            email={email}
            sso={props.sso}
            platformSso={props.platformSso}
            next={props.next}
            onLoggedIn={go}
            onRegister={() => setMode("register")}
            onSecondStep={setSecondStep}
          />
        )
        : (
          <RegisterForm
            email={email}
            lang={props.lang}
            onRegistered={setRegistered}
            onLogin={() => setMode("login")}
          />
        )}
      <dialog
        ref={modal}
        class="modal auth-modal"
        aria-labelledby="after-register-title"
        onClose={closeModal}
      >
        <div class="modal-body">
          <div class="auth-modal-icon" aria-hidden="true">
            <svg viewBox="0 0 24 24" width="32" height="32">
              <path
                d="M3 6h18v12H3z M3 6l9 7 9-7"
                fill="none"
                stroke="currentColor"
                stroke-width="1.8"
                stroke-linejoin="round"
              />
            </svg>
          </div>
          <h2 id="after-register-title">{t("auth.after_register_title")}</h2>
          <p>{t("auth.after_register_text", { email: registered ?? "" })}</p>
          {resent && <p class="notice notice-info" role="status">{resent}</p>}
          <div class="modal-actions">
            <button type="button" class="btn btn-secondary" onClick={resend}>{t("auth.resend")}</button>
            <button type="button" class="btn btn-primary" onClick={closeModal}>{t("auth.ok")}</button>
          </div>
        </div>
      </dialog>
    </>
  );
}

export default island("LoginPanel", LoginPanel, { ns: ["auth", "users", "errors"] });
