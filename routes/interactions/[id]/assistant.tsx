import { Hono } from "hono";
import type { AppEnv } from "../../../app/env.ts";
import { requirePage, staffOf } from "../../../app/auth.ts";
import { renderPage } from "../../../framework/render.tsx";
import { AdminLayout } from "../../../components/admin/AdminLayout.tsx";
import AiAssistant from "../../../islands/AiAssistant.tsx";
import { loadAssistantPage } from "../../../lib/ai/assistant.ts";
import { READ_TABS } from "../../../lib/rules/ai_reads.ts";
import { pathId } from "../../../app/api.ts";

/** GET /interactions/{id}/assistant: the AI assistant of an interaction (back-office §2, beta). */
export default new Hono<AppEnv>().get("/", requirePage("ai-assistant"), async (c) => {
  const user = staffOf(c);
  const t = c.var.t;
  const data = await loadAssistantPage(c.var.sql, user, pathId(c));
  const model = c.var.deps.config.AI_BASE_URL ? c.var.deps.config.AI_MODEL : null;
  return renderPage(
    c,
    <AdminLayout
      user={user}
      menu="interaction"
      active="assistant"
      interactionId={data.segment.id}
      heading={t("ai.title")}
    >
      <section class="card ai-page">
        <p class="ai-page-kicker">{data.segment.title}</p>
        <p>{t("ai.page_intro")}</p>
        {/* what a question reads, tab by tab under the inbox's labels: the numbers its tabs show */}
        <dl class="ai-facts">
          {READ_TABS.filter((tab) => tab === "all" || data.reads.tabs[tab] > 0).map((tab) => (
            <div key={tab}>
              <dt>{t(`participations.tabs.${tab}`)}</dt>
              <dd>{data.reads.tabs[tab]}</dd>
            </div>
          ))}
        </dl>
        <p class="ai-provider">
          {model ? t("ai.provider_model", { model }) : t("ai.provider_builtin")}
        </p>
        <AiAssistant
          segmentId={data.segment.id}
          apiKey={data.apiKey}
          title={data.segment.title}
          reads={data.reads}
        />
      </section>
    </AdminLayout>,
    { title: `${t("ai.title")} · ${data.segment.title}`, css: ["admin.css", "ai.css"] },
  );
});
