// Generates routes.gen.ts from the files of routes/, bundles the islands for the browser and writes the
// brotli and gzip copies of the static files. Run by `deno task build`, `start` and `test`.
import { generateManifest } from "../framework/manifest.ts";
import { bundleIslands, minifyScripts } from "../framework/bundle.ts";
import { precompress } from "../framework/precompress.ts";
import { writeImageVariants } from "../lib/media/image_variants.ts";

const root = new URL("../", import.meta.url);
await generateManifest(root);
// the public widget pages, opened by thousands of phones at once, get a page bundle each
const entries = await bundleIslands(root, "app/client.ts", ["SingleWidget", "ChannelWidget"]);
console.log(`built ${entries} island bundles into static/build/`);
// pages load the minified copies of the plain scripts (static/build/js/)
console.log(`minified ${await minifyScripts(root, "static/js/", "static/build/js")} scripts`);
const packed = await precompress(
  ["static/build/", "static/css/", "static/js/", "static/embed.js", "static/favicon.svg"].map((p) =>
    new URL(p, root)
  ),
);
console.log(`compressed ${packed.files} static files: ${packed.bytes} bytes, ${packed.gzip} gzip`);
const backgrounds = [];
for await (const entry of Deno.readDir(new URL("static/backgrounds/", root))) {
  if (/\.(jpg|png)$/.test(entry.name)) {
    backgrounds.push(new URL(`static/backgrounds/${entry.name}`, root).pathname);
  }
}
console.log(`wrote ${await writeImageVariants(backgrounds)} AVIF and WebP copies of the stock backgrounds`);
