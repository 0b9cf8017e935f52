// The information a visitor chose to remember on this device (visitor-widget §3), kept in local storage.
// Apart from the sending code so a widget's first screen can read it (and whether a message waits to be
// sent) without loading that code.
import { hasSavedMessage, STORAGE_KEYS } from "../../lib/rules/widget.ts";

export function rememberedInformation(): Record<string, string> | null {
  try {
    return JSON.parse(localStorage.getItem(STORAGE_KEYS.info) ?? "null");
  } catch {
    return null; // local storage failures are ignored (§8)
  }
}

export function rememberInformation(info: Record<string, string> | null) {
  try {
    if (info) localStorage.setItem(STORAGE_KEYS.info, JSON.stringify(info));
    else localStorage.removeItem(STORAGE_KEYS.info);
  } catch {
    // ignored (§8)
  }
}

/** Whether a message of one of these interactions is saved here and not sent yet (outbox.ts's index). */
export function hasSavedMessageFor(segments: number[]): boolean {
  try {
    return hasSavedMessage(localStorage.getItem(STORAGE_KEYS.outbox), segments);
  } catch {
    return false;
  }
}
