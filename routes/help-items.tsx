import { Hono } from "hono";
import type { AppEnv } from "../app/env.ts";
import { requirePage, staffOf } from "../app/auth.ts";
import { renderPage } from "../framework/render.tsx";
import { AdminLayout } from "../components/admin/AdminLayout.tsx";
import HelpItemEditor from "../islands/HelpItemEditor.tsx";
import { listHelpComments, listHelpItemVersions } from "../db/help_items.ts";

/** GET /help-items: a super administrator writes the welcome help item in each language. */
export default new Hono<AppEnv>().get("/", requirePage("help-items-edit"), async (c) => {
  const user = staffOf(c);
  const t = c.var.t;
  const versions = await listHelpItemVersions(c.var.sql, "welcome");
  const comments = (await Promise.all(versions.map(async (v) =>
    (await listHelpComments(c.var.sql, v.id)).map((r) => ({
      id: r.id,
      language: v.language,
      text: r.text,
      author: r.author,
      created_at: r.created_at.toISOString(),
    }))
  ))).flat().sort((a, b) =>
    b.created_at.localeCompare(a.created_at)
  );
  return renderPage(
    c,
    <AdminLayout user={user} menu="channel" active="help-items" heading={t("help.editor_title")}>
      <HelpItemEditor
        versions={versions.map((v) => ({
          id: v.id,
          language: v.language,
          title: v.title,
          body_markdown: v.body_markdown,
          image_url: v.image_url,
          video_url: v.video_url,
        }))}
        comments={comments}
      />
    </AdminLayout>,
    { title: t("help.editor_title"), css: ["admin.css", "channels.css"] },
  );
});
