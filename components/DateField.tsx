/// <reference lib="dom" />
// A date or a time as the app writes them in every language (DD/MM/YYYY, a 24-hour HH:mm: back-office §9),
// read and typed as such whatever the browser's locale: a native date field draws mm/dd/yyyy and AM/PM on an
// English browser, on a French page. The form still sends what a native field sends (YYYY-MM-DD, HH:mm).
import { useEffect, useRef, useState } from "preact/hooks";
import { useT } from "../framework/island.tsx";
import {
  type DateFieldCode,
  type DateFieldKind,
  formatDateField,
  parseDateField,
} from "../lib/rules/wall_clock.ts";
import { fieldMessage } from "../lib/rules/field_errors.ts";

export interface DateFieldProps {
  id: string;
  label: string;
  /** A calendar day (the default) or a time of day. */
  kind?: DateFieldKind;
  /** The value as a form sends it, "YYYY-MM-DD" or "HH:mm"; "" when empty. */
  value: string;
  /** Each value typed that reads, once the person leaves the field (never an unreadable one). */
  onChange?: (value: string) => void;
  /** Whether what is typed cannot be read (a form that saves itself waits for a readable value). */
  onProblem?: (code: DateFieldCode | null) => void;
  /** Sent under this name by a plain form: a hidden field holds the value. */
  name?: string;
  required?: boolean;
  disabled?: boolean;
  /** Bounds of the device's calendar, as values. */
  min?: string;
  max?: string;
  autoComplete?: string;
  /** A message from elsewhere (the server's), shown while what is typed reads. */
  error?: string;
  /** Offers the device's calendar or clock, which a page of another site may not open (not in a widget). */
  picker?: boolean;
  /** The class of the field, its hint and its error (the back office's by default). */
  classes?: { field: string; hint: string; error: string };
}

const BACK_OFFICE = { field: "field", hint: "field-hint", error: "field-error" };

/** What the field says is wrong: what was typed cannot be read, or a required field was emptied. */
type FieldProblem = DateFieldCode | "field_required";

/** A labelled date or time field with its format as a hint and, said under it, what it could not read. */
export function DateField(props: DateFieldProps) {
  const { t } = useT();
  const kind = props.kind ?? "date";
  const classes = props.classes ?? BACK_OFFICE;
  const [text, setText] = useState(() => formatDateField(kind, props.value));
  const [problem, setProblem] = useState<FieldProblem | null>(null);
  // what a plain form sends: the last value that read
  const [sent, setSent] = useState(props.value);
  const hidden = useRef<HTMLInputElement>(null);
  const native = useRef<HTMLInputElement>(null);
  // a value changed from outside (a rule moved the end) is shown; the one just typed stays as typed
  useEffect(() => {
    if (parseDateField(kind, text).value !== props.value) {
      setText(formatDateField(kind, props.value));
      setProblem(null);
    }
    setSent(props.value);
  }, [props.value]);

  const message = problem ? fieldMessage(problem, t) : props.error;
  /** Reads what is typed: a plain form cannot be sent while it cannot be read (the browser says why). */
  const check = (input: HTMLInputElement) => {
    const read = parseDateField(kind, input.value);
    input.setCustomValidity(read.error ? fieldMessage(read.error, t) : "");
    return read;
  };
  const commit = (input: HTMLInputElement) => {
    const read = check(input);
    setProblem(read.error ?? (props.required && read.value === "" ? "field_required" : null));
    props.onProblem?.(read.error ?? null);
    if (read.error !== undefined) return;
    // an emptied required field keeps its value: nothing is sent until a day is typed
    if (props.required && read.value === "") return;
    setText(formatDateField(kind, read.value));
    // set at once: Enter sends a plain form before the next render
    if (hidden.current) hidden.current.value = read.value;
    setSent(read.value);
    if (read.value !== props.value) props.onChange?.(read.value);
  };
  const open = () => {
    const input = native.current;
    if (!input) return;
    input.value = parseDateField(kind, text).value ?? "";
    try {
      input.showPicker();
    } catch {
      // a browser without a picker: the field is typed
      document.getElementById(props.id)?.focus();
    }
  };
  const hintId = `${props.id}-hint`;
  const errorId = `${props.id}-error`;
  return (
    <div class={`${classes.field} date-field`}>
      <label for={props.id}>{props.label}</label>
      <div class="date-field-row">
        <input
          id={props.id}
          type="text"
          value={text}
          size={kind === "date" ? 10 : 5}
          required={props.required}
          disabled={props.disabled}
          autoComplete={props.autoComplete ?? "off"}
          aria-invalid={message ? "true" : undefined}
          aria-describedby={message ? `${errorId} ${hintId}` : hintId}
          onInput={(e) => {
            const input = e.target as HTMLInputElement;
            setText(input.value);
            check(input);
          }}
          onChange={(e) => commit(e.target as HTMLInputElement)}
          onInvalid={(e) => {
            const read = parseDateField(kind, (e.target as HTMLInputElement).value);
            setProblem(read.error ?? (read.value === "" ? "field_required" : null));
          }}
        />
        {props.picker && (
          <span class="date-field-picker">
            <button
              type="button"
              class="btn btn-secondary"
              disabled={props.disabled}
              aria-label={t(kind === "date" ? "date_field.pick_date" : "date_field.pick_time")}
              onClick={open}
            >
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                {kind === "date"
                  ? (
                    <path
                      d="M7 2v3M17 2v3M3 8h18M4 4h16v17H4z"
                      fill="none"
                      stroke="currentColor"
                      stroke-width="2"
                    />
                  )
                  : (
                    <path
                      d="M12 7v5l3 3M12 3a9 9 0 1 0 0 18a9 9 0 0 0 0-18z"
                      fill="none"
                      stroke="currentColor"
                      stroke-width="2"
                    />
                  )}
              </svg>
            </button>
            {/* the device's own calendar, opened by the button; what it picks is written in the page's order */}
            <input
              ref={native}
              type={kind}
              tabIndex={-1}
              aria-hidden="true"
              class="date-field-native"
              min={props.min}
              max={props.max}
              onChange={(e) => {
                const value = (e.target as HTMLInputElement).value;
                const input = document.getElementById(props.id) as HTMLInputElement | null;
                if (!value || !input) return;
                input.value = formatDateField(kind, value);
                commit(input);
              }}
            />
          </span>
        )}
      </div>
      {message && <span class={classes.error} id={errorId}>{message}</span>}
      <span class={classes.hint} id={hintId}>
        {t(kind === "date" ? "date_field.date_hint" : "date_field.time_hint")}
      </span>
      {props.name && <input ref={hidden} type="hidden" name={props.name} value={sent} />}
    </div>
  );
}
