import { Hono } from "hono";
import type { AppEnv } from "../app/env.ts";
import { requirePage, staffOf } from "../app/auth.ts";
import { renderPage } from "../framework/render.tsx";
import { AdminLayout } from "../components/admin/AdminLayout.tsx";
import HelpItemEditor from "../islands/HelpItemEditor.tsx";
import { loadHelpEditor } from "../lib/help_items/service.ts";

/** GET /help-items: a super administrator writes the welcome help item in each language. */
export default new Hono<AppEnv>().get("/", requirePage("help-items-edit"), async (c) => {
  const user = staffOf(c);
  const t = c.var.t;
  const { versions, comments } = await loadHelpEditor(c.var.sql);
  return renderPage(
    c,
    <AdminLayout user={user} menu="channel" active="help-items" heading={t("help.editor_title")}>
      <HelpItemEditor
        versions={versions}
        comments={comments}
      />
    </AdminLayout>,
    { title: t("help.editor_title"), css: ["admin.css", "channels.css"] },
  );
});
