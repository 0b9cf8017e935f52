import { useT } from "../../framework/island.tsx";

/** Recording is blocked in Facebook and Instagram in-app browsers: how to open a real browser (§2). */
export function InAppOverlay() {
  const { t } = useT();
  return (
    <div class="w-overlay" role="dialog" aria-modal="true" aria-labelledby="w-inapp-title">
      <div class="w-overlay-card">
        <span class="w-overlay-dots" aria-hidden="true">⋯</span>
        <h2 id="w-inapp-title">{t("widget.in_app_title")}</h2>
        <p>{t("widget.in_app_react")}</p>
        <ol>
          <li>{t("widget.in_app_step1")}</li>
          <li>{t("widget.in_app_step2")}</li>
        </ol>
      </div>
    </div>
  );
}
