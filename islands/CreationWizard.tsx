import { useEffect, useRef, useState } from "preact/hooks";
import { island, useT } from "../framework/island.tsx";
import type { SegmentJson, WizardTemplate } from "../lib/segments/pages.ts";
import {
  normaliseInformation,
  segmentIssues,
  templateGameType,
  wizardSteps,
  wizardStepValid,
} from "../lib/rules/segments.ts";
import { AvailabilityFields } from "../components/interactions/AvailabilityFields.tsx";
import { availabilityOf, settingsOf } from "../components/interactions/wizard/drafts.ts";
import { stepLabel, Stepper } from "../components/interactions/wizard/Stepper.tsx";
import { StepTemplates } from "../components/interactions/wizard/StepTemplates.tsx";
import { type SettingsDraft, StepSettings } from "../components/interactions/wizard/StepSettings.tsx";
import { StepSummary } from "../components/interactions/wizard/StepSummary.tsx";
import { StepData } from "../components/interactions/wizard/StepData.tsx";
import { useWizardDraft } from "../components/interactions/wizard/use_draft.ts";
import { useFirstInvalidFocus } from "./browser/focus.ts";

interface Props {
  templates: WizardTemplate[];
  /** A draft being resumed (editing a draft opens the wizard), or null for a new interaction. */
  draft: SegmentJson | null;
  /** The channel's time zone, on whose clock the availability is typed. */
  timeZone: string;
}

/**
 * The creation wizard (back-office §2): 0 template, 1 settings, 2 availability ('Activate'), 3 summary; a
 * registration, draw, quiz or SMS game asks which data it collects between settings and availability.
 */
function CreationWizard(props: Props) {
  const { t } = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  const [step, setStep] = useState(props.draft ? 1 : 0);
  const [settings, setSettings] = useState(settingsOf(props.draft));
  const [availability, setAvailability] = useState(availabilityOf(props.draft));
  const [information, setInformation] = useState(
    normaliseInformation(props.draft?.information_to_gather, props.draft?.gather_information !== false),
  );
  const [templateId, setTemplateId] = useState<number | null>(props.draft?.template_id ?? null);
  const { segment, errors, setErrors, busy, draftNotice, save, saveWhenPaused, saveTyped, dropTyped } =
    useWizardDraft(props.draft, templateId);

  useEffect(() => {
    if (!dialog.current?.open) dialog.current?.showModal();
  }, []);
  useEffect(() => {
    dialog.current?.querySelector<HTMLElement>(".wizard-step h2")?.focus();
  }, [step]);

  const typing = (value: SettingsDraft) => {
    setSettings(value);
    saveWhenPaused(value);
  };

  const pick = async (template: WizardTemplate) => {
    if (segment) {
      if (segment.type !== template.type && (await save({ type: template.type }))) {
        setSettings((s) => ({ ...s, type: template.type }));
      }
      return setStep(1);
    }
    setTemplateId(template.id);
    // a draw takes entries: no answers to write on its settings step
    setSettings((s) => ({ ...s, type: template.type, game_type: templateGameType(template) }));
    setStep(1);
  };

  const stepRef = useFirstInvalidFocus<HTMLElement>(errors);
  const steps = wizardSteps(settings.type);
  const name = steps[step];
  const state = {
    template_id: segment?.template_id ?? templateId,
    type: settings.type,
    title: settings.title,
    choices: settings.choices,
    start_date: availability.start_date,
    information_to_gather: information,
  };

  const next = async () => {
    if (name === "settings") {
      dropTyped();
      const issues = segmentIssues(settings);
      setErrors(Object.fromEntries(Object.entries(issues).map(([k, v]) => [k, t(`errors.${v}`)])));
      if (Object.keys(issues).length > 0) return;
      const choices = settings.choices.filter((c) => c.label.trim() !== "");
      const saved = await save({ title: settings.title.trim(), text: settings.text, choices });
      if (!saved) return;
      setSettings(settingsOf(saved));
      setStep(step + 1);
    } else if (name === "data") {
      const saved = await save({ gather_information: true, information_to_gather: information });
      if (!saved) return;
      setInformation(normaliseInformation(saved.information_to_gather));
      setStep(step + 1);
    } else if (name === "availability") {
      // Leaving step 2 ('Activate') makes the interaction ready (§4).
      const saved = await save({ ...availability, status: "ready" });
      if (!saved) return;
      setAvailability(availabilityOf(saved));
      setStep(step + 1);
    }
  };

  const close = async () => {
    await saveTyped();
    location.assign("/interactions");
  };
  return (
    <dialog ref={dialog} class="modal wizard" aria-labelledby="wizard-title-h" onClose={close}>
      <div class="modal-body">
        <div class="modal-head">
          <h2 id="wizard-title-h" class="wizard-heading">{t("interactions.wizard.title")}</h2>
          <button type="button" class="btn-icon" aria-label={t("interactions.wizard.close")} onClick={close}>
            ✕
          </button>
        </div>
        <Stepper steps={steps} step={step} />
        {draftNotice && name !== "summary" && (
          <p class="notice notice-info draft-notice" role="status">{t("interactions.wizard.draft_saved")}</p>
        )}
        <section class="wizard-step" aria-live="polite" ref={stepRef}>
          <h2 tabIndex={-1} class="wizard-step-title">
            <span class="muted">
              {t("interactions.wizard.step_of", { n: step + 1, total: steps.length })}
            </span>{" "}
            {t(stepLabel(name))}
          </h2>
          {name === "template" && (
            <StepTemplates
              templates={props.templates}
              selected={state.template_id}
              busy={busy}
              onPick={pick}
            />
          )}
          {name === "settings" && (
            <StepSettings
              value={settings}
              onChange={typing}
              errors={errors}
            />
          )}
          {name === "data" && <StepData value={information} onChange={setInformation} />}
          {name === "availability" && (
            <AvailabilityFields
              id="wizard-availability"
              value={availability}
              onChange={setAvailability}
              timeZone={props.timeZone}
            />
          )}
          {name === "summary" && segment && (
            <StepSummary
              id={segment.id}
              title={segment.title}
              type={segment.type}
              media_type={segment.media_type}
              availability={availabilityOf(segment)}
              shareUrl={segment.shareUrl}
              timeZone={props.timeZone}
            />
          )}
        </section>
        {name !== "template" && name !== "summary" && (
          <div class="modal-actions wizard-actions">
            <button type="button" class="btn btn-secondary" disabled={busy} onClick={() => setStep(step - 1)}>
              {t("interactions.wizard.back")}
            </button>
            <button
              type="button"
              class="btn btn-primary"
              disabled={busy || !wizardStepValid(name, state)}
              onClick={next}
            >
              {name === "availability" ? t("interactions.wizard.activate") : t("interactions.wizard.next")}
            </button>
          </div>
        )}
      </div>
    </dialog>
  );
}

export default island("CreationWizard", CreationWizard, { ns: ["interactions", "errors", "date_field"] });
