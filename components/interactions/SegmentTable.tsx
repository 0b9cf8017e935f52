import { useT } from "../../framework/island.tsx";
import type { ListPageData } from "../../lib/segments/pages.ts";
import { can, type StaffUser } from "../../lib/rules/permissions.ts";
import { typeLabelKey } from "../../lib/rules/segments.ts";
import SegmentRowActions from "../../islands/SegmentRowActions.tsx";

type Row = ListPageData["rows"][number];

/** A draft opens the creation wizard, any other status the edit page (back-office §2). */
export const editHref = (row: { id: number; status: string }) =>
  row.status === "draft" ? `/interactions/create?id=${row.id}` : `/interactions/${row.id}`;

/** The availability label in its colour. */
export function AvailabilityBadge({ availability }: { availability: Row["availability"] }) {
  const { t } = useT();
  return (
    <span class="availability" style={`--availability:${availability.color}`}>
      <span class="availability-dot" aria-hidden="true"></span>
      {t(`interactions.availability.${availability.label}`)}
    </span>
  );
}

/** Line icons of the visual column, by kind of type (no emoji font is needed). */
const ICONS: Record<string, string> = {
  voice: "M12 3a3 3 0 0 0-3 3v6a3 3 0 0 0 6 0V6a3 3 0 0 0-3-3zM5 11a7 7 0 0 0 14 0M12 18v3",
  video: "M3 7h12v10H3zM15 10l6-3v10l-6-3",
  vote: "M5 20V10M12 20V4M19 20v-7",
  text: "M4 5h16v11H8l-4 4z",
  game: "M12 3l2.6 5.6 6 .7-4.5 4 1.3 6-5.4-3.1-5.4 3.1 1.3-6-4.5-4 6-.7z",
  form: "M6 3h12v18H6zM9 8h6M9 12h6M9 16h4",
};
const iconOf = (type: string) =>
  type === "recording_question"
    ? "voice"
    : type === "video"
    ? "video"
    : type.endsWith("choice_question")
    ? "vote"
    : type === "game"
    ? "game"
    : type === "registration"
    ? "form"
    : "text";

function Visual({ row }: { row: Row }) {
  if (row.background_url && row.background_kind === "image") {
    return (
      <img class="segment-visual" src={row.background_url} alt="" loading="lazy" width="56" height="56" />
    );
  }
  return (
    <span class="segment-visual" aria-hidden="true">
      <svg viewBox="0 0 24 24" width="26" height="26">
        <path
          d={ICONS[iconOf(row.type)]}
          fill="none"
          stroke="currentColor"
          stroke-width="1.8"
          stroke-linecap="round"
          stroke-linejoin="round"
        />
      </svg>
    </span>
  );
}

/** The interaction list: Visual, Interaction, Type, Availability, Participants and the row actions. */
export function SegmentTable({ rows, user }: { rows: Row[]; user: StaffUser }) {
  const { t, lang } = useT();
  const fmt = (n: number) => n.toLocaleString(lang === "technical" ? "en" : lang);
  if (rows.length === 0) return <p class="notice notice-info">{t("common.no_results")}</p>;
  const perms = {
    participations: can(user, "interaction-action-goto-participations"),
    edit: can(user, "interaction-action-edit") || can(user, "create-interaction"),
    archive: can(user, "interaction-action-archived"),
    trash: can(user, "interaction-action-trash"),
    duplicate: can(user, "interaction-action-duplicate"),
  };
  return (
    <div class="table-wrap">
      <table class="table segment-table">
        <caption class="sr-only">{t("interactions.list_title")}</caption>
        <thead>
          <tr>
            {can(user, "interaction-visual") && (
              <th scope="col" class="hide-sm">{t("interactions.col_visual")}</th>
            )}
            <th scope="col">{t("interactions.col_interaction")}</th>
            {can(user, "interaction-type") && (
              <th scope="col" class="hide-sm">{t("interactions.col_type")}</th>
            )}
            {can(user, "interaction-availability") && (
              <th scope="col">{t("interactions.col_availability")}</th>
            )}
            {can(user, "interaction-participants") && (
              <th scope="col" class="num">{t("interactions.col_participants")}</th>
            )}
            {can(user, "interaction-sous-menu-actions") && (
              <th scope="col" class="num">
                <span class="sr-only">{t("interactions.col_actions")}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const title = row.title || t("interactions.untitled");
            return (
              <tr key={row.id} data-status={row.status}>
                {can(user, "interaction-visual") && (
                  <td class="hide-sm">
                    <Visual row={row} />
                  </td>
                )}
                <td class="cell-title">
                  {perms.edit
                    ? <a class="segment-title" href={editHref(row)}>{title}</a>
                    : <span class="segment-title">{title}</span>}
                  {row.status !== "published" && (
                    <small class="segment-status muted">{t(`interactions.statuses.${row.status}`)}</small>
                  )}
                </td>
                {can(user, "interaction-type") && <td class="hide-sm">{t(typeLabelKey(row))}</td>}
                {can(user, "interaction-availability") && (
                  <td class="cell-availability">
                    <AvailabilityBadge availability={row.availability} />
                  </td>
                )}
                {can(user, "interaction-participants") && (
                  <td class="num cell-participants">
                    <span class="cell-label" aria-hidden="true">{t("interactions.col_participants")}</span>
                    {fmt(row.participants)}
                  </td>
                )}
                {can(user, "interaction-sous-menu-actions") && (
                  <td class="num cell-actions">
                    <SegmentRowActions
                      id={row.id}
                      title={title}
                      status={row.status}
                      editHref={editHref(row)}
                      {...perms}
                    />
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
