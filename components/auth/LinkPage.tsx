import { useT } from "../../framework/island.tsx";
import { AuthShell } from "./AuthShell.tsx";
import TokenPasswordForm from "../../islands/TokenPasswordForm.tsx";
import type { UserRow } from "../../db/users.ts";

/** /confirm/{token} and /reset/{token}: the form when the link still works, else how to get a new one. */
export function LinkPage(props: {
  kind: "confirm" | "reset";
  token: string;
  user: UserRow | null;
  askPassword: boolean;
}) {
  const { t } = useT();
  const { user } = props;
  if (!user) {
    return (
      <AuthShell>
        <h1>{t("auth.link_invalid_title")}</h1>
        <p class="muted">{t("auth.link_invalid_text")}</p>
        <div class="auth-actions">
          <a class="btn btn-primary" href="/login">{t("auth.back_to_login")}</a>
          <a class="btn btn-secondary" href="/forgot-password">{t("auth.forgot")}</a>
        </div>
      </AuthShell>
    );
  }
  const name = `${user.first_name ?? ""} ${user.last_name ?? ""}`.trim() || user.login;
  return (
    <AuthShell>
      <h1>{props.kind === "confirm" ? t("auth.confirm_title") : t("auth.reset_title")}</h1>
      <p class="muted">
        {props.kind === "reset"
          ? t("auth.reset_intro", { email: user.email })
          : props.askPassword
          ? t("auth.confirm_choose", { email: user.email })
          : t("auth.confirm_text", { name, email: user.email })}
      </p>
      <TokenPasswordForm
        kind={props.kind}
        token={props.token}
        email={user.email}
        askPassword={props.askPassword}
      />
      <p class="auth-switch">
        <a href="/login">{t("auth.back_to_login")}</a>
      </p>
    </AuthShell>
  );
}
