import { Hono } from "hono";
import type { AppEnv } from "../../app/env.ts";
import { renderPage } from "../../framework/render.tsx";
import { publicUrl } from "../../lib/platform/config.ts";
import { overlaySegment, overlayState } from "../../lib/live/overlay.ts";
import { mayPresentQuiz } from "../../lib/quiz/service.ts";
import OverlayScreen from "../../islands/OverlayScreen.tsx";
import { useOverlayLanguage } from "../../app/i18n.ts";

/**
 * GET /overlay/{token}: the on-air overlay of an interaction for OBS, vMix or CasparCG (1920×1080,
 * transparent), or with ?mode=presenter the full-screen version for a studio monitor. No login: the
 * token is the key; an old or wrong token is a 404. A presenter screen opened by a staff member who may run
 * its quiz also drives the quiz with keys (the staff API, with their own session).
 */
export default new Hono<AppEnv>().get("/", async (c) => {
  const token = c.req.param("token") ?? "";
  const now = c.var.deps.now?.() ?? new Date();
  const state = await overlayState(c.var.sql, token, { now, publicUrl: publicUrl(c.var.deps.config) });
  useOverlayLanguage(c, state.channel.language);
  const presenter = c.req.query("mode") === "presenter";
  const segmentId = presenter && state.quiz ? await overlaySegment(c.var.sql, token) : null;
  const quiz = segmentId && await mayPresentQuiz(c.var.sql, c.var.user ?? null, segmentId) ? segmentId : null;
  c.header("Cache-Control", "no-store");
  c.header("Referrer-Policy", "no-referrer"); // the token is in the address
  return renderPage(c, <OverlayScreen token={token} initial={state} presenter={presenter} quiz={quiz} />, {
    title: state.title,
    css: ["overlay.css"],
    bodyClass: presenter ? "overlay presenter" : "overlay",
    htmlStyle: `--overlay-color:${state.channel.color};--overlay-accent:${state.channel.accent}`,
  });
});
