// The drafts the creation wizard (islands/CreationWizard.tsx) starts from: its settings and availability
// steps filled from a draft being resumed, or the defaults of a new interaction.
import type { SegmentJson } from "../../../lib/segments/pages.ts";
import type { AvailabilityValue } from "../AvailabilityFields.tsx";
import type { SettingsDraft } from "./StepSettings.tsx";

/** Step 1 of the wizard as a draft: a resumed interaction's settings, or a new one's (two empty choices). */
export const settingsOf = (s: SegmentJson | null): SettingsDraft => ({
  type: s?.type ?? "",
  game_type: s?.game_type ?? "answer",
  title: s?.title ?? "",
  text: s?.text ?? "",
  choices: s?.choices.length
    ? s.choices.map((c) => ({ id: c.id, label: c.label }))
    : [{ label: "" }, { label: "" }],
});
/** Step 2 as a draft: a resumed interaction's dates, or from now for a week. */
export const availabilityOf = (s: SegmentJson | null): AvailabilityValue => ({
  from: s?.from ?? "now",
  to: s?.to ?? "scheduled",
  start_date: s?.start_date ?? new Date().toISOString(),
  end_date: s?.end_date ??
    (s?.to === "permanent" ? null : new Date(Date.now() + 7 * 86_400_000).toISOString()),
});
