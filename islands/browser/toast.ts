/// <reference lib="dom" />
import { TOAST_MS } from "../../lib/rules/constants.ts";

export type ToastKind = "success" | "error" | "warning" | "info";

/**
 * Shows a toast (back-office §8: 'Saved !' 5 s top-centre for channel and interaction saves, 2 s for
 * successes, 20 s for the self-reset). Announced to screen readers through a live region.
 */
export function showToast(
  message: string,
  options: { kind?: ToastKind; durationMs?: number; position?: "top-center" | "bottom-right" } = {},
): void {
  const kind = options.kind ?? "success";
  const position = options.position ?? "top-center";
  let region = document.getElementById(`toasts-${position}`);
  if (!region) {
    region = Object.assign(document.createElement("div"), {
      id: `toasts-${position}`,
      className: `toasts toasts-${position}`,
    });
    region.setAttribute("aria-live", "polite");
    document.body.append(region);
  }
  const toast = Object.assign(document.createElement("div"), {
    className: `toast toast-${kind}`,
    textContent: message,
  });
  toast.setAttribute("role", kind === "error" ? "alert" : "status");
  region.append(toast);
  setTimeout(() => toast.remove(), options.durationMs ?? TOAST_MS.default);
}
