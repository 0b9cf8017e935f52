import { Hono } from "hono";
import type { AppEnv } from "../../../app/env.ts";
import { requirePage, staffOf } from "../../../app/auth.ts";
import { renderPage } from "../../../framework/render.tsx";
import { AdminLayout } from "../../../components/admin/AdminLayout.tsx";
import { MediumIcon } from "../../../components/participations/MediumIcon.tsx";
import HeldActions from "../../../islands/HeldActions.tsx";
import { heldPage } from "../../../lib/lines/held.ts";
import { getChannelLabel } from "../../../lib/webhooks/pages.ts";
import { publicAuthorLine } from "../../../lib/rules/public_message.ts";
import { pathId } from "../../../app/api.ts";

/**
 * GET /channels/{id}/held-messages: what the channel's lines received that no interaction took (the line
 * fed none, or the interaction refused it), with why, for staff who read the channel's participations; those
 * who act on them move each into an interaction or dismiss it.
 */
export default new Hono<AppEnv>().get("/", requirePage(), async (c) => {
  const user = staffOf(c);
  const id = pathId(c);
  const { held, targets, canAct } = await heldPage(c.var.deps, user, id);
  const label = await getChannelLabel(c.var.sql, id);
  const t = c.var.t;
  const when = new Intl.DateTimeFormat(c.var.lang, { dateStyle: "medium", timeStyle: "short" });
  return renderPage(
    c,
    <AdminLayout
      user={user}
      menu="channel"
      active="moderation"
      heading={`${t("lines.held_title")} · ${label}`}
    >
      <div class="held" data-testid="held-messages">
        <p class="field-hint">{t("lines.held_intro")}</p>
        {held.length === 0 && <p class="field-hint">{t("lines.held_empty")}</p>}
        <ul class="held-list">
          {held.map((m) => (
            <li
              key={m.id}
              class={`card held-card${m.resolution ? " held-settled" : ""}`}
              data-held-id={m.id}
              data-reason={m.reason}
              data-resolution={m.resolution ?? "waiting"}
            >
              <div class="held-head">
                <MediumIcon medium={m.medium} />
                <strong>
                  {publicAuthorLine(m, t("participations.anonymous"), t("participations.listener"))}
                </strong>
                <time class="muted" dateTime={m.created_at}>{when.format(new Date(m.created_at))}</time>
              </div>
              {m.text && <p class="held-text">{m.text}</p>}
              {m.media_url && m.media_kind === "audio" && <audio controls preload="none" src={m.media_url} />}
              {m.media_url && m.media_kind === "video" && <video controls preload="none" src={m.media_url} />}
              {m.media_url && m.media_kind === "image" && <img src={m.media_url} alt={m.text ?? ""} />}
              {m.media_kind && !m.media_url && <p class="muted">{t("lines.held_media_waiting")}</p>}
              <p class="held-reason">
                {t(`lines.held_reason_${m.reason}`, { interaction: m.segment_title ?? "" })}
                {m.line_label ? ` · ${m.line_label}` : ""}
              </p>
              {m.resolution === "moved" && (
                <p class="held-reason">
                  <a href={`/participations/${m.moved_to}`}>
                    {t("lines.held_moved", { interaction: m.moved_title ?? "" })}
                  </a>
                </p>
              )}
              {m.resolution === "dismissed" && <p class="held-reason">{t("lines.held_dismissed")}</p>}
              {m.resolution !== "moved" && m.resolution !== "dismissed" && canAct && (
                <HeldActions channelId={id} heldId={m.id} targets={targets} />
              )}
            </li>
          ))}
        </ul>
      </div>
    </AdminLayout>,
    { title: t("lines.held_title"), css: ["admin.css", "channels.css", "participations.css"] },
  );
});
