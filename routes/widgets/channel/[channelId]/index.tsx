import { Hono } from "hono";
import type { AppEnv } from "../../../../app/env.ts";
import { renderPage } from "../../../../framework/render.tsx";
import ChannelWidget from "../../../../islands/ChannelWidget.tsx";
import { permanentSegments, publicChannel } from "../../../../lib/channels/widget.ts";
import { buttonColour, widgetQuery, widgetStyle } from "../../../../lib/widgets/query.ts";
import { widgetSegment } from "../../../../lib/widgets/page.ts";
import { AppError } from "../../../../lib/rules/errors.ts";
import { publicUrl } from "../../../../lib/platform/config.ts";
import { publicPageCacheControl, type RouteNeeds } from "../../../../lib/rules/http_cache.ts";
import { PAGE_RENDER_CACHE, PUBLIC_PAGE_CACHE } from "../../../../lib/rules/constants.ts";
import { renderedUntil } from "../../../../lib/rules/page_cache.ts";
import { readSharedMessage } from "../../../../lib/participations/shared.ts";
import { isShareToken } from "../../../../lib/rules/public_message.ts";
import { useWidgetLanguage } from "../../../../app/i18n.ts";
import { mergedCustomisation } from "../../../../lib/rules/customisation.ts";
import { WidgetHead } from "../../../../components/WidgetHead.tsx";
import type { ChannelSegment } from "../../../../components/channel_widget/types.ts";
import type { FastPath } from "../../../../app/front.ts";
import { isQuiz } from "../../../../lib/quiz/service.ts";

/** The shared participation of query `s` (a share token) when readable and of this channel, else null. */
async function sharedMessage(c: { var: AppEnv["Variables"] }, channelId: number, s: string | undefined) {
  if (!isShareToken(s)) return null;
  const shared = await readSharedMessage(c.var.sql, s, null).catch(() => null);
  return shared && shared.channel_id === channelId ? shared : null;
}

/** A widget page: no staff session but a staff preview's (`?preview=1`); its language is the widget's. */
export const needs: RouteNeeds = { session: "preview", widgetLanguage: true };

/**
 * The page is the same for every visitor who asks for it the same way: rendered once, kept a few seconds and
 * served from memory before the app's routing (app/page_cache.ts; a change of its channel drops it).
 */
export const fast: FastPath = { front: "page", channel: "channelId", trailingSlash: true };

/** GET /widgets/channel/{channelId}/: the listener widget of a channel (visitor-widget §2). */
export default new Hono<AppEnv>().get("/", async (c) => {
  const channelId = Number(c.req.param("channelId"));
  if (!Number.isSafeInteger(channelId) || channelId <= 0) throw new AppError(404, "not_found");
  const { row, view } = await publicChannel(c.var.sql, channelId);
  const params = new URL(c.req.url).searchParams;
  const query = widgetQuery(params);
  const now = c.var.deps.now?.() ?? new Date();
  const segments = await permanentSegments(c.var.sql, row, {
    now,
    activeOnly: true,
    interactionId: query.interactionId ?? undefined,
  });
  // the interaction's language setting: the one shown when the address names it, else the channel's
  const only = segments.length === 1 ? segments[0].customisation : null;
  useWidgetLanguage(c, mergedCustomisation(row.customisation, only).language);
  const slides: ChannelSegment[] = await Promise.all(segments.map(async (s) => ({
    ...widgetSegment(s, s.choices, { ...s.customisation }, view.segment_customisation),
    background_url: s.background_url,
    background_kind: s.background_kind,
    sms: s.sms,
    receiver: s.receiver,
    // a game with questions is played in the frame as a live quiz (its state read by the quiz, never kept here)
    quiz: await isQuiz(c.var.sql, { id: Number(s.id), type: String(s.type) }),
  })));
  const refresh = new URLSearchParams({ active_only: "true" });
  if (query.interactionId) refresh.set("interaction_id", String(query.interactionId));
  const gone = query.fromPerm === "2" && segments.length === 0;
  // an old numeric (or unknown, or unshared) s= link: the widget still shows, with a 404 status
  const s = params.get("s");
  const shared = await sharedMessage(c, channelId, s ?? undefined);
  // the same page for every visitor, unless it shows a listener's shared participation
  c.header("Cache-Control", publicPageCacheControl(s !== null, PUBLIC_PAGE_CACHE));
  c.header("Vary", "Accept-Language");
  // kept rendered until one of its interactions closes (app/page_cache.ts)
  c.set(
    "renderedUntil",
    renderedUntil(now.getTime(), PAGE_RENDER_CACHE.ttlMs, segments.map((s) => s.end_date)),
  );
  return renderPage(
    c,
    // the background comes after the widget's script (base.css .after-script): the first control comes first
    <div
      class="cw after-script"
      style={query.background ? undefined : `--after-script-bg:url('${view.background_url}')`}
    >
      <ChannelWidget
        channel={{
          id: view.id,
          label: view.label,
          logo_url: view.logo_url,
          my_space_enabled: view.my_space_enabled,
          gamification: view.gamification,
          sharing_enabled: view.sharing_enabled,
          demo: view.public_state.demo,
          available: view.public_state.interactionsAvailable,
        }}
        segments={slides}
        linkQuery={query.linkQuery}
        siteRef={query.ref}
        refreshUrl={`/api/v1/permanent/all/${channelId}?${refresh}`}
        screen={params.get("im_screen")}
        shared={shared}
        gone={gone}
        fromPerm={query.fromPerm === "2"}
      />
    </div>,
    {
      title: view.label,
      status: s !== null && !shared ? 404 : 200,
      clientLanguage: !params.get("lang"),
      css: ["widget.css", "panel.css", "channel-widget.css"],
      htmlStyle: widgetStyle(buttonColour(row.customisation, view.widget_primary_color), query),
      head: (
        <WidgetHead
          base={publicUrl(c.var.deps.config)}
          path={`/widgets/channel/${channelId}/`}
          title={view.label}
          description={c.var.t("seo.channel_description", { label: view.label })}
        />
      ),
    },
  );
});
