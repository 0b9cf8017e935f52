import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";
import { useT } from "../../framework/island.tsx";
import { TextField } from "../channels/fields.tsx";
import { TWO_FACTOR_CODE_MAX } from "../../lib/rules/two_factor.ts";

/**
 * A form that asks one code of an authenticator app (or a recovery code), as sign-in's second step, the
 * profile's enrolment and turning the factor off all do: what the form says first, the code's field, its
 * button, and what may follow. While the code is sent the field and the button wait; a refused code is
 * cleared for the next try.
 */
export function CodeForm(props: {
  /** The field's id, one per form of a page. */
  id: string;
  /** Sends the code as typed, trimmed; true when it was taken. */
  onCode: (code: string) => Promise<boolean>;
  busy: boolean;
  /** The button waits without the field (a sign-in told to retry later). */
  waiting?: boolean;
  /** The button's text and look. */
  submit: ComponentChildren;
  submitClass: string;
  class?: string;
  /** What the form says before its field: a heading, an intro, the QR code to scan. */
  children?: ComponentChildren;
  /** What follows the button: another way in, the way back. */
  after?: ComponentChildren;
}) {
  const { t } = useT();
  const [code, setCode] = useState("");
  const send = async (event: Event) => {
    event.preventDefault();
    if (props.busy || props.waiting) return;
    if (!await props.onCode(code.trim())) setCode("");
  };
  return (
    <form class={props.class} onSubmit={send} noValidate aria-busy={props.busy}>
      {props.children}
      <TextField
        id={props.id}
        label={t("auth.two_factor.code_label")}
        value={code}
        autoComplete="one-time-code"
        maxLength={TWO_FACTOR_CODE_MAX}
        disabled={props.busy}
        onInput={setCode}
      />
      <button type="submit" class={props.submitClass} disabled={props.busy || props.waiting}>
        {props.submit}
      </button>
      {props.after}
    </form>
  );
}
