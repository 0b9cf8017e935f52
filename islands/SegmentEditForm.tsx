import { useEffect, useRef, useState } from "preact/hooks";
import { island, useT } from "../framework/island.tsx";
import { TOAST_MS } from "../lib/rules/constants.ts";
import type { SegmentJson } from "../lib/segments/pages.ts";
import type { SegmentUpdate } from "../lib/rules/segment_schema.ts";
import { gatherDisabled, hasChoices } from "../lib/rules/segments.ts";
import { SEGMENT_AUTOSAVE_MS } from "../lib/rules/constants.ts";
import { onSegmentChanged, reflectSavedSegment } from "./browser/saved_segment.ts";
import { api, errorMessage } from "./browser/http.ts";
import { showToast } from "./browser/toast.ts";
import { AvailabilityFields } from "../components/interactions/AvailabilityFields.tsx";
import { type ChoiceDraft, ChoicesField } from "../components/interactions/ChoicesField.tsx";
import { Section } from "../components/channels/fields.tsx";
import { afterAnswer, fieldMessages, storedSwitches } from "../lib/rules/field_errors.ts";
import { GeneralSection } from "../components/interactions/edit/GeneralSection.tsx";
import { DataSection } from "../components/interactions/edit/DataSection.tsx";
import { OptionsSection } from "../components/interactions/edit/OptionsSection.tsx";
import { AdvancedSection } from "../components/interactions/edit/AdvancedSection.tsx";
import { BackgroundSection } from "../components/interactions/edit/BackgroundSection.tsx";

interface Props {
  segment: SegmentJson;
  allowedTypes: string[];
  channelCustomisation: Record<string, unknown>;
  /** Without interaction-action-edit the form only shows the values. */
  readOnly: boolean;
  /** The channel's time zone, on whose clock the availability is read and typed. */
  timeZone: string;
}

const saved = (t: (k: string) => string) =>
  showToast(t("interactions.saved"), { durationMs: TOAST_MS.default, position: "top-center" });

/**
 * The interaction edit form (back-office §2, §4): every change auto-saves after a debounce, except the
 * type and testimonial_demanded which wait for their Save button; each save shows 'Saved !' 5 s.
 */
function SegmentEditForm(props: Props) {
  const { t } = useT();
  const [seg, setSeg] = useState(props.segment);
  const [choices, setChoices] = useState<ChoiceDraft[]>(props.segment.choices);
  const [staged, setStaged] = useState({
    type: props.segment.type,
    testimonial_demanded: props.segment.testimonial_demanded === true,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const pending = useRef<SegmentUpdate>({});
  // the segment as the server last stored it: what a refused switch goes back to
  const stored = useRef(props.segment);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const send = async (patch: SegmentUpdate) => {
    const res = await api<SegmentJson & { fields?: Record<string, string[]> }>(
      "PUT",
      `/api/v1/show_segments/${seg.id}`,
      patch,
    );
    if (!res.ok) {
      setErrors((shown) => afterAnswer(shown, Object.keys(patch), fieldMessages(res.data?.fields, t)));
      setSeg((s) => ({ ...s, ...storedSwitches(stored.current, patch) }));
      showToast(t("interactions.save_failed", { message: errorMessage(res.data, String(res.status)) }), {
        kind: "error",
      });
      return;
    }
    setErrors((shown) => afterAnswer(shown, Object.keys(patch), {}));
    stored.current = { ...stored.current, ...res.data };
    // Keep what the user typed meanwhile; take the server's rule-applied values for the fields sent.
    setSeg((s) => ({
      ...s,
      ...Object.fromEntries(Object.keys(patch).map((k) => [k, res.data[k as keyof SegmentJson]])),
      ...pick(res.data),
    }));
    if ("choices" in patch) setChoices(res.data.choices);
    reflectSavedSegment(res.data.title || t("interactions.untitled"));
    saved(t);
  };
  const pick = (d: SegmentJson) => ({
    availability: d.availability,
    from: d.from,
    to: d.to,
    start_date: d.start_date,
    end_date: d.end_date,
    customisation: d.customisation,
    information_to_gather: d.information_to_gather,
  });

  const flush = () => {
    const patch = pending.current;
    pending.current = {};
    if (Object.keys(patch).length > 0) send(patch);
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  // changed elsewhere on the page (the vote closed from the overlay panel): show the server's dates
  useEffect(() => onSegmentChanged<SegmentJson>((d) => setSeg((s) => ({ ...s, ...pick(d) }))), []);
  useEffect(() => {
    const leave = () => flush();
    addEventListener("pagehide", leave);
    return () => removeEventListener("pagehide", leave);
  }, []);

  /** An autosaved change: shown at once, sent after the debounce with the other changes. */
  const set = (patch: SegmentUpdate) => {
    // the choices are sent in their write shape ({id, label}) and shown from their own state
    const { choices: _sent, ...shown } = patch;
    setSeg((s) => ({ ...s, ...shown }));
    pending.current = { ...pending.current, ...patch };
    clearTimeout(timer.current);
    timer.current = setTimeout(flush, SEGMENT_AUTOSAVE_MS);
  };
  const setChoicesAndSave = (next: ChoiceDraft[]) => {
    setChoices(next);
    set({
      choices: next.filter((c) => c.label.trim() !== "").map((c) => ({
        id: c.id ?? null,
        label: c.label.trim(),
      })),
    });
  };
  const dirty = staged.type !== seg.type ||
    staged.testimonial_demanded !== (seg.testimonial_demanded === true);
  // the page shows the type as saved only once the server took it: a refused type keeps Save enabled
  const saveStaged = () => send(staged);
  const customisation = { ...props.channelCustomisation, ...seg.customisation };

  return (
    <fieldset class="segment-form" disabled={props.readOnly}>
      <legend class="sr-only">{t("interactions.edit_title")}</legend>
      {props.readOnly && (
        <p class="notice notice-info segment-read-only">{t("interactions.edit_read_only")}</p>
      )}
      <GeneralSection
        seg={seg}
        set={set}
        staged={staged}
        stage={(p) => setStaged((s) => ({ ...s, ...p }))}
        saveStaged={saveStaged}
        dirty={dirty}
        allowedTypes={props.allowedTypes}
        errors={errors}
        readOnly={props.readOnly}
      />
      {hasChoices(seg.type, seg.game_type) && (
        <Section id="sec-choices" title={t("interactions.sections.choices")}>
          <ChoicesField
            id="seg-choice"
            legendHidden
            choices={choices}
            onChange={setChoicesAndSave}
            error={errors.choices}
          />
        </Section>
      )}
      <Section id="sec-availability" title={t("interactions.sections.availability")}>
        <AvailabilityFields
          id="seg-availability"
          value={{ from: seg.from, to: seg.to, start_date: seg.start_date, end_date: seg.end_date }}
          onChange={(v) => set({ ...v })}
          errors={errors}
          timeZone={props.timeZone}
        />
      </Section>
      <DataSection seg={seg} set={set} locked={gatherDisabled(customisation)} errors={errors} />
      <OptionsSection seg={seg} set={set} errors={errors} />
      <AdvancedSection seg={seg} set={set} errors={errors} />
      <BackgroundSection
        id={seg.id}
        value={{
          background_url: seg.background_url,
          background_kind: seg.background_kind,
        }}
        onChange={(b) => setSeg((s) => ({ ...s, ...b }))}
        onSaved={() => saved(t)}
        readOnly={props.readOnly}
      />
    </fieldset>
  );
}

export default island("SegmentEditForm", SegmentEditForm, {
  ns: ["interactions", "errors", "votes", "delivery_trigger", "date_field"],
});
