// The help overlay of the inbox's keyboard shortcuts (opened with `?`, closed with Escape).
import { useEffect, useRef } from "preact/hooks";
import { useT } from "../../framework/island.tsx";
import { INBOX_SHORTCUTS, KEY_NAME_LABELS } from "../../lib/rules/inbox_keys.ts";

export function KeyboardHelp({ onClose }: { onClose: () => void }) {
  const { t } = useT();
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    close.current?.focus();
    return () => before?.focus?.();
  }, []);
  return (
    <div class="keys-backdrop" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div class="keys-dialog card" role="dialog" aria-modal="true" aria-labelledby="keys-title">
        <h2 id="keys-title">{t("studio_audio.keys_title")}</h2>
        <dl class="keys-list">
          {INBOX_SHORTCUTS.map((s) => (
            <div key={s.label} class="keys-row">
              <dt>
                {s.keys.map((k) => <kbd key={k}>{k in KEY_NAME_LABELS ? t(KEY_NAME_LABELS[k]) : k}</kbd>)}
              </dt>
              <dd>{t(s.label)}</dd>
            </div>
          ))}
        </dl>
        <button ref={close} type="button" class="btn btn-secondary btn-sm" onClick={onClose}>
          {t("studio_audio.close")}
        </button>
      </div>
    </div>
  );
}
