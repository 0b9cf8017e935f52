import { Hono } from "hono";
import type { AppEnv } from "../../app/env.ts";
import { requirePage, staffOf } from "../../app/auth.ts";
import { renderPage } from "../../framework/render.tsx";
import { AdminLayout } from "../../components/admin/AdminLayout.tsx";
import { PreviewCard, SharePanel } from "../../components/interactions/SidePanels.tsx";
import SegmentEditForm from "../../islands/SegmentEditForm.tsx";
import SegmentRestore from "../../islands/SegmentRestore.tsx";
import ResultsPanel from "../../islands/ResultsPanel.tsx";
import VoteIntegrityPanel from "../../islands/VoteIntegrityPanel.tsx";
import OverlayPanel from "../../islands/OverlayPanel.tsx";
import QuizPanel from "../../islands/QuizPanel.tsx";
import QuizEditor from "../../islands/QuizEditor.tsx";
import { quizForStaff } from "../../lib/quiz/service.ts";
import { overlayForStaff } from "../../lib/live/overlay.ts";
import { voteIntegrity } from "../../lib/segments/vote_review.ts";
import { publicUrl } from "../../lib/platform/config.ts";
import { loadSegmentPage } from "../../lib/segments/pages.ts";
import { can } from "../../lib/rules/permissions.ts";
import { hasChoices } from "../../lib/rules/segments.ts";
import { interactionStatistics } from "../../lib/statistics/interaction.ts";
import { InteractionStatisticsPanel } from "../../components/statistics/InteractionStatistics.tsx";
import { pathId } from "../../app/api.ts";

/**
 * GET /interactions/{id}: the edit page (read-only without interaction-action-edit); a draft goes back
 * to the wizard (back-office §2).
 */
export default new Hono<AppEnv>().get("/", requirePage(), async (c) => {
  const user = staffOf(c);
  const id = pathId(c);
  const base = publicUrl(c.var.deps.config);
  const page = await loadSegmentPage(c.var.sql, user, id, c.var.deps.now?.() ?? new Date(), base);
  const seg = page.segment;
  if (seg.status === "draft") return c.redirect(`/interactions/create?id=${id}`);
  const title = seg.title || c.var.t("interactions.untitled");
  const withChoices = hasChoices(seg.type, seg.game_type);
  const integrity = withChoices
    ? await voteIntegrity(c.var.sql, user, id, c.var.deps.now?.() ?? new Date())
    : null;
  const overlay = await overlayForStaff(c.var.sql, user, id, base);
  const now = c.var.deps.now?.() ?? new Date();
  const insight = can(user, "participations-read")
    ? await interactionStatistics(c.var.sql, { id, channel_id: Number(seg.channel_id) }, c.var.t, now)
    : null;
  // a game's live quiz: the presenter runs it from here (participations-read to follow, -action to run)
  const quiz = seg.type === "game" && can(user, "participations-read")
    ? await quizForStaff(c.var.sql, user, id, now)
    : null;
  return renderPage(
    c,
    <AdminLayout user={user} menu="interaction" active="edit" interactionId={id} heading={title}>
      {seg.status === "trash" && (
        <SegmentRestore id={id} canRestore={can(user, "interaction-action-trash")} />
      )}
      <div class="segment-edit">
        <div class="segment-main">
          <SegmentEditForm
            segment={seg}
            allowedTypes={page.allowedTypes}
            channelCustomisation={page.channelCustomisation}
            readOnly={!can(user, "interaction-action-edit")}
            timeZone={page.timeZone}
          />
          {quiz && can(user, "interaction-action-edit") && (
            <QuizEditor
              id={id}
              questions={quiz.questions}
              started={quiz.questions.some((q) =>
                q.phase !== "ready"
              )}
            />
          )}
        </div>
        <aside class="segment-aside">
          <ResultsPanel
            id={id}
            results={page.results}
            counts={page.counts}
            withChoices={withChoices}
          />
          {quiz && quiz.questions.length > 0 && (
            <QuizPanel id={id} initial={quiz} canPresent={can(user, "participations-action")} />
          )}
          {insight && <InteractionStatisticsPanel s={insight} t={c.var.t} />}
          <OverlayPanel
            id={id}
            overlay={overlay}
            showResults={seg.show_results === true}
            withChoices={withChoices}
            closed={seg.end_date != null && new Date(seg.end_date).getTime() <= now.getTime()}
            canEdit={can(user, "interaction-action-edit")}
          />
          {integrity && (
            <VoteIntegrityPanel
              id={id}
              view={integrity}
              choices={(seg.choices as { id: number; label: string }[]).map((ch) => ({
                id: ch.id,
                label: ch.label,
              }))}
              canReview={can(user, "moderation")}
            />
          )}
          <PreviewCard channelId={seg.channel_id} id={id} title={title} />
          <SharePanel
            base={base}
            channelId={seg.channel_id}
            id={id}
            title={title}
            shareUrl={seg.shareUrl}
            canExport={can(user, "participations-export")}
          />
        </aside>
      </div>
    </AdminLayout>,
    { title, css: ["admin.css", "channels.css", "interactions.css", "statistics.css"] },
  );
});
