import { useT } from "../../framework/island.tsx";

/**
 * A WhatsApp line's approved template, on its card: the name and language code Meta lists, sent instead of
 * free text outside the 24-hour window; the hint says whether one is set (without, such replies are refused).
 */
export function LineTemplateForm(props: {
  line: { id: number; template: { name: string; language: string } | null };
  onSubmit: (e: Event) => void;
}) {
  const { t } = useT();
  const { line } = props;
  return (
    <form class="line-template" onSubmit={props.onSubmit}>
      <p class="field-hint">{line.template ? t("lines.template_hint") : t("lines.template_none")}</p>
      <div class="field">
        <label for={`line-template-${line.id}`}>{t("lines.template_name")}</label>
        <input
          id={`line-template-${line.id}`}
          name="name"
          class="input"
          defaultValue={line.template?.name ?? ""}
        />
      </div>
      <div class="field">
        <label for={`line-template-language-${line.id}`}>{t("lines.template_language")}</label>
        <input
          id={`line-template-language-${line.id}`}
          name="language"
          class="input"
          defaultValue={line.template?.language ?? ""}
        />
      </div>
      <button type="submit" class="btn btn-secondary btn-sm">{t("lines.template_save")}</button>
    </form>
  );
}
