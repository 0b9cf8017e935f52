import { Hono } from "hono";
import type { AppEnv } from "../../app/env.ts";
import { requirePage, staffOf } from "../../app/auth.ts";
import { renderPage } from "../../framework/render.tsx";
import { ListPage } from "../../components/interactions/ListPage.tsx";
import CreationWizard from "../../islands/CreationWizard.tsx";
import { publicUrl } from "../../lib/platform/config.ts";
import {
  channelTimeZone,
  loadListPage,
  loadSegmentPage,
  loadWizardTemplates,
} from "../../lib/segments/pages.ts";
import { LIST_CSS } from "../../components/interactions/ListPage.tsx";

/** GET /interactions/create: the list with the creation wizard open; `?id=` resumes a draft at step 1. */
export default new Hono<AppEnv>().get("/", requirePage("create-interaction"), async (c) => {
  const user = staffOf(c);
  if (!user.channel_id) return c.redirect("/channels");
  const sql = c.var.sql;
  const now = c.var.deps.now?.() ?? new Date();
  const draftId = Number(c.req.query("id"));
  let draft = null;
  if (Number.isSafeInteger(draftId) && draftId > 0) {
    const page = await loadSegmentPage(sql, user, draftId, now, publicUrl(c.var.deps.config));
    if (page.segment.status !== "draft") return c.redirect(`/interactions/${draftId}`);
    draft = page.segment;
  }
  const [data, templates, timeZone] = await Promise.all([
    loadListPage(sql, user.channel_id, {}, now),
    loadWizardTemplates(sql, user.channel_id, (key) => c.var.t(key)),
    channelTimeZone(sql, user.channel_id),
  ]);
  return renderPage(
    c,
    <ListPage user={user} data={data}>
      <CreationWizard templates={templates} draft={draft} timeZone={timeZone} />
    </ListPage>,
    { title: c.var.t("interactions.wizard.title"), css: LIST_CSS },
  );
});
