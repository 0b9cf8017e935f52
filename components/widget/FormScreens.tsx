// Write, gatherInformation and rgpdConsent screens of the single-interaction widget (§2, §5).
import { useEffect, useRef, useState } from "preact/hooks";
import { useT } from "../../framework/island.tsx";
import type { WidgetSegment } from "../../lib/rules/widget.ts";

export function WriteScreen(
  { limit, initial, onSend }: { limit: number; initial: string; onSend: (text: string) => void },
) {
  const { t } = useT();
  const [text, setText] = useState(initial);
  return (
    <div class="w-write">
      <textarea
        class="w-textarea"
        placeholder={t("widget.write_placeholder")}
        aria-label={t("widget.write_placeholder")}
        maxLength={limit}
        rows={6}
        value={text}
        onInput={(e) => setText((e.currentTarget as HTMLTextAreaElement).value)}
      />
      <p class="w-counter">{t("widget.characters_left", { count: limit - text.length })}</p>
      <button
        type="button"
        class="w-btn w-btn-primary"
        disabled={!text.trim()}
        onClick={() => onSend(text.trim())}
      >
        {t("widget.send")}
      </button>
    </div>
  );
}

export function GatherScreen(
  { segment, values, remember, onSubmit }: {
    segment: WidgetSegment;
    values: Record<string, string>;
    remember: boolean;
    onSubmit: (values: Record<string, string>, remember: boolean) => void;
  },
) {
  const { t } = useT();
  const [form, setForm] = useState(values);
  const [memorise, setMemorise] = useState(remember);
  const [errors, setErrors] = useState<string[]>([]);
  const submit = (e: Event) => {
    e.preventDefault();
    const missing = segment.fields.filter((f) => f.mandatory && !(form[f.field] ?? "").trim());
    const list = missing.map((f) => t("widget.missing_field", { field: t(`widget.field_${f.field}`) }));
    setErrors(list);
    if (list.length === 0) onSubmit(form, memorise);
  };
  return (
    <form class="w-gather" onSubmit={submit} noValidate>
      {errors.length > 0 && (
        <div class="w-errors" role="alert">
          <strong>{t("widget.form_errors")}</strong>
          <ul>{errors.map((e) => <li key={e}>{e}</li>)}</ul>
        </div>
      )}
      {segment.fields.map(({ field, mandatory }) => (
        <label key={field} class="w-field">
          <span>
            {t(`widget.field_${field}`)}{" "}
            <small>{mandatory ? t("widget.required") : t("widget.optional")}</small>
          </span>
          <input
            name={field}
            type={field === "email"
              ? "email"
              : field === "phone"
              ? "tel"
              : field === "age"
              ? "number"
              : "text"}
            autoComplete={({
              first_name: "given-name",
              name: "family-name",
              city: "address-level2",
              phone: "tel",
              email: "email",
            } as Record<string, string>)[field]}
            value={form[field] ?? ""}
            aria-invalid={errors.length > 0 && mandatory && !(form[field] ?? "").trim()}
            onInput={(e) => setForm({ ...form, [field]: (e.currentTarget as HTMLInputElement).value })}
          />
        </label>
      ))}
      <label class="w-switch">
        <input type="checkbox" role="switch" checked={memorise} onChange={() => setMemorise(!memorise)} />
        <span>{t("widget.memorise")}</span>
      </label>
      <button type="submit" class="w-btn w-btn-primary">{t("widget.send")}</button>
    </form>
  );
}

/** Html of the customisation, sanitised on the server (lib/widgets/page.ts), set through a ref. */
function SafeHtml({ html }: { html: string }) {
  const el = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (el.current) el.current.innerHTML = html;
  }, [html]);
  return <span ref={el} />;
}

export function ConsentScreen(
  { segment, initial, onSubmit }: {
    segment: WidgetSegment;
    /** The consents already given (shown again after a login the sending waited for). */
    initial?: { gdpr: boolean; image: boolean };
    onSubmit: (gdpr: boolean, image: boolean) => void;
  },
) {
  const { t } = useT();
  const [gdpr, setGdpr] = useState(initial?.gdpr ?? false);
  const [image, setImage] = useState(initial?.image ?? false);
  const ready = (!segment.gdpr || gdpr) && (!segment.image_right || image);
  const box = (
    title: string,
    html: string | null,
    fallback: string,
    checked: boolean,
    set: (v: boolean) => void,
    name: string,
  ) => (
    <fieldset class="w-consent">
      <legend>{title}</legend>
      <label class="w-check">
        <input type="checkbox" name={name} checked={checked} onChange={() => set(!checked)} />
        {html ? <SafeHtml html={html} /> : <span>{fallback}</span>}
      </label>
    </fieldset>
  );
  return (
    <div class="w-consents">
      {segment.gdpr &&
        box(
          segment.texts.title_consent || t("widget.consent_title"),
          segment.texts.consent_gdpr_text,
          t("widget.consent_text"),
          gdpr,
          setGdpr,
          "consent_gdpr",
        )}
      {segment.image_right &&
        box(
          segment.texts.title_consent_image_right || t("widget.image_right_title"),
          segment.texts.image_right_text,
          t("widget.image_right_text"),
          image,
          setImage,
          "consent_image_right",
        )}
      <button
        type="button"
        class="w-btn w-btn-primary"
        disabled={!ready}
        onClick={() => onSubmit(gdpr, image)}
      >
        {t("widget.send")}
      </button>
    </div>
  );
}
