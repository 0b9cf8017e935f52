// Messages as the built-in analyst reads them, for its tests: numbered, with only what a test sets.
import type { AiMessage } from "../../lib/ai/types.ts";

/**
 * A maker of messages numbered from `first`: each a text message of the inbox's All tab without text,
 * transcript, choice nor city, its author keyed `d<id>` (a device), sent on 20 November 2026 at 08:30 UTC, unless `defaults(id)` or the
 * fields given say otherwise.
 */
export function messageMaker(first: number, defaults: (id: number) => Partial<AiMessage> = () => ({})) {
  let next = first;
  return (fields: Partial<AiMessage> = {}): AiMessage => {
    const id = next++;
    return {
      id,
      type: "message",
      text: null,
      transcript: null,
      choice_ids: null,
      author_city: null,
      author_key: `d${id}`,
      tab: "all",
      created_at: new Date("2026-11-20T08:30:00Z"),
      ...defaults(id),
      ...fields,
    };
  };
}
