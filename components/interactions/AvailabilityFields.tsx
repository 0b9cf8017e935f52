import { useT } from "../../framework/island.tsx";
import { errorAttributes, FieldError } from "../channels/fields.tsx";
import { type Availability, moveEnd, moveStart, setFrom, setTo } from "../../lib/rules/availability.ts";
import { dateInput, fromInputs, timeInput } from "../../islands/browser/dates.ts";
import { zonedFields, zonedInstant } from "../../lib/rules/wall_clock.ts";
import { DateField } from "../DateField.tsx";

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
 * goes through the date rules of §4. Dates read DD/MM/YYYY and times 24-hour in every language (§9).
 */
export function AvailabilityFields(
  props: {
    id: string;
    value: AvailabilityValue;
    onChange: (v: AvailabilityValue) => void;
    disabled?: boolean;
    /** The server's messages keyed by the API's names (`from`, `to`, `start_date`, `end_date`). */
    errors?: Record<string, string>;
    /** The channel's time zone: the day and time read and typed are on its clock (the stored instant is UTC). */
    timeZone?: string;
  },
) {
  const { t } = useT();
  const v = props.value;
  const a = toRules(v);
  const emit = (next: Availability) => props.onChange(fromRules(next));
  const id = (name: string) => `${props.id}-${name}`;
  const errors = props.errors ?? {};
  const err = (name: string, key: string) => errorAttributes(id(name), errors[key]);
  // the day and time on the channel's clock when it is known (the edit page), else on the browser's
  const tz = props.timeZone;
  const fields = (iso: string | null) =>
    tz ? zonedFields(iso, tz) : { date: dateInput(iso), time: timeInput(iso) };
  const instant = (date: string, time: string) => tz ? zonedInstant(date, time, tz) : fromInputs(date, time);
  const start = fields(v.start_date);
  const end = fields(v.end_date);
  const onStart = (date: string, time: string) => {
    const iso = instant(date, time);
    if (iso) emit(moveStart(a, new Date(iso)));
  };
  const onEnd = (date: string, time: string) => {
    const iso = instant(date, time);
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
      <DateField
        id={id("start-date")}
        label={t("interactions.panel.start_date")}
        value={start.date}
        disabled={startOff}
        required={!startOff}
        error={errors.start_date}
        picker
        onChange={(date) => onStart(date, start.time)}
      />
      <DateField
        id={id("start-time")}
        kind="time"
        label={t("interactions.panel.start_time")}
        value={start.time}
        disabled={startOff}
        required={!startOff}
        onChange={(time) => onStart(start.date, time)}
      />
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
      <DateField
        id={id("end-date")}
        label={t("interactions.panel.end_date")}
        value={end.date}
        disabled={endOff}
        required={!endOff}
        error={errors.end_date}
        picker
        onChange={(date) => onEnd(date, end.time || "00:00")}
      />
      <DateField
        id={id("end-time")}
        kind="time"
        label={t("interactions.panel.end_time")}
        value={end.time}
        disabled={endOff || !v.end_date}
        onChange={(time) => onEnd(end.date, time)}
      />
    </div>
  );
}
