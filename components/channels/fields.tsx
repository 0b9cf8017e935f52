import type { ComponentChildren } from "preact";

/** A labelled text-like input bound to a value. */
export function TextField(props: {
  id: string;
  label: string;
  value: string | number | null;
  onInput: (value: string) => void;
  onBlur?: () => void;
  type?: string;
  disabled?: boolean;
  error?: string;
  hint?: string;
  required?: boolean;
  maxLength?: number;
  autoComplete?: string;
  min?: number;
  max?: number;
}) {
  const describedBy = [props.error && `${props.id}-error`, props.hint && `${props.id}-hint`].filter(Boolean)
    .join(" ");
  return (
    <div class="field">
      <label for={props.id}>{props.label}</label>
      <input
        id={props.id}
        type={props.type ?? "text"}
        value={props.value ?? ""}
        disabled={props.disabled}
        required={props.required}
        maxLength={props.maxLength}
        min={props.min}
        max={props.max}
        autoComplete={props.autoComplete ?? "off"}
        onBlur={props.onBlur}
        aria-invalid={props.error ? "true" : undefined}
        aria-describedby={describedBy || undefined}
        onInput={(e) => props.onInput((e.target as HTMLInputElement).value)}
      />
      {/* the message first, right under the field: the hint may run to several lines on a phone */}
      {props.error && <span class="field-error" id={`${props.id}-error`}>{props.error}</span>}
      {props.hint && <span class="field-hint" id={`${props.id}-hint`}>{props.hint}</span>}
    </div>
  );
}

/** A labelled select among given options: what it hands on is one of their values, typed as they are. */
export function SelectField<V extends string>(props: {
  id: string;
  label: string;
  value: V;
  options: { value: V; label: string }[];
  onChange: (value: V) => void;
  disabled?: boolean;
  error?: string;
}) {
  return (
    <div class="field">
      <label for={props.id}>{props.label}</label>
      <select
        id={props.id}
        value={props.value}
        disabled={props.disabled}
        aria-invalid={props.error ? "true" : undefined}
        aria-describedby={props.error ? `${props.id}-error` : undefined}
        onChange={(e) => props.onChange((e.target as HTMLSelectElement).value as V)}
      >
        {props.options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
      {props.error && <span class="field-error" id={`${props.id}-error`}>{props.error}</span>}
    </div>
  );
}

/** A checkbox with its label. */
export function CheckField(props: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  /** The server's message for this field, shown under it and tied to it (back-office §8 Forms). */
  error?: string;
}) {
  const box = (
    <label class="checkbox" for={props.id}>
      <input
        id={props.id}
        type="checkbox"
        checked={props.checked}
        disabled={props.disabled}
        {...errorAttributes(props.id, props.error)}
        onChange={(e) => props.onChange((e.target as HTMLInputElement).checked)}
      />
      <span>{props.label}</span>
    </label>
  );
  if (!props.error) return box;
  return (
    <div class="field">
      {box}
      <FieldError id={props.id} error={props.error} />
    </div>
  );
}

/**
 * The attributes that tie a field to its message: `aria-invalid` and `aria-describedby` naming
 * `<id>-error` (plus the field's other descriptions, e.g. a hint), nothing when the field is right.
 */
export function errorAttributes(id: string, error: string | undefined, describedBy?: string) {
  const ids = [describedBy, error ? `${id}-error` : undefined].filter(Boolean).join(" ");
  return { "aria-invalid": error ? "true" as const : undefined, "aria-describedby": ids || undefined };
}

/** The message under a field, with the id its `aria-describedby` names; nothing when the field is right. */
export function FieldError(props: { id: string; error: string | undefined }) {
  return props.error ? <span class="field-error" id={`${props.id}-error`}>{props.error}</span> : null;
}

/** A group of radio buttons shown as segmented choices. */
export function RadioGroup<T extends string>(props: {
  name: string;
  legend: string;
  value: T;
  options: { value: T; label: string }[];
  onChange: (value: T) => void;
  disabled?: boolean;
}) {
  return (
    <fieldset class="radio-group" disabled={props.disabled}>
      <legend class="label">{props.legend}</legend>
      <div class="segmented">
        {props.options.map((o) => (
          <label key={o.value}>
            <input
              type="radio"
              name={props.name}
              value={o.value}
              checked={props.value === o.value}
              onChange={() => props.onChange(o.value)}
            />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A colour picker with its hex value. */
export function ColorField(props: {
  id: string;
  label: string;
  value: string;
  onInput: (value: string) => void;
  disabled?: boolean;
  error?: string;
}) {
  return (
    <div class="field color-field">
      <label for={props.id}>{props.label}</label>
      <div class="color-row">
        <input
          id={props.id}
          type="color"
          value={props.value}
          disabled={props.disabled}
          {...errorAttributes(props.id, props.error)}
          onInput={(e) => props.onInput((e.target as HTMLInputElement).value)}
        />
        <code aria-hidden="true">{props.value}</code>
      </div>
      <FieldError id={props.id} error={props.error} />
    </div>
  );
}

/** A titled card grouping fields. */
export function Section(props: { title: string; id: string; children: ComponentChildren; wide?: boolean }) {
  return (
    <section class={`card form-section${props.wide ? " form-section-wide" : ""}`} aria-labelledby={props.id}>
      <h2 id={props.id}>{props.title}</h2>
      {props.children}
    </section>
  );
}
