import { useT } from "../../framework/island.tsx";
import { AdminLayout } from "../admin/AdminLayout.tsx";
import ChannelForm from "../../islands/ChannelForm.tsx";
import { Monetisation } from "./Monetisation.tsx";
import type { ChannelPageData } from "../../lib/channels/pages.ts";
import { can, isSuperAdministrator, type StaffUser } from "../../lib/rules/permissions.ts";
import { channelPublicState } from "../../lib/rules/channels.ts";

/** The channel detail page: the form, then monetisation eligibility for a saved channel. */
export function ChannelPage(props: {
  user: StaffUser;
  data: ChannelPageData;
  edit: boolean;
  notice: "saved" | "image_failed" | null;
  menu: "channel" | "settings";
  active: string;
}) {
  const { t } = useT();
  const { channel } = props.data;
  const state = channel ? channelPublicState(channel) : null;
  const superAdmin = isSuperAdministrator(props.user);
  return (
    <AdminLayout
      user={props.user}
      menu={props.menu}
      active={props.active}
      heading={channel ? channel.label : t("channels.new_title")}
      actions={channel && (
        <>
          <span class={`badge status-${channel.status}`}>{t(`channels.statuses.${channel.status}`)}</span>
          {superAdmin && (
            <a class="btn btn-secondary btn-sm" href={`/customisation?channel=${channel.id}`}>
              {t("admin.menu.customisation")}
            </a>
          )}
          <a
            class="btn btn-secondary btn-sm"
            href={`/widgets/channel/${channel.id}/`}
            target="_blank"
            rel="noopener"
          >
            {t("channels.open_widget")}
          </a>
          {can(props.user, "channel-settings") && (
            <a class="btn btn-secondary btn-sm" href={`/channels/${channel.id}/webhooks`}>
              {t("webhooks.title")}
            </a>
          )}
          {can(props.user, "channel-settings") && (
            <a class="btn btn-secondary btn-sm" href={`/channels/${channel.id}/lines`}>
              {t("lines.open")}
            </a>
          )}
          {can(props.user, "channel-settings") && (
            <a class="btn btn-secondary btn-sm" href={`/channels/${channel.id}/sign-in`}>
              {t("auth.sso.link")}
            </a>
          )}
        </>
      )}
    >
      {state?.noticeKey && (
        <p class={`notice ${state.interactionsAvailable ? "notice-info" : "notice-warning"}`}>
          {t(`channels.public_state.${channel!.status}`)}
        </p>
      )}
      <ChannelForm
        channel={channel}
        isSuperAdmin={superAdmin}
        canEdit={can(props.user, "channel-settings")}
        parents={props.data.parents}
        edit={props.edit}
        notice={props.notice}
      />
      {props.data.monetisation && <Monetisation {...props.data.monetisation} />}
    </AdminLayout>
  );
}
