import { Hono } from "hono";
import type { AppEnv } from "../../../../framework/env.ts";
import { renderPage } from "../../../../framework/render.tsx";
import ChannelWidget from "../../../../islands/ChannelWidget.tsx";
import { permanentSegments, publicChannel } from "../../../../lib/channel_widget.ts";
import { buttonColour, widgetQuery, widgetStyle } from "../../../../lib/widget_query.ts";
import { widgetSegment } from "../../../../lib/widget_page.ts";
import { isInAppBrowser } from "../../../../lib/widget.ts";
import { AppError } from "../../../../lib/errors.ts";
import { publicUrl } from "../../../../lib/config.ts";
import { getMessage } from "../../../../db/participations.ts";
import { playablePath } from "../../../../db/permanent.ts";
import { WidgetHead } from "../../../../components/WidgetHead.tsx";
import type { ChannelSegment, SharedMessage } from "../../../../components/channel_widget/types.ts";

/** The shared participation of query `s` when published in this channel, else null. */
async function sharedMessage(c: { var: AppEnv["Variables"] }, channelId: number, s: string | undefined) {
  const id = Number(s);
  if (!s || !Number.isSafeInteger(id) || id <= 0) return null;
  const m = await getMessage(c.var.sql, id);
  if (!m || m.channel_id !== channelId || m.status !== "received") return null;
  if (m.moderation !== "none" && m.moderation !== "approved") return null;
  const path = await playablePath(c.var.sql, m.media_id);
  const shared: SharedMessage = {
    id: m.id,
    type: m.type,
    created_at: m.created_at.toISOString(),
    content: { text: m.content.text ?? null, choice_text: m.content.choice_text ?? null },
    author_name: m.author_name,
    media_url: path ? `/media/${path}` : null,
  };
  return shared;
}

/** GET /widgets/channel/{channelId}/: the listener widget of a channel (visitor-widget §2). */
export default new Hono<AppEnv>().get("/", async (c) => {
  const channelId = Number(c.req.param("channelId"));
  if (!Number.isSafeInteger(channelId) || channelId <= 0) throw new AppError(404, "not_found");
  const { row, view } = await publicChannel(c.var.sql, channelId);
  const params = new URL(c.req.url).searchParams;
  const query = widgetQuery(params);
  const segments = await permanentSegments(c.var.sql, row, {
    now: c.var.deps.now?.() ?? new Date(),
    activeOnly: true,
    interactionId: query.interactionId ?? undefined,
  });
  const slides: ChannelSegment[] = segments.map((s) => ({
    ...widgetSegment(s, s.choices, { ...s.customisation }, view.segment_customisation),
    background_url: s.background_url,
    background_kind: s.background_kind,
    sms: s.sms,
    receiver: s.receiver,
  }));
  const refresh = new URLSearchParams({ active_only: "true" });
  if (query.interactionId) refresh.set("interaction_id", String(query.interactionId));
  const gone = query.fromPerm === "2" && segments.length === 0;
  return renderPage(
    c,
    <div class="cw" style={query.background ? undefined : `background-image:url('${view.background_url}')`}>
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
        shared={await sharedMessage(c, channelId, params.get("s") ?? undefined)}
        inApp={isInAppBrowser(c.req.header("user-agent") ?? "")}
        gone={gone}
      />
    </div>,
    {
      title: view.label,
      css: ["widget.css", "channel-widget.css"],
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
