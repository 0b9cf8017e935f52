import { useEffect, useRef, useState } from "preact/hooks";
import { useT } from "../../framework/island.tsx";

/**
 * Recording is blocked in Facebook and Instagram in-app browsers: how to open a real browser (§2). It
 * covers the recorder only (writing, voting and the gallery work there), and the listener can close it.
 */
export function InAppOverlay() {
  const { t } = useT();
  const [open, setOpen] = useState(true);
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    // after the screen beneath has placed its own focus (its effect runs after this one)
    const frame = requestAnimationFrame(() => close.current?.focus());
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false);
    document.addEventListener("keydown", onKey);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);
  if (!open) return null;
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
        <button type="button" class="w-link w-overlay-close" ref={close} onClick={() => setOpen(false)}>
          {t("widget.in_app_close")}
        </button>
      </div>
    </div>
  );
}
