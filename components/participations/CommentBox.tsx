import { useEffect, useRef, useState } from "preact/hooks";
import { useT } from "../../framework/island.tsx";
import { PRIVATE_COMMENT_AUTOSAVE_MS } from "../../lib/rules/constants.ts";
import { api } from "../../islands/browser/http.ts";

/** The private comment (operator note), saved 3 s after the last keystroke (PUT interaction/{id}). */
export function CommentBox(
  { id, initial, disabled }: { id: number; initial: string | null; disabled: boolean },
) {
  const { t } = useT();
  const [value, setValue] = useState(initial ?? "");
  const [state, setState] = useState<"idle" | "saved" | "error">("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const onInput = (text: string) => {
    setValue(text);
    setState("idle");
    clearTimeout(timer.current);
    timer.current = setTimeout(async () => {
      const res = await api("PUT", `/api/v1/interaction/${id}`, { id, comment: text });
      setState(res.ok ? "saved" : "error");
    }, PRIVATE_COMMENT_AUTOSAVE_MS);
  };
  return (
    <div class="field inbox-comment">
      <label class="label" for={`comment-${id}`}>{t("participations.comment")}</label>
      <textarea
        id={`comment-${id}`}
        class="input"
        rows={2}
        value={value}
        disabled={disabled}
        maxLength={5000}
        onInput={(e) => onInput(e.currentTarget.value)}
      />
      <p class="field-hint" aria-live="polite">
        {state === "saved"
          ? t("participations.comment_saved")
          : state === "error"
          ? t("participations.error")
          : t("participations.comment_hint")}
      </p>
    </div>
  );
}
