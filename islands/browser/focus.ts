/// <reference lib="dom" />
// Keyboard and screen-reader users follow screen changes (visitor-widget §2): focus moves to the new
// screen's heading (or first control), which screen readers read out; a modal dialog keeps the focus
// inside and gives it back to what opened it when it closes.
import { useEffect, useRef } from "preact/hooks";

const FOCUSABLE = [
  "a[href]",
  "button:not([disabled])",
  "input:not([disabled]):not([type=hidden])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  "[tabindex]:not([tabindex='-1'])",
].join(",");

/** Moves the focus into `el`: its first heading (made focusable), else its first control; returns it. */
export function focusInto(el: HTMLElement | null): HTMLElement | null {
  if (!el) return null;
  const target = el.querySelector<HTMLElement>("h1, h2, h3") ?? el.querySelector<HTMLElement>(FOCUSABLE);
  if (!target) return null;
  if (/^H\d$/.test(target.tagName) && !target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  target.focus();
  return target;
}

/**
 * A screen container's ref: each time `key` changes (and on mount when `onMount`), the focus moves to
 * the new screen's heading, which screen readers then read out.
 */
export function useScreenFocus<T>(key: T, onMount = false) {
  const ref = useRef<HTMLElement>(null);
  const mounted = useRef(false);
  useEffect(() => {
    const first = !mounted.current;
    mounted.current = true;
    if (first && !onMount) return;
    // a focused heading is read out by screen readers: the change is announced without a second copy
    // of its text in a live region
    focusInto(ref.current);
  }, [key]);
  return ref;
}

/**
 * A modal dialog's ref: the focus goes in (again at each `key` change, e.g. a step), Tab and Shift+Tab
 * cycle inside, Escape calls `onEscape` (closes it, as every modal dialog does), and on close the focus
 * returns to `openedBy` (else to what had it when the dialog mounted).
 */
export function useDialogFocus<T>(key: T, openedBy?: HTMLElement | null, onEscape?: () => void) {
  const ref = useRef<HTMLElement>(null);
  const escape = useRef(onEscape);
  escape.current = onEscape;
  useEffect(() => {
    const opener = openedBy ?? document.activeElement as HTMLElement | null;
    const onKey = (e: KeyboardEvent) => {
      const el = ref.current;
      if (e.key === "Escape" && escape.current && !e.defaultPrevented) {
        e.preventDefault();
        return escape.current();
      }
      if (e.key !== "Tab" || !el) return;
      const items = [...el.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((x) =>
        x.getClientRects().length > 0
      );
      if (items.length === 0) return;
      const [first, last] = [items[0], items[items.length - 1]];
      const inside = el.contains(document.activeElement);
      if (
        e.shiftKey &&
        (!inside || document.activeElement === first || document.activeElement === el.querySelector("h2"))
      ) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (!inside || document.activeElement === last)) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      // once the page beneath is no longer inert (the same render that removes the dialog)
      requestAnimationFrame(() => {
        if (opener?.isConnected && opener !== document.body) opener.focus();
      });
    };
  }, []);
  useEffect(() => {
    focusInto(ref.current);
  }, [key]);
  return ref;
}

/**
 * A form's ref: when `errors` (field → message, from lib/rules/field_errors.ts) names a field, the focus
 * moves to the first field marked aria-invalid, so keyboard and screen-reader users land on what to fix.
 */
export function useFirstInvalidFocus<T extends HTMLElement>(errors: Record<string, string>) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    ref.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
  }, [errors]);
  return ref;
}
