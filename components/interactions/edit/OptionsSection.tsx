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
import { CheckField, Section } from "../../channels/fields.tsx";

function Select(
  props: {
    id: string;
    label: string;
    value: string;
    options: [string, string][];
    onChange: (v: string) => void;
  },
) {
  return (
    <div class="field">
      <label for={props.id}>{props.label}</label>
      <select id={props.id} onChange={(e) => props.onChange((e.target as HTMLSelectElement).value)}>
        {props.options.map(([value, label]) => (
          <option value={value} selected={props.value === value}>{label}</option>
        ))}
      </select>
    </div>
  );
}

/** The behaviour options of a segment: votes, answers, media, game, webview version, delivery. */
export function OptionsSection(props: { seg: SegmentJson; set: (p: Record<string, unknown>) => void }) {
  const { t } = useT();
  const { seg, set } = props;
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
      {hasChoices(seg.type, seg.game_type) && <VoteIntegrityOptions seg={seg} set={set} />}
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
              onChange={(e) => {
                const n = Number((e.target as HTMLInputElement).value);
                if (Number.isInteger(n) && n >= 5 && n <= 600) set({ max_recording_time: n });
              }}
            />
          </div>
        )}
        {seg.type === "video" && (
          <Select
            id="seg-media-type"
            label={t("interactions.fields.media_type")}
            value={seg.media_type ?? "video"}
            options={["image", "video"].map((v) => [v, t(`interactions.fields.media.${v}`)])}
            onChange={(v) => set({ media_type: v })}
          />
        )}
        {seg.type === "game" && (
          <Select
            id="seg-game-type"
            label={t("interactions.fields.game_type")}
            value={seg.game_type}
            options={["answer", "registration"].map((v) => [v, t(`interactions.fields.game_types.${v}`)])}
            onChange={(v) => set({ game_type: v })}
          />
        )}
        <Select
          id="seg-webview"
          label={t("interactions.fields.webview_version")}
          value={seg.webview_version}
          options={WEBVIEW_VERSIONS.map((v) => [v, v])}
          onChange={(v) => set({ webview_version: v })}
        />
        <Select
          id="seg-delivery"
          label={t("interactions.fields.delivery_option")}
          value={seg.delivery_option}
          options={DELIVERY_OPTIONS.map((v) => [v, t(`interactions.fields.delivery.${v}`)])}
          onChange={(v) => set({ delivery_option: v })}
        />
        {seg.delivery_option !== "none" && (
          <Select
            id="seg-delivery-trigger"
            label={t("delivery_trigger.label")}
            value={seg.delivery_trigger ?? "accepted"}
            options={DELIVERY_TRIGGERS.map((v) => [v, t(`delivery_trigger.${v}`)])}
            onChange={(v) => set({ delivery_trigger: v })}
          />
        )}
      </div>
    </Section>
  );
}

/** The integrity options of a vote: per-address cap, results hidden until the end, high stakes. */
function VoteIntegrityOptions(props: { seg: SegmentJson; set: (p: Record<string, unknown>) => void }) {
  const { t } = useT();
  const { seg, set } = props;
  return (
    <div class="vote-options">
      <div class="check-list">
        <div>
          <CheckField
            id="seg-hide_results_until_end"
            label={t("votes.fields.hide_results_until_end")}
            checked={seg.hide_results_until_end === true}
            onChange={(on) => set({ hide_results_until_end: on })}
          />
          <p class="field-hint">{t("votes.hints.hide_results")}</p>
        </div>
        <div>
          <CheckField
            id="seg-high_stakes"
            label={t("votes.fields.high_stakes")}
            checked={seg.high_stakes === true}
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
          aria-describedby="seg-vote-cap-hint"
          onChange={(e) => {
            const n = Number((e.target as HTMLInputElement).value);
            if (Number.isInteger(n) && n >= 1 && n <= MAX_VOTE_CAP) set({ vote_cap_per_address: n });
          }}
        />
        <p class="field-hint" id="seg-vote-cap-hint">{t("votes.hints.vote_cap")}</p>
      </div>
    </div>
  );
}
