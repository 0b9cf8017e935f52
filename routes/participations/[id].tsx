import { Hono } from "hono";
import type { AppEnv } from "../../app/env.ts";
import { requirePage, staffOf } from "../../app/auth.ts";
import { renderPage } from "../../framework/render.tsx";
import { AdminLayout } from "../../components/admin/AdminLayout.tsx";
import MessageInbox from "../../islands/MessageInbox.tsx";
import { loadSegmentInbox } from "../../lib/inbox/service.ts";
import { can } from "../../lib/rules/permissions.ts";
import { pathId } from "../../app/api.ts";

/**
 * GET /participations/{id}[?message={messageId}]: the messages of an interaction (back-office §2 Message
 * list / detail), one of them opened when named.
 */
export default new Hono<AppEnv>().get("/", requirePage("participations-read"), async (c) => {
  const user = staffOf(c);
  const id = pathId(c);
  const { messages, total, counts, segment } = await loadSegmentInbox(c.var.sql, user, id);
  // ?message=: the message an assistant's answer links to, opened in the detail pane.
  const message = Number(c.req.query("message"));
  const selectedId = Number.isSafeInteger(message) && message > 0 ? message : null;
  const title = segment.title || c.var.t("participations.title");
  return renderPage(
    c,
    <AdminLayout user={user} menu="interaction" active="participations" interactionId={id} heading={title}>
      <MessageInbox
        segmentId={id}
        initial={{ data: JSON.parse(JSON.stringify(messages)), total }}
        counts={counts}
        selectedId={selectedId}
        can={{
          act: can(user, "participations-action"),
          reply: can(user, "participations-reply"),
          deliver: can(user, "participations-delivery"),
          erase: can(user, "listener-data-erase"),
        }}
      />
    </AdminLayout>,
    {
      title: `${c.var.t("participations.title")} · ${title}`,
      css: ["admin.css", "widget.css", "participations.css"],
    },
  );
});
