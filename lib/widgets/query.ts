// Query parameters of the widgets (visitor-widget §2): width, height, background, ref,
// interaction_id, from_perm. Pure.
import { mergedCustomisation, readableOn } from "../rules/customisation.ts";

export interface WidgetQuery {
  /** Pixel sizes, ignored on mobile. */
  width: number | null;
  height: number | null;
  /** A colour for the page background. */
  background: string | null;
  /** The site reference sent with participations. */
  ref: string | null;
  interactionId: number | null;
  fromPerm: string | null;
  /** What links to a single interaction carry along (`?ref=…`), or "". */
  linkQuery: string;
}

const COLOUR = /^(#[0-9a-f]{3,8}|[a-z]{3,20})$/i;

function size(value: string | null): number | null {
  const n = Number(value);
  return value && Number.isInteger(n) && n >= 200 && n <= 4000 ? n : null;
}

/** Reads the widget parameters; malformed values are ignored, never echoed. */
export function widgetQuery(params: URLSearchParams): WidgetQuery {
  const ref = params.get("ref")?.slice(0, 200) || null;
  const id = Number(params.get("interaction_id"));
  const background = params.get("background");
  return {
    width: size(params.get("width")),
    height: size(params.get("height")),
    background: background && COLOUR.test(background) ? background : null,
    ref,
    interactionId: Number.isSafeInteger(id) && id > 0 ? id : null,
    fromPerm: params.get("from_perm"),
    linkQuery: ref ? `?${new URLSearchParams({ ref })}` : "",
  };
}

/** The `<html>` style of a widget: its colour and the sizes that apply above the phone breakpoint. */
export function widgetStyle(primary: string, q: WidgetQuery): string {
  const colour = /^#[0-9a-f]{6}$/i.test(primary) ? primary : "#c48b9f";
  const on = readableOn(colour);
  const parts = [`--cw-primary:${colour}`, `--cw-on-primary:${on}`];
  if (q.background) parts.push(`--cw-page:${q.background}`);
  if (q.width) parts.push(`--cw-width:${q.width}px`);
  if (q.height) parts.push(`--cw-height:${q.height}px`);
  return parts.join(";");
}

/** The buttons' colour: the channel's customisation (btn_1_color) when set, else its widget colour. */
export function buttonColour(channelCustomisation: unknown, widgetColour: string): string {
  const chosen = mergedCustomisation(channelCustomisation, null).btn_1_color;
  return typeof chosen === "string" && chosen ? chosen : widgetColour;
}
