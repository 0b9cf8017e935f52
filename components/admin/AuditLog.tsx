import { useT } from "../../framework/island.tsx";
import type { AuditRow } from "../../lib/audit/service.ts";
import { AUDIT_ACTIONS, type AuditFilter } from "../../lib/rules/audit.ts";
import { zonedDateTime } from "../../lib/rules/wall_clock.ts";
import DateField from "../../islands/DateField.tsx";

/** The log's filters: a plain GET form, so the address of a filtered view can be shared and exported. */
export function AuditFilters(props: { filter: AuditFilter; actors: { id: number; login: string }[] }) {
  const { t } = useT();
  return (
    <form class="card audit-filters" method="get" action="/audit">
      <div class="field">
        <label for="audit-actor">{t("audit.col_person")}</label>
        <select id="audit-actor" name="actor">
          <option value="">{t("audit.everyone")}</option>
          {props.actors.map((a) => (
            <option key={a.id} value={a.id} selected={a.id === props.filter.actorId}>{a.login}</option>
          ))}
        </select>
      </div>
      <div class="field">
        <label for="audit-action">{t("audit.col_action")}</label>
        <select id="audit-action" name="action">
          <option value="">{t("audit.all_actions")}</option>
          {AUDIT_ACTIONS.map((a) => (
            <option key={a} value={a} selected={a === props.filter.action}>{t(`audit.actions.${a}`)}</option>
          ))}
        </select>
      </div>
      <DateField id="audit-from" label={t("audit.from")} name="from" value={props.filter.from ?? ""} picker />
      <DateField id="audit-to" label={t("audit.to")} name="to" value={props.filter.to ?? ""} picker />
      <button type="submit" class="btn btn-primary">{t("audit.filter")}</button>
    </form>
  );
}

/**
 * The entries, newest first, their times in the reader's language on the clock of `timeZone` (the
 * channel's), the zone named; the CSV keeps the instants in UTC.
 */
export function AuditTable(props: { rows: AuditRow[]; platform: boolean; timeZone: string }) {
  const { t } = useT();
  if (props.rows.length === 0) return <p class="muted">{t("audit.empty")}</p>;
  return (
    <div class="table-wrap">
      <table class="table audit-table">
        <thead>
          <tr>
            <th scope="col">{t("audit.col_local_time")}</th>
            <th scope="col">{t("audit.col_person")}</th>
            <th scope="col">{t("audit.col_action")}</th>
            <th scope="col">{t("audit.col_object")}</th>
            <th scope="col">{t("audit.col_address")}</th>
            {props.platform && <th scope="col">{t("audit.col_channel")}</th>}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((r) => (
            <tr key={r.id}>
              <td>
                <time dateTime={r.at.toISOString()}>{zonedDateTime(r.at, props.timeZone)}</time>
              </td>
              <td>{r.actor_login || "—"}</td>
              <td>
                {t(`audit.actions.${r.action}`)}
                {Array.isArray(r.details.fields) && (
                  <span class="muted">{` (${r.details.fields.join(", ")})`}</span>
                )}
              </td>
              <td>{r.object_type ? `${r.object_type} #${r.object_id}` : ""}</td>
              <td>{r.address ?? ""}</td>
              {props.platform && <td>{r.channel_id ?? ""}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
