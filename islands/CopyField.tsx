import { useState } from "preact/hooks";
import { island, useT } from "../framework/island.tsx";
import { TOAST_MS } from "../lib/rules/constants.ts";

interface Props {
  id: string;
  label: string;
  value: string;
  button: string;
  multiline?: boolean;
}

/** A read-only value with a copy button (share link, embed code). */
function CopyField(props: Props) {
  const { t } = useT();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.value);
    } catch {
      const input = document.getElementById(props.id) as HTMLInputElement | null;
      input?.select();
      document.execCommand("copy");
    }
    setCopied(true);
    setTimeout(() => setCopied(false), TOAST_MS.success);
  };
  return (
    <div class="field copy-field">
      <label for={props.id}>{props.label}</label>
      <div class="copy-row">
        {props.multiline
          ? (
            <textarea
              id={props.id}
              readOnly
              rows={4}
              value={props.value}
              onFocus={(e) => (e.target as HTMLTextAreaElement).select()}
            />
          )
          : (
            <input
              id={props.id}
              readOnly
              value={props.value}
              onFocus={(e) => (e.target as HTMLInputElement).select()}
            />
          )}
        <button type="button" class="btn btn-secondary btn-sm" onClick={copy}>
          {copied ? t("interactions.copied") : props.button}
        </button>
      </div>
      <span class="sr-only" aria-live="polite">{copied ? t("interactions.copied") : ""}</span>
    </div>
  );
}

export default island("CopyField", CopyField, { ns: ["interactions"] });
