import type { ComponentChildren } from "preact";
import { useT } from "../../framework/island.tsx";
import type { ListPageData } from "../../lib/segments/pages.ts";
import { can, type StaffUser } from "../../lib/rules/permissions.ts";
import { AdminLayout } from "../admin/AdminLayout.tsx";
import { ListFilters, Pagination } from "./ListControls.tsx";
import { SegmentTable } from "./SegmentTable.tsx";

export const LIST_CSS = ["admin.css", "channels.css", "interactions.css"];

/** The interaction list page (back-office §2), with the creation wizard over it when `children` holds it. */
export function ListPage(props: { user: StaffUser; data: ListPageData; children?: ComponentChildren }) {
  const { t } = useT();
  return (
    <AdminLayout
      user={props.user}
      menu="channel"
      active="interactions"
      heading={t("interactions.list_title")}
      actions={can(props.user, "create-interaction")
        ? <a class="btn btn-primary" href="/interactions/create">{t("admin.create_interaction")}</a>
        : undefined}
    >
      <ListFilters data={props.data} />
      <SegmentTable rows={props.data.rows} user={props.user} />
      <Pagination data={props.data} />
      {props.children}
    </AdminLayout>
  );
}
