// The WCAG contrast ratio of an element's text as a person sees it: its colour blended over the first
// opaque background behind it, each faded by the opacity of the element and its ancestors at the lowest
// point of their animations (a blinking label is read at its faintest too).
import type { Locator } from "playwright-core";
import { contrastRatio } from "../../lib/rules/customisation.ts";

/** The text contrast ratio (1 to 21) of the first element of `locator`, read from its computed styles. */
export async function textContrast(locator: Locator): Promise<number> {
  const [fg, bg] = await locator.first().evaluate((el) => {
    // rgb()/rgba(), or color(srgb …) with channels from 0 to 1 (what color-mix() computes to)
    const rgba = (css: string) => {
      const m = css.replace(/^color\(srgb/, "").match(/[\d.]+/g)!.map(Number);
      const k = css.startsWith("color(srgb") ? 255 : 1;
      return { r: m[0] * k, g: m[1] * k, b: m[2] * k, a: m.length > 3 ? m[3] : 1 };
    };
    const over = (top: { r: number; g: number; b: number; a: number }, under: typeof top) => ({
      r: top.r * top.a + under.r * (1 - top.a),
      g: top.g * top.a + under.g * (1 - top.a),
      b: top.b * top.a + under.b * (1 - top.a),
      a: 1,
    });
    const faintest = (node: Element) => {
      const own = Number(getComputedStyle(node).opacity);
      const keyed = node.getAnimations().flatMap((a) =>
        (a.effect as KeyframeEffect).getKeyframes().map((k) => Number(k.opacity ?? 1))
      );
      return Math.min(own, ...keyed);
    };
    let opacity = 1;
    const layers: { r: number; g: number; b: number; a: number }[] = [];
    for (let node: Element | null = el; node; node = node.parentElement) {
      opacity *= faintest(node);
      const back = rgba(getComputedStyle(node).backgroundColor);
      if (node !== el || back.a > 0) layers.push(back);
      if (back.a === 1) break;
    }
    // the page's white when nothing behind is opaque
    let behind = { r: 255, g: 255, b: 255, a: 1 };
    for (const layer of layers.reverse()) behind = over(layer, behind);
    const ink = rgba(getComputedStyle(el).color);
    const seen = over({ ...ink, a: ink.a * opacity }, behind);
    return [seen, behind];
  });
  const hex = (c: { r: number; g: number; b: number }) =>
    "#" + [c.r, c.g, c.b].map((v) => Math.round(v).toString(16).padStart(2, "0")).join("");
  return contrastRatio(hex(fg), hex(bg));
}
