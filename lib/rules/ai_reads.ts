// What the AI assistant reads, said in the inbox's words: how many of the participations it reads are in each
// of the inbox's tabs (the conditions of FILTER_SQL in db/inbox.ts), so that the numbers it states are
// those staff find on the inbox's tabs. Pure.
import type { TFunction } from "./i18n.ts";

/** The inbox tabs the assistant reads, in the inbox's order: every participation but the trashed ones. */
export const READ_TABS = ["all", "archive", "moderated"] as const;
export type ReadTab = typeof READ_TABS[number];
export type TabCounts = Record<ReadTab, number>;

/** How many of `messages` are in each tab. */
export function countByTab(messages: { tab: ReadTab }[]): TabCounts {
  const counts: TabCounts = { all: 0, archive: 0, moderated: 0 };
  for (const m of messages) counts[m.tab]++;
  return counts;
}

/**
 * The tabs holding some of what is read, with their number and the inbox's label, in the inbox's order:
 * "186 in “All participations” and 6 in “Archive”".
 */
export function inTabs(counts: TabCounts, t: TFunction, language: string): string {
  const parts = READ_TABS.filter((tab) => counts[tab] > 0).map((tab) =>
    t("ai.in_tab", { n: counts[tab], tab: t(`participations.tabs.${tab}`) })
  );
  return new Intl.ListFormat(language, { type: "conjunction" }).format(parts);
}

/**
 * The sentence saying what a question reads: `count` participations of the interaction's `total` (the
 * latest when fewer), and how many in each tab; `key` is the sentence's locale key ("ai.prompt_hint" under
 * the question, "ai.analyst.based_on" over the answer), whose "_latest" form says they are the latest.
 */
export function readsSentence(
  key: "ai.prompt_hint" | "ai.analyst.based_on",
  read: { total: number; tabs: TabCounts },
  t: TFunction,
  language: string,
): string {
  const count = READ_TABS.reduce((sum, tab) => sum + read.tabs[tab], 0);
  return t(count < read.total ? `${key}_latest` : key, {
    count,
    total: read.total,
    tabs: inTabs(read.tabs, t, language),
  });
}
