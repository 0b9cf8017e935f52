import { Hono } from "hono";
import type { AppEnv } from "../app/env.ts";
import { requirePage, staffOf } from "../app/auth.ts";
import { renderPage } from "../framework/render.tsx";
import { AdminLayout } from "../components/admin/AdminLayout.tsx";
import { HeldLink } from "../components/admin/HeldLink.tsx";
import ModerationList from "../islands/ModerationList.tsx";
import { waitingHeldCount } from "../lib/lines/held.ts";
import { can } from "../lib/rules/permissions.ts";
import { chooseChannelAddress } from "../lib/rules/channels.ts";

/**
 * GET /moderation: the channel's messages awaiting moderation (back-office §2 Routes), with a link to what its
 * phone lines held while any of it waits for staff. A super administrator without a channel is sent to pick one:
 * the queue and its live count belong to a channel (the stream of counts answers nothing without one).
 */
export default new Hono<AppEnv>().get("/", requirePage("moderation"), async (c) => {
  const user = staffOf(c);
  if (user.channel_id === null) return c.redirect(chooseChannelAddress("moderation"));
  const title = c.var.t("moderation.title");
  const channel = user.channel_id;
  const held = channel !== null && can(user, "participations-read")
    ? await waitingHeldCount(c.var.deps, user, channel)
    : 0;
  return renderPage(
    c,
    <AdminLayout
      user={user}
      menu="channel"
      active="moderation"
      heading={title}
      actions={held > 0 && channel !== null ? <HeldLink channelId={channel} waiting={held} /> : undefined}
    >
      <ModerationList />
    </AdminLayout>,
    { title, css: ["admin.css", "participations.css"] },
  );
});
