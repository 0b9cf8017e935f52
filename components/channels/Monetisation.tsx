import { useT } from "../../framework/island.tsx";
import type { Gauge } from "../../lib/rules/channels.ts";

function Bar({ id, label, gauge }: { id: string; label: string; gauge: Gauge }) {
  const { t, lang } = useT();
  const fmt = (n: number) => n.toLocaleString(lang === "technical" ? "en" : lang);
  return (
    <div class="gauge">
      <div class="gauge-head">
        <span id={id}>{label}</span>
        <span>{t("channels.gauge_value", { count: fmt(gauge.count), target: fmt(gauge.target) })}</span>
      </div>
      <div
        class={`gauge-bar${gauge.reached ? " is-reached" : ""}`}
        role="progressbar"
        aria-labelledby={id}
        aria-valuemin={0}
        aria-valuemax={gauge.target}
        aria-valuenow={Math.min(gauge.count, gauge.target)}
        aria-valuetext={`${gauge.percent} %`}
      >
        <span style={`width:${gauge.percent}%`} />
      </div>
    </div>
  );
}

/** Monetisation eligibility (spec §9) with a progress bar per threshold. */
export function Monetisation(
  props: { messages: Gauge; participants: Gauge; eligible: boolean; months: number },
) {
  const { t } = useT();
  return (
    <section class="card monetisation" aria-labelledby="monetisation-title">
      <h2 id="monetisation-title">{t("channels.monetisation_title")}</h2>
      <p class="muted">{t("channels.monetisation_rule")}</p>
      <Bar
        id="gauge-messages"
        label={t("channels.monetisation_messages", { months: props.months })}
        gauge={props.messages}
      />
      <Bar
        id="gauge-participants"
        label={t("channels.monetisation_participants")}
        gauge={props.participants}
      />
      <p class={`notice ${props.eligible ? "notice-success" : "notice-info"}`}>
        {props.eligible ? t("channels.monetisation_eligible") : t("channels.monetisation_not_yet")}
      </p>
    </section>
  );
}
