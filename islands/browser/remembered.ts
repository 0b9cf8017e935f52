// The information a visitor chose to remember on this device (visitor-widget §3), kept in local storage.
// Apart from the sending code so a widget's first screen can read it without loading that code.
import { STORAGE_KEYS } from "../../lib/rules/widget.ts";

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
