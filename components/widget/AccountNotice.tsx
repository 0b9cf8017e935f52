// The first screen of an interaction that requires registration (visitor-widget §4, §6): it says before
// any form that an account is needed and opens the login panel (log in, register, forgot password), so
// a listener who came by a share link or a QR code is not refused after filling everything in.
import { useT } from "../../framework/island.tsx";

export interface AccountNoticeProps {
  /** The listener logged in on this device (null before hydration, or none): their nickname is shown. */
  nickname: string | null;
  onLogin: () => void;
}

export function AccountNotice({ nickname, onLogin }: AccountNoticeProps) {
  const { t } = useT();
  if (nickname !== null) {
    return <p class="w-account" data-account="in">{t("widget.account_as", { nickname })}</p>;
  }
  return (
    <div class="w-account" data-account="needed">
      <p class="w-notice">{t("widget.account_needed")}</p>
      <button type="button" class="w-btn w-btn-secondary" onClick={onLogin}>
        {t("widget.account_login")}
      </button>
    </div>
  );
}
