import { useT } from "../../framework/island.tsx";
import { errorAttributes, FieldError } from "../channels/fields.tsx";
import { type Availability, moveEnd, moveStart, setFrom, setTo } from "../../lib/rules/availability.ts";
import { dateInput, fromInputs, timeInput } from "../../islands/browser/dates.ts";

/** The availability of a segment as islands hold it (ISO strings). */
export interface AvailabilityValue {
  from: "now" | "programmed";
  to: "scheduled" | "permanent";
  start_date: string | null;
  end_date: string | null;
}

const toRules = (v: AvailabilityValue): Availability => ({
  from: v.from,
  to: v.to,
  start: v.start_date ? new Date(v.start_date) : null,
  end: v.end_date ? new Date(v.end_date) : null,
});
const fromRules = (a: Availability): AvailabilityValue => ({
  from: a.from,
  to: a.to,
  start_date: a.start?.toISOString() ?? null,
  end_date: a.end?.toISOString() ?? null,
});

/**
 * The availability panel (back-office §2): From (now or scheduled) with start date and time, disabled
 * for now; Up to (scheduled or permanent) with end date and time, disabled for permanent. Every change
 * goes through the date rules of §4.
 */
export function AvailabilityFields(
  props: {
    id: string;
    value: AvailabilityValue;
    onChange: (v: AvailabilityValue) => void;
    disabled?: boolean;
    /** The server's messages keyed by the API's names (`from`, `to`, `start_date`, `end_date`). */
    errors?: Record<string, string>;
  },
) {
  const { t } = useT();
  const v = props.value;
  const a = toRules(v);
  const emit = (next: Availability) => props.onChange(fromRules(next));
  const id = (name: string) => `${props.id}-${name}`;
  const errors = props.errors ?? {};
  const err = (name: string, key: string) => errorAttributes(id(name), errors[key]);
  const onStart = (date: string, time: string) => {
    const iso = fromInputs(date, time);
    if (iso) emit(moveStart(a, new Date(iso)));
  };
  const onEnd = (date: string, time: string) => {
    const iso = fromInputs(date, time);
    if (iso) emit(moveEnd(a, new Date(iso)));
  };
  const startOff = props.disabled || v.from === "now";
  const endOff = props.disabled || v.to === "permanent";
  return (
    <div class="availability-fields">
      <div class="field">
        <label for={id("from")}>{t("interactions.panel.from")}</label>
        <select
          id={id("from")}
          disabled={props.disabled}
          {...err("from", "from")}
          onChange={(e) => emit(setFrom(a, (e.target as HTMLSelectElement).value as "now", new Date()))}
        >
          <option value="now" selected={v.from === "now"}>{t("interactions.panel.from_now")}</option>
          <option value="programmed" selected={v.from === "programmed"}>
            {t("interactions.panel.from_programmed")}
          </option>
        </select>
        <FieldError id={id("from")} error={errors.from} />
      </div>
      <div class="field">
        <label for={id("start-date")}>{t("interactions.panel.start_date")}</label>
        <input
          id={id("start-date")}
          type="date"
          value={dateInput(v.start_date)}
          disabled={startOff}
          {...err("start-date", "start_date")}
          onChange={(e) => onStart((e.target as HTMLInputElement).value, timeInput(v.start_date))}
        />
        <FieldError id={id("start-date")} error={errors.start_date} />
      </div>
      <div class="field">
        <label for={id("start-time")}>{t("interactions.panel.start_time")}</label>
        <input
          id={id("start-time")}
          type="time"
          value={timeInput(v.start_date)}
          disabled={startOff}
          onChange={(e) => onStart(dateInput(v.start_date), (e.target as HTMLInputElement).value)}
        />
      </div>
      <div class="field">
        <label for={id("to")}>{t("interactions.panel.to")}</label>
        <select
          id={id("to")}
          disabled={props.disabled}
          {...err("to", "to")}
          onChange={(e) => emit(setTo(a, (e.target as HTMLSelectElement).value as "permanent", new Date()))}
        >
          <option value="scheduled" selected={v.to === "scheduled"}>
            {t("interactions.panel.to_scheduled")}
          </option>
          <option value="permanent" selected={v.to === "permanent"}>
            {t("interactions.panel.to_permanent")}
          </option>
        </select>
        <FieldError id={id("to")} error={errors.to} />
      </div>
      <div class="field">
        <label for={id("end-date")}>{t("interactions.panel.end_date")}</label>
        <input
          id={id("end-date")}
          type="date"
          value={dateInput(v.end_date)}
          disabled={endOff}
          {...err("end-date", "end_date")}
          onChange={(e) => onEnd((e.target as HTMLInputElement).value, timeInput(v.end_date) || "00:00")}
        />
        <FieldError id={id("end-date")} error={errors.end_date} />
      </div>
      <div class="field">
        <label for={id("end-time")}>{t("interactions.panel.end_time")}</label>
        <input
          id={id("end-time")}
          type="time"
          value={timeInput(v.end_date)}
          disabled={endOff || !v.end_date}
          onChange={(e) => onEnd(dateInput(v.end_date), (e.target as HTMLInputElement).value)}
        />
      </div>
    </div>
  );
}
