import { Hono } from "hono";
import type { AppEnv } from "../../app/env.ts";
import { requirePage, staffOf } from "../../app/auth.ts";
import { renderPage } from "../../framework/render.tsx";
import { AdminLayout } from "../../components/admin/AdminLayout.tsx";
import MessageInbox from "../../islands/MessageInbox.tsx";
import { countMessages, listMessages } from "../../db/inbox.ts";
import { DEFAULT_PAGE_SIZE } from "../../lib/rules/constants.ts";
import { AppError } from "../../lib/rules/errors.ts";
import { messageView, queryOf, segmentFor } from "../../lib/inbox/service.ts";
import { can } from "../../lib/rules/permissions.ts";

/** GET /participations/{id}: the messages of an interaction (back-office §2 Message list / detail). */
export default new Hono<AppEnv>().get("/", requirePage("participations-read"), async (c) => {
  const user = staffOf(c);
  const id = Number(c.req.param("id"));
  if (!Number.isSafeInteger(id) || id <= 0) throw new AppError(404, "not_found");
  const q = await queryOf(c.var.sql, user, { segment_id: id });
  const [{ rows, total }, counts] = await Promise.all([
    listMessages(c.var.sql, q, 1, DEFAULT_PAGE_SIZE),
    countMessages(c.var.sql, q),
  ]);
  const segment = await segmentFor(c.var.sql, user, id);
  const title = segment.title || c.var.t("participations.title");
  return renderPage(
    c,
    <AdminLayout user={user} menu="interaction" active="participations" interactionId={id} heading={title}>
      <MessageInbox
        segmentId={id}
        initial={{ data: JSON.parse(JSON.stringify(rows.map((r) => messageView(r)))), total }}
        counts={counts}
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
