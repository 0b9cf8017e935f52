import { Hono } from "hono";
import type { AppEnv } from "../../../../app/env.ts";
import { renderPage } from "../../../../framework/render.tsx";
import { widgetChannelAndSegment } from "../../../../lib/channels/widget.ts";
import { publicChannelView } from "../../../../lib/rules/channels.ts";
import { canAccessChannel } from "../../../../lib/rules/permissions.ts";
import { isAvailable, opensLater } from "../../../../lib/rules/participation.ts";
import { useWidgetLanguage } from "../../../../app/i18n.ts";
import { widgetSegment, widgetStyle } from "../../../../lib/widgets/page.ts";
import { mergedCustomisation } from "../../../../lib/rules/customisation.ts";
import { WidgetFrame } from "../../../../components/widget/WidgetFrame.tsx";
import WidgetMessage from "../../../../islands/WidgetMessage.tsx";
import SingleWidget from "../../../../islands/SingleWidget.tsx";
import QuizPlay from "../../../../islands/QuizPlay.tsx";
import { isQuiz } from "../../../../lib/quiz/service.ts";
import { WidgetHead } from "../../../../components/WidgetHead.tsx";
import { publicUrl } from "../../../../lib/platform/config.ts";
import { publicPageCacheControl, type RouteNeeds } from "../../../../lib/rules/http_cache.ts";
import { PAGE_RENDER_CACHE, PUBLIC_PAGE_CACHE } from "../../../../lib/rules/constants.ts";
import { renderedUntil } from "../../../../lib/rules/page_cache.ts";
import type { FastPath } from "../../../../app/front.ts";

const id = (value: string) => (/^\d{1,15}$/.test(value) ? Number(value) : null);

/** A widget page: no staff session but a staff preview's (`?preview=1`); its language is the widget's. */
export const needs: RouteNeeds = { session: "preview", widgetLanguage: true };

/**
 * The page is the same for every visitor who asks for it the same way: rendered once, kept a few seconds and
 * served from memory before the app's routing (app/page_cache.ts; a change of its channel drops it).
 */
export const fast: FastPath = { front: "page", channel: "channelId", trailingSlash: true };

/** GET /widgets/{channelId}/{segmentId}/: the participation widget of one interaction (§2). */
export default new Hono<AppEnv>().get("/", async (c) => {
  const channelId = id(c.req.param("channelId") ?? "");
  const segmentId = id(c.req.param("segmentId") ?? "");
  const found = await widgetChannelAndSegment(c.var.sql, channelId, segmentId);
  const q = c.req.query();
  const css = ["widget.css"];
  if (!found) {
    const t = c.var.t;
    return renderPage(c, <WidgetFrame message={t("widget.not_found")} />, {
      title: t("widget.not_found"),
      css,
      status: 404,
    });
  }
  const { channel, segment } = found;
  const view = publicChannelView(channel);
  const custom = mergedCustomisation(channel.customisation, segment.customisation);
  useWidgetLanguage(c, custom.language);
  const t = c.var.t;
  const style = widgetStyle(view.widget_primary_color, custom, q);
  const now = c.var.deps.now?.() ?? new Date();
  const background = {
    url: segment.background_url ?? view.background_url,
    kind: segment.background_kind === "video" ? "video" as const : "image" as const,
  };
  // Staff of the channel preview a draft or scheduled interaction as it will look (?preview=1).
  const preview = q.preview === "1" && !!c.var.user && canAccessChannel(c.var.user, channel.id);
  if (!isAvailable(segment, now) && !preview) {
    // not open yet: the page says when (and is not kept, it changes once open); closed: 410
    const opens = opensLater(segment, now);
    if (opens) c.header("Cache-Control", "no-store");
    return renderPage(
      c,
      <WidgetMessage
        channel={{ label: view.label, logo_url: view.logo_url }}
        background={background}
        message={opens ? "opens_at" : "unavailable"}
        opens={opens ? { at: opens.toISOString(), timeZone: String(channel.time_zone ?? "UTC") } : undefined}
      />,
      { title: view.label, css, htmlStyle: style, status: opens ? 200 : 410, clientLanguage: !q.lang },
    );
  }
  // a game with questions is played as a live quiz (its state is read by the island, never kept in the page)
  if (await isQuiz(c.var.sql, { id: Number(segment.id), type: String(segment.type) })) {
    c.header("Cache-Control", "no-store");
    return renderPage(c, <QuizPlay segmentId={Number(segment.id)} title={String(segment.title)} />, {
      title: String(segment.title),
      css,
      htmlStyle: style,
    });
  }
  const props = widgetSegment(segment, segment.choices, custom, view.segment_customisation);
  // registration required: the first screen opens the channel widget's login panel, styled by its sheet
  if (props.registration_required) css.push("panel.css");
  const interaction = id(q.interaction_id ?? "");
  // the same page for every visitor (the language is in the address or from Accept-Language)
  c.header("Cache-Control", publicPageCacheControl(preview, PUBLIC_PAGE_CACHE));
  c.header("Vary", "Accept-Language");
  // kept rendered until the interaction opens, closes or reveals its results (app/page_cache.ts)
  c.set(
    "renderedUntil",
    renderedUntil(now.getTime(), PAGE_RENDER_CACHE.ttlMs, [segment.start_date, segment.end_date]),
  );
  return renderPage(
    c,
    <SingleWidget
      segment={props}
      siteRef={q.ref?.slice(0, 500) || null}
      interactionId={interaction}
      frame={{ channel: { label: view.label, logo_url: view.logo_url }, background }}
    />,
    {
      title: view.label,
      css,
      htmlStyle: style,
      bodyClass: "widget-body",
      clientLanguage: !q.lang,
      head: (
        <WidgetHead
          base={publicUrl(c.var.deps.config)}
          path={`/widgets/${channel.id}/${segment.id}/`}
          title={String(segment.title)}
          description={t("seo.segment_description", { title: String(segment.title), label: view.label })}
        />
      ),
    },
  );
});
