import { assetUrl } from "../framework/assets.ts";

/**
 * What every widget page adds to its head: its description (search engines, link previews), the oEmbed
 * discovery link (so content systems can embed a
 * pasted link) and the script that tells an embedding page the widget's height (static/js/widget-resize.js,
 * minified by the build).
 */
export function WidgetHead(props: { base: string; path: string; title: string; description: string }) {
  const oembed = `${props.base}/oembed?url=${encodeURIComponent(props.base + props.path)}`;
  return (
    <>
      <meta name="description" content={props.description} />
      <link rel="alternate" type="application/json+oembed" href={oembed} title={props.title} />
      {
        /* async, not defer: a deferred script runs before the page's module script, which would then wait for
          it on a slow network (the widget would be interactive one round trip later) */
      }
      <script src={assetUrl("build/js/widget-resize.js")} async></script>
    </>
  );
}
