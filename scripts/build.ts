// Generates routes.gen.ts from the files of routes/ and bundles the islands for the browser.
// Run by `deno task build`, `start` and `test`.
import { generateManifest } from "../framework/manifest.ts";
import { bundleIslands } from "../framework/bundle.ts";

const root = new URL("../", import.meta.url);
await generateManifest(root);
const entries = await bundleIslands(root, "app/client.ts");
console.log(`built ${entries} island bundles into static/build/`);
