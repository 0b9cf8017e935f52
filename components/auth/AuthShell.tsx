import type { ComponentChildren } from "preact";
import { useT } from "../../framework/island.tsx";

/** The public frame of the account pages (login, confirm, reset, forgot password): brand and one card. */
export function AuthShell({ children, wide }: { children: ComponentChildren; wide?: boolean }) {
  const { t } = useT();
  return (
    <main class="auth-shell">
      <a class="auth-brand" href="/login">
        <svg class="auth-logo" viewBox="0 0 32 32" width="36" height="36" aria-hidden="true">
          <rect width="32" height="32" rx="9" fill="#1b2a4a" />
          <path
            d="M9 12v8M13 9v14M17 12v8M21 14v4M25 15v2"
            stroke="#c48b9f"
            stroke-width="2.4"
            stroke-linecap="round"
          />
        </svg>
        <span>{t("common.app_title")}</span>
      </a>
      <section class={`card auth-card${wide ? " auth-card-wide" : ""}`}>{children}</section>
      <footer class="brand-footer">
        {t("common.brand")} · <a href="/accessibility">{t("accessibility.link")}</a>
      </footer>
    </main>
  );
}

/** A password input with a show/hide toggle and the rule under it. */
export function PasswordField(props: {
  id: string;
  label: string;
  value: string;
  onInput: (value: string) => void;
  error?: string;
  hint?: string;
  autoComplete: "current-password" | "new-password";
  disabled?: boolean;
}) {
  const { t } = useT();
  const describedBy = [props.hint && `${props.id}-hint`, props.error && `${props.id}-error`].filter(Boolean)
    .join(" ");
  return (
    <div class="field">
      <label for={props.id}>{props.label}</label>
      <div class="password-row">
        <input
          id={props.id}
          type="password"
          value={props.value}
          disabled={props.disabled}
          autoComplete={props.autoComplete}
          maxLength={200}
          aria-invalid={props.error ? "true" : undefined}
          aria-describedby={describedBy || undefined}
          onInput={(e) => props.onInput((e.target as HTMLInputElement).value)}
        />
        <button
          type="button"
          class="password-toggle"
          aria-label={t("auth.show_password")}
          aria-controls={props.id}
          onClick={(e) => {
            const input = document.getElementById(props.id) as HTMLInputElement | null;
            if (!input) return;
            input.type = input.type === "password" ? "text" : "password";
            (e.currentTarget as HTMLButtonElement).setAttribute(
              "aria-pressed",
              String(input.type === "text"),
            );
          }}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path
              d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z"
              fill="none"
              stroke="currentColor"
              stroke-width="1.8"
            />
            <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" stroke-width="1.8" />
          </svg>
        </button>
      </div>
      {props.hint && <span class="field-hint" id={`${props.id}-hint`}>{props.hint}</span>}
      {props.error && <span class="field-error" id={`${props.id}-error`}>{props.error}</span>}
    </div>
  );
}
