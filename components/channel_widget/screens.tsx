// The channel widget's screens beyond its home, each loaded on first use with its texts
// (lib/rules/channel_home.ts CHANNEL_WIDGET_TEXTS), so the page carries only the home's code (the
// participation flow's texts too: CHANNEL_WIDGET_PAGE_TEXTS, a texts fetch then asks for nothing).
import type { ComponentType } from "preact";
import { lazyWithTexts } from "../../islands/browser/lazy.ts";
import { CHANNEL_WIDGET_TEXTS } from "../../lib/rules/channel_home.ts";
import type { LoginPanelProps } from "./LoginPanel.tsx";
import type { SpaceProps } from "./MySpace.tsx";
import type { FlowProps } from "./Flow.tsx";
import type { QuizGameProps } from "../../islands/QuizPlay.tsx";

export type { FlowProps, LoginPanelProps, QuizGameProps, SpaceProps };

const loading = () => <p class="cw-loading" aria-busy="true">…</p>;
/** A screen loaded on first use, its texts fetched at the same moment as its code (both, or it fails). */
const part = <P extends object>(load: () => Promise<ComponentType<P>>, sections: string[]) =>
  lazyWithTexts(load, sections, loading);
export const LoginPanel = part<LoginPanelProps>(
  () => import("./LoginPanel.tsx").then((m) => m.LoginPanel),
  CHANNEL_WIDGET_TEXTS.login,
);
export const Space = part<SpaceProps>(
  () => import("./MySpace.tsx").then((m) => m.Space),
  CHANNEL_WIDGET_TEXTS.space,
);
export const Flow = part<FlowProps>(
  () => import("./Flow.tsx").then((m) => m.Flow),
  CHANNEL_WIDGET_TEXTS.flow,
);
export const Quiz = part<QuizGameProps>(
  () => import("../../islands/QuizPlay.tsx").then((m) => m.QuizGame),
  CHANNEL_WIDGET_TEXTS.quiz,
);
