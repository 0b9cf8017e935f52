import { Hono } from "hono";
import type { AppEnv } from "../../../../framework/env.ts";
import { renderPage } from "../../../../framework/render.tsx";
import { ChannelWidgetFrame } from "../../../../components/channel_widget/ChannelWidgetFrame.tsx";
import ChannelCarousel from "../../../../islands/ChannelCarousel.tsx";
import { permanentSegments, publicChannel } from "../../../../lib/channel_widget.ts";
import { buttonColour, widgetQuery, widgetStyle } from "../../../../lib/widget_query.ts";
import { AppError } from "../../../../lib/errors.ts";
import { publicUrl } from "../../../../lib/config.ts";
import { WidgetHead } from "../../../../components/WidgetHead.tsx";

/** GET /widgets/channel/{channelId}/: the listener widget of a channel (visitor-widget §2). */
export default new Hono<AppEnv>().get("/", async (c) => {
  const channelId = Number(c.req.param("channelId"));
  if (!Number.isSafeInteger(channelId) || channelId <= 0) throw new AppError(404, "not_found");
  const { row, view } = await publicChannel(c.var.sql, channelId);
  const query = widgetQuery(new URL(c.req.url).searchParams);
  const segments = await permanentSegments(c.var.sql, row, {
    now: c.var.deps.now?.() ?? new Date(),
    activeOnly: true,
    interactionId: query.interactionId ?? undefined,
  });
  const t = c.var.t;
  const slides = segments.map(({ id, type, title, text, background_url, background_kind }) => ({
    id,
    type,
    title,
    text,
    background_url,
    background_kind,
  }));
  const refresh = new URLSearchParams({ active_only: "true" });
  if (query.interactionId) refresh.set("interaction_id", String(query.interactionId));
  const gone = query.fromPerm === "2" && segments.length === 0;
  return renderPage(
    c,
    <div class="cw" style={query.background ? undefined : `background-image:url('${view.background_url}')`}>
      <ChannelWidgetFrame channel={view} spaceHref={view.my_space_enabled ? "?im_screen=space" : null}>
        {view.public_state.interactionsAvailable
          ? (
            <ChannelCarousel
              channelId={channelId}
              segments={slides}
              linkQuery={query.linkQuery}
              refreshUrl={`/api/v1/permanent/all/${channelId}?${refresh}`}
            />
          )
          : <p class="cw-empty">{t("channel_widget.not_available")}</p>}
      </ChannelWidgetFrame>
      {gone && (
        <div class="cw-overlay" role="alertdialog" aria-labelledby="cw-gone">
          <p id="cw-gone">{t("channel_widget.no_longer_available")}</p>
        </div>
      )}
    </div>,
    {
      title: view.label,
      css: ["channel-widget.css"],
      htmlStyle: widgetStyle(buttonColour(row.customisation, view.widget_primary_color), query),
      head: (
        <WidgetHead
          base={publicUrl(c.var.deps.config)}
          path={`/widgets/channel/${channelId}/`}
          title={view.label}
        />
      ),
    },
  );
});
