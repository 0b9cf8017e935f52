import { useRef, useState } from "preact/hooks";
import { useT } from "../../../framework/island.tsx";
import type { SegmentJson } from "../../../lib/segments/pages.ts";
import type { SegmentUpdate } from "../../../lib/rules/segment_schema.ts";
import { titleValid } from "../../../lib/rules/segments.ts";
import { fieldMessages } from "../../../lib/rules/field_errors.ts";
import { SEGMENT_AUTOSAVE_MS } from "../../../lib/rules/constants.ts";
import { api, errorMessage } from "../../../islands/browser/http.ts";
import { showToast } from "../../../islands/browser/toast.ts";
import type { SettingsDraft } from "./StepSettings.tsx";

/**
 * The creation wizard's draft on the server. It is created by the first save of what is typed, never by
 * opening the wizard or clicking a template, so opening and closing the wizard leaves no "Untitled" draft.
 * Each step saves through `save`; what is typed on the settings step is saved once typing pauses
 * (SEGMENT_AUTOSAVE_MS, as the edit page does) and at once when the wizard closes (`saveTyped`).
 */
export function useWizardDraft(resumed: SegmentJson | null, templateId: number | null) {
  const { t } = useT();
  const [segment, setSegment] = useState<SegmentJson | null>(resumed);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [draftNotice, setDraftNotice] = useState(!!resumed);

  const fail = (data: unknown, status: number) =>
    showToast(t("interactions.save_failed", { message: errorMessage(data, String(status)) }), {
      kind: "error",
    });

  const creating = useRef<Promise<SegmentJson | null> | null>(null);
  const ensureDraft = (): Promise<SegmentJson | null> => {
    if (segment) return Promise.resolve(segment);
    creating.current ??= (async () => {
      const res = await api<{ id: number }>("PUT", "/api/v1/show_segments/new", { template_id: templateId });
      const full = res.ok ? await api<SegmentJson>("GET", `/api/v1/show_segments/${res.data.id}`) : res;
      if (!res.ok || !full.ok) {
        creating.current = null;
        fail(full.data, full.status);
        return null;
      }
      const created = full.data as SegmentJson;
      setSegment(created);
      setDraftNotice(true);
      history.replaceState(null, "", `/interactions/create?id=${created.id}`);
      return created;
    })();
    return creating.current;
  };

  // the type comes from a template's row, a plain string there: the API's schema checks it
  const save = async (body: Omit<SegmentUpdate, "type"> & { type?: string }): Promise<SegmentJson | null> => {
    setBusy(true);
    const target = await ensureDraft();
    if (!target) {
      setBusy(false);
      return null;
    }
    const res = await api<SegmentJson & { fields?: Record<string, string[]> }>(
      "PUT",
      `/api/v1/show_segments/${target.id}`,
      body,
    );
    setBusy(false);
    if (!res.ok) {
      setErrors(fieldMessages(res.data?.fields, t));
      fail(res.data, res.status);
      return null;
    }
    setSegment(res.data);
    return res.data;
  };

  const typed = useRef<SettingsDraft | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** Forgets what was typed and not saved yet: the step's own save takes it. */
  const dropTyped = () => {
    clearTimeout(timer.current);
    typed.current = null;
  };
  const saveTyped = async () => {
    const value = typed.current;
    dropTyped();
    if (!value || !titleValid(value.title)) return;
    if (!resumed && !creating.current && value.title.trim() === "" && value.text.trim() === "") return;
    await save({ title: value.title.trim(), text: value.text });
  };
  const saveWhenPaused = (value: SettingsDraft) => {
    typed.current = value;
    clearTimeout(timer.current);
    timer.current = setTimeout(saveTyped, SEGMENT_AUTOSAVE_MS);
  };

  return { segment, errors, setErrors, busy, draftNotice, save, saveWhenPaused, saveTyped, dropTyped };
}
