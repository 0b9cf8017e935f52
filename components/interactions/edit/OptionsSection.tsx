import { useT } from "../../../framework/island.tsx";
import {
  DEFAULT_VOTE_CAP,
  DELIVERY_OPTIONS,
  DELIVERY_TRIGGERS,
  MAX_VOTE_CAP,
  WEBVIEW_VERSIONS,
} from "../../../lib/rules/constants.ts";
import type { SegmentJson } from "../../../lib/segments/pages.ts";
import { hasChoices } from "../../../lib/rules/segments.ts";
import { CheckField, errorAttributes, FieldError, Section } from "../../channels/fields.tsx";
import type { SegmentUpdate } from "../../../lib/rules/segment_schema.ts";

function Select<V extends string>(
  props: {
    id: string;
    label: string;
    value: V;
    options: [V, string][];
    onChange: (v: V) => void;
    error?: string;
  },
) {
  return (
    <div class="field">
      <label for={props.id}>{props.label}</label>
      <select
        id={props.id}
        {...errorAttributes(props.id, props.error)}
        onChange={(e) => props.onChange((e.target as HTMLSelectElement).value as V)}
      >
        {props.options.map(([value, label]) => (
          <option value={value} selected={props.value === value}>{label}</option>
        ))}
      </select>
      <FieldError id={props.id} error={props.error} />
    </div>
  );
}

/** The behaviour options of a segment: votes, answers, media, game, webview version, delivery. */
export function OptionsSection(
  props: {
    seg: SegmentJson;
    set: (p: SegmentUpdate) => void;
    /** Every field's message (lib/rules/field_errors.ts), for the fields of this section. */
    errors?: Record<string, string>;
  },
) {
  const { t } = useT();
  const { seg, set } = props;
  const errors = props.errors ?? {};
  const check = (
    key:
      | "limit_1_vote"
      | "show_results"
      | "enable_written_answer"
      | "enable_audio_answer"
      | "requires_approval",
  ) => (
    <CheckField
      id={`seg-${key}`}
      label={t(`interactions.fields.${key}`)}
      checked={seg[key] === true}
      error={errors[key]}
      onChange={(on) => set({ [key]: on })}
    />
  );
  return (
    <Section id="sec-options" title={t("interactions.sections.options")}>
      <div class="check-list">
        {check("limit_1_vote")}
        {check("show_results")}
        {check("enable_written_answer")}
        {check("enable_audio_answer")}
        {check("requires_approval")}
      </div>
      {hasChoices(seg.type, seg.game_type) && <VoteIntegrityOptions seg={seg} set={set} errors={errors} />}
      <div class="form-grid">
        {(seg.type === "recording_question" || seg.type === "video") && (
          <div class="field">
            <label for="seg-max-recording">{t("interactions.fields.max_recording_time")}</label>
            <input
              id="seg-max-recording"
              type="number"
              min={5}
              max={600}
              value={seg.max_recording_time}
              {...errorAttributes("seg-max-recording", errors.max_recording_time)}
              onChange={(e) => {
                const n = Number((e.target as HTMLInputElement).value);
                if (Number.isInteger(n) && n >= 5 && n <= 600) set({ max_recording_time: n });
              }}
            />
            <FieldError id="seg-max-recording" error={errors.max_recording_time} />
          </div>
        )}
        {seg.type === "video" && (
          <Select
            id="seg-media-type"
            label={t("interactions.fields.media_type")}
            value={seg.media_type ?? "video"}
            options={(["image", "video"] as const).map((v) => [v, t(`interactions.fields.media.${v}`)])}
            error={errors.media_type}
            onChange={(v) => set({ media_type: v })}
          />
        )}
        {seg.type === "game" && (
          <Select
            id="seg-game-type"
            label={t("interactions.fields.game_type")}
            value={seg.game_type}
            options={(["answer", "registration"] as const).map((
              v,
            ) => [v, t(`interactions.fields.game_types.${v}`)])}
            error={errors.game_type}
            onChange={(v) => set({ game_type: v })}
          />
        )}
        <Select
          id="seg-webview"
          label={t("interactions.fields.webview_version")}
          value={seg.webview_version}
          options={WEBVIEW_VERSIONS.map((v) => [v, v])}
          error={errors.webview_version}
          onChange={(v) => set({ webview_version: v })}
        />
        <Select
          id="seg-delivery"
          label={t("interactions.fields.delivery_option")}
          value={seg.delivery_option}
          options={DELIVERY_OPTIONS.map((v) => [v, t(`interactions.fields.delivery.${v}`)])}
          error={errors.delivery_option}
          onChange={(v) => set({ delivery_option: v })}
        />
        {seg.delivery_option !== "none" && (
          <Select
            id="seg-delivery-trigger"
            label={t("delivery_trigger.label")}
            value={seg.delivery_trigger ?? "accepted"}
            options={DELIVERY_TRIGGERS.map((v) => [v, t(`delivery_trigger.${v}`)])}
            error={errors.delivery_trigger}
            onChange={(v) => set({ delivery_trigger: v })}
          />
        )}
      </div>
    </Section>
  );
}

/** The integrity options of a vote: per-address cap, results hidden until the end, high stakes. */
function VoteIntegrityOptions(
  props: { seg: SegmentJson; set: (p: SegmentUpdate) => void; errors: Record<string, string> },
) {
  const { t } = useT();
  const { seg, set, errors } = props;
  return (
    <div class="vote-options">
      <div class="check-list">
        <div>
          <CheckField
            id="seg-hide_results_until_end"
            label={t("votes.fields.hide_results_until_end")}
            checked={seg.hide_results_until_end === true}
            error={errors.hide_results_until_end}
            onChange={(on) => set({ hide_results_until_end: on })}
          />
          <p class="field-hint">{t("votes.hints.hide_results")}</p>
        </div>
        <div>
          <CheckField
            id="seg-high_stakes"
            label={t("votes.fields.high_stakes")}
            checked={seg.high_stakes === true}
            error={errors.high_stakes}
            onChange={(on) => set({ high_stakes: on })}
          />
          <p class="field-hint">{t("votes.hints.high_stakes")}</p>
        </div>
      </div>
      <div class="field">
        <label for="seg-vote-cap">{t("votes.fields.vote_cap_per_address")}</label>
        <input
          id="seg-vote-cap"
          type="number"
          min={1}
          max={MAX_VOTE_CAP}
          value={seg.vote_cap_per_address ?? DEFAULT_VOTE_CAP}
          {...errorAttributes("seg-vote-cap", errors.vote_cap_per_address, "seg-vote-cap-hint")}
          onChange={(e) => {
            const n = Number((e.target as HTMLInputElement).value);
            if (Number.isInteger(n) && n >= 1 && n <= MAX_VOTE_CAP) set({ vote_cap_per_address: n });
          }}
        />
        <p class="field-hint" id="seg-vote-cap-hint">{t("votes.hints.vote_cap")}</p>
        <FieldError id="seg-vote-cap" error={errors.vote_cap_per_address} />
      </div>
    </div>
  );
}
