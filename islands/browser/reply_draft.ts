// Staff replies typed and not sent yet, kept in local storage per message (replyDraftKey) so a reload does
// not lose them; a browser that refuses storage (private mode, quota) simply keeps no draft.
import { replyDraftKey } from "../../lib/rules/inbox.ts";

/** The reply kept for this message, "" when none. */
export function readReplyDraft(messageId: number): string {
  try {
    return localStorage.getItem(replyDraftKey(messageId)) ?? "";
  } catch {
    return "";
  }
}

/** Keeps the reply as typed; an empty (or blank) reply removes the draft. */
export function keepReplyDraft(messageId: number, text: string): void {
  try {
    if (text.trim()) localStorage.setItem(replyDraftKey(messageId), text);
    else localStorage.removeItem(replyDraftKey(messageId));
  } catch {
    // no storage: the reply lives only in the field
  }
}
