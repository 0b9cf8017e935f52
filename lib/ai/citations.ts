// A model's citations of participations ("[#123]") turned into links to the inbox, as the answer streams.
import { inboxLink } from "./analyst.ts";

/** Longest tail held back in case it is the start of a citation cut between two chunks. */
const HOLD = 24;

/** Links every "[#id]" of a known participation that is not a link already. */
export function linkCitationText(text: string, segmentId: number, ids: ReadonlySet<number>): string {
  return text.replace(
    /\[#(\d{1,15})\](?!\()/g,
    (whole, id) => ids.has(Number(id)) ? `[#${id}](${inboxLink(segmentId, Number(id))})` : whole,
  );
}

/**
 * The chunks with their citations linked; a chunk ending inside a possible citation ("… [#12") keeps
 * that tail until the next chunk completes it.
 */
export async function* linkCitations(
  chunks: AsyncIterable<string>,
  segmentId: number,
  ids: ReadonlySet<number>,
): AsyncGenerator<string> {
  let pending = "";
  for await (const chunk of chunks) {
    const text = pending + chunk;
    const open = text.lastIndexOf("[");
    const cut = open >= 0 && text.length - open <= HOLD && !/\]\(?$/.test(text.slice(open)) &&
        /^\[(#\d*)?$/.test(text.slice(open))
      ? open
      : text.length;
    pending = text.slice(cut);
    const out = text.slice(0, cut);
    if (out) yield linkCitationText(out, segmentId, ids);
  }
  if (pending) yield linkCitationText(pending, segmentId, ids);
}
