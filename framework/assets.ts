// Names of built island bundles (hashed) and content hashes of static files, for long caching.

const STATIC_DIR = new URL("../static/", import.meta.url);
let manifest: Record<string, string> | null = null;
const hashes = new Map<string, string>();

function loadManifest(): Record<string, string> {
  if (manifest) return manifest;
  try {
    manifest = JSON.parse(Deno.readTextFileSync(new URL("build/manifest.json", STATIC_DIR)));
  } catch {
    throw new Error("Island bundles are missing: run `deno task build` first.");
  }
  return manifest!;
}

/** The URLs of the bundles of these islands (and of "client", the loader). */
export function islandFiles(names: string[]): Record<string, string> {
  const m = loadManifest();
  return Object.fromEntries(names.map((name) => {
    if (!m[name]) throw new Error(`Island ${name} is not built: run \`deno task build\`.`);
    return [name, `/static/build/${m[name]}`];
  }));
}

/**
 * The chunks the islands `names` import at once (and so the loader's, with "client"), each once: a page
 * preloads them with the islands' own files, so that the browser fetches them all in one round.
 */
export function islandChunks(names: string[]): string[] {
  const m = loadManifest();
  const rows = names.flatMap((name) => (m[`${name}:chunks`] ?? "").split(" ").filter(Boolean));
  return [...new Set(rows)].map((c) => `/static/build/${c}`);
}

/**
 * The page bundle of a page whose only island is `names[0]` (the loader and that island in one script,
 * framework/bundle.ts): its URL and those of the chunks it imports, or null. A page module that imports
 * nothing is carried inside the page: `inline` is then its text (and `entry` empty).
 */
export function pageBundle(
  names: string[],
): { entry: string; inline: string; chunks: string[]; next: string[] } | null {
  const m = loadManifest();
  const name = names.length === 1 ? names[0] : undefined;
  if (name === undefined || (!m[`page:${name}`] && !m[`page:${name}:inline`])) return null;
  const files = (row: string) => (m[row] ?? "").split(" ").filter(Boolean).map((c) => `/static/build/${c}`);
  return {
    entry: m[`page:${name}`] ? `/static/build/${m[`page:${name}`]}` : "",
    inline: m[`page:${name}:inline`] ? staticText(`build/${m[`page:${name}:inline`]}`) : "",
    chunks: files(`page:${name}:chunks`),
    next: files(`page:${name}:next`),
  };
}

/**
 * The CSP sources (`sha256-…`, computed by the build from the exact text a page serves) of the inline
 * modules the pages carry; none before the build.
 */
export function inlineModuleHashes(): string[] {
  let m: Record<string, string>;
  try {
    m = loadManifest();
  } catch {
    return [];
  }
  return Object.entries(m).filter(([row]) => row.endsWith(":sha256")).map(([, hash]) => hash).sort();
}

/** A static file's URL with a content-hash query, so it can be cached for a year. */
export function assetUrl(path: string): string {
  let hash = hashes.get(path);
  if (hash === undefined) {
    try {
      const bytes = Deno.readFileSync(new URL(path, STATIC_DIR));
      let h = 2166136261;
      for (const byte of bytes) h = Math.imul(h ^ byte, 16777619);
      hash = (h >>> 0).toString(36);
    } catch {
      hash = "";
    }
    hashes.set(path, hash);
  }
  return `/static/${path}${hash ? `?v=${hash}` : ""}`;
}

const texts = new Map<string, string>();

/** A static file's text (a stylesheet a page carries inline), read once. */
export function staticText(path: string): string {
  let text = texts.get(path);
  if (text === undefined) {
    text = Deno.readTextFileSync(new URL(path, STATIC_DIR));
    texts.set(path, text);
  }
  return text;
}

/** The favicon as a data: URL: a page that carries it makes no request for it. */
export function inlineFavicon(): string {
  return `data:image/svg+xml,${encodeURIComponent(staticText("favicon.svg").replace(/\s+/g, " ").trim())}`;
}
