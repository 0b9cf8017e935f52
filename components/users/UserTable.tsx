import { useT } from "../../framework/island.tsx";
import type { UserRow } from "../../db/users.ts";
import { initialsOf } from "./AvatarField.tsx";

/** The staff list (back-office §2 Users): name, e-mail, role, state, actions. */
export function UserTable(props: { rows: UserRow[]; selfId: number; channels?: Map<number, string> }) {
  const { t } = useT();
  if (props.rows.length === 0) return <p class="card">{t("users.empty")}</p>;
  return (
    <div class="card table-wrap user-table-card">
      <table class="table user-table">
        <thead>
          <tr>
            <th scope="col">{t("users.col_name")}</th>
            <th scope="col">{t("users.col_email")}</th>
            <th scope="col">{t("users.col_role")}</th>
            {props.channels && <th scope="col">{t("users.col_media")}</th>}
            <th scope="col">{t("users.col_status")}</th>
            <th scope="col">
              <span class="sr-only">{t("users.col_actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {props.rows.map((u) => {
            const name = `${u.first_name ?? ""} ${u.last_name ?? ""}`.trim() || u.login;
            const status = !u.active ? "inactive" : u.confirmed_at ? "active" : "unconfirmed";
            return (
              <tr key={u.id}>
                <td data-label={t("users.col_name")}>
                  <a class="user-cell" href={`/users/${u.id}`}>
                    <span class="user-avatar" aria-hidden="true">
                      {u.image_url ? <img src={u.image_url} alt="" /> : initialsOf({
                        first_name: u.first_name ?? "",
                        last_name: u.last_name ?? "",
                        login: u.login,
                      })}
                    </span>
                    <span>
                      <strong>{name}</strong>
                      {u.id === props.selfId && <span class="muted">({t("users.you")})</span>}
                      <br />
                      <span class="muted">{u.login}</span>
                    </span>
                  </a>
                </td>
                <td data-label={t("users.col_email")} class="user-email">{u.email}</td>
                <td data-label={t("users.col_role")}>
                  <span class={`badge role-${u.role}`}>{t(`users.roles.${u.role}`)}</span>
                </td>
                {props.channels && (
                  <td data-label={t("users.col_media")}>
                    {u.channel_id ? props.channels.get(u.channel_id) : <span class="muted">—</span>}
                  </td>
                )}
                <td data-label={t("users.col_status")}>
                  <span class={`badge status-${status}`}>{t(`users.status.${status}`)}</span>
                </td>
                <td class="user-actions">
                  <a class="btn btn-secondary btn-sm" href={`/users/${u.id}`}>
                    {t("users.edit")}
                    <span class="sr-only">{` ${name}`}</span>
                  </a>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
