// Bundles the app's client entry (the loader, published as "client") and every islands/*.tsx for the browser with `deno bundle`
// (code splitting, minified), then renames each entry with a content hash and writes the manifest.
// A page bundle (`pages`) is the loader and one island built on their own, for a public page whose
// only island it is: one script and a few chunks, tree-shaken for that island alone, instead of the
// loader, the island and the chunks it shares with every other island (the channel and single widgets,
// which phones open by the thousand).

async function sha(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as BufferSource));
  return Array.from(digest.slice(0, 5), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Builds static/build/ and returns the number of entries. `client` is the app's browser entry, a file
 * named client.ts that calls framework/client.ts's hydrateIslands.
 */
export async function bundleIslands(root: URL, client: string, pages: string[] = []): Promise<number> {
  const islands: string[] = [];
  for await (const entry of Deno.readDir(new URL("islands/", root))) {
    if (entry.isFile && /^[A-Z]\w*\.tsx$/.test(entry.name)) islands.push(`islands/${entry.name}`);
  }
  islands.sort();
  const outDir = new URL("static/build/", root);
  await Deno.remove(outDir, { recursive: true }).catch(() => {});
  const entries = [client, ...islands];
  await denoBundle(root, "static/build", entries);
  const manifest: Record<string, string> = {};
  for (const entry of entries) {
    // deno bundle keeps the source folders: app/client.js, islands/QrDownload.js.
    const [dir, file] = entry.split("/");
    const name = file.replace(/\.tsx?$/, "");
    const built = new URL(`${dir}/${name}.js`, outDir);
    const bytes = await Deno.readFile(built);
    const hashed = `${dir}/${name}-${await sha(bytes)}.js`;
    await Deno.rename(built, new URL(hashed, outDir));
    manifest[name] = hashed;
  }
  // each entry's chunks, preloaded with it by a page of several islands: without them the browser learnt of a
  // chunk only once the module importing it had arrived and been parsed, two more round trips before the
  // inbox answered a key
  for (const name of Object.keys(manifest)) {
    const chunks = await staticImports(outDir, manifest[name]);
    if (chunks.length) manifest[`${name}:chunks`] = chunks.join(" ");
  }
  for (const name of pages) Object.assign(manifest, await bundlePage(root, client, name));
  await Deno.writeTextFile(new URL("manifest.json", outDir), JSON.stringify(manifest, null, 2));
  return entries.length + pages.length;
}

/**
 * Minifies the plain scripts of `dir` (classic scripts a page loads with `<script src>`, e.g. the widget's
 * resize script) into `outDir`, same names: pages load the copy, readable sources stay in `dir`. Returns
 * how many.
 */
export async function minifyScripts(root: URL, dir: string, outDir: string): Promise<number> {
  const scripts: string[] = [];
  for await (const entry of Deno.readDir(new URL(dir, root))) {
    if (entry.isFile && entry.name.endsWith(".js")) scripts.push(`${dir}${entry.name}`);
  }
  if (scripts.length > 0) await denoBundle(root, outDir, scripts, "iife");
  return scripts.length;
}

/**
 * Whether a built chunk only defines values: no import, and each statement a `var` whose values are
 * arrow functions or properties of `Object` (the shape of the bundler's helpers for CommonJS packages),
 * or its `export`. Loading such a chunk changes nothing until one of its values is used. Anything else
 * (a call, a string outside a function, a template) is taken as a possible side effect.
 */
export function definesOnly(code: string): boolean {
  const statements: string[] = [];
  let depth = 0, start = 0, quote = "";
  for (let i = 0; i < code.length; i++) {
    const ch = code[i];
    if (quote) {
      if (ch === "\\") i++;
      else if (ch === quote) quote = "";
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === "`" || ch === "/") return false;
    else if ("([{".includes(ch)) depth++;
    else if (")]}".includes(ch)) depth--;
    else if (ch === ";" && depth === 0) {
      statements.push(code.slice(start, i).trim());
      start = i + 1;
    }
  }
  statements.push(code.slice(start).trim());
  return statements.filter(Boolean).every((statement) => {
    if (/^export\{[\w$, ]*\}$/.test(statement)) return true;
    if (!statement.startsWith("var ")) return false;
    return splitTopLevel(statement.slice(4)).every((declarator) => {
      const value = declarator.slice(declarator.indexOf("=") + 1);
      return /^[\w$]+=/.test(declarator) &&
        (/^Object(\.[\w$]+)+$/.test(value) || /^(\([\w$,]*\)|[\w$]+)=>/.test(value));
    });
  });
}

/** `text` cut at its commas outside brackets and strings. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0, start = 0, quote = "";
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quote) {
      if (ch === "\\") i++;
      else if (ch === quote) quote = "";
    } else if (ch === '"' || ch === "'") quote = ch;
    else if ("([{".includes(ch)) depth++;
    else if (")]}".includes(ch)) depth--;
    else if (ch === "," && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/**
 * Drops, from every script under `dir`, the imports that take nothing from a chunk that only defines
 * values (`import"./chunk-X.js"`). The bundler adds one to every chunk of a page for its CommonJS helpers,
 * which only the upload client uses (its URL parser is a CommonJS package): without this, the first screen
 * of every widget fetched them.
 */
export async function dropEmptyImports(dir: URL): Promise<void> {
  const scripts = new Map<string, string>();
  for (const folder of await scriptDirs(dir)) {
    for await (const entry of Deno.readDir(folder)) {
      if (!entry.isFile || !entry.name.endsWith(".js")) continue;
      const url = new URL(entry.name, folder);
      scripts.set(url.href, await Deno.readTextFile(url));
    }
  }
  const pure = new Set([...scripts].filter(([, code]) => definesOnly(code)).map(([url]) => url));
  if (pure.size === 0) return;
  for (const [url, code] of scripts) {
    const kept = code.replace(
      /(?<=^|[;}])import"(\.\.?\/[\w/-]+\.js)";?/g,
      (all, file) => pure.has(new URL(file, url).href) ? "" : all,
    );
    if (kept !== code) await Deno.writeTextFile(new URL(url), kept);
  }
}

async function denoBundle(root: URL, outdir: string, entries: string[], format: "esm" | "iife" = "esm") {
  const split = format === "esm" ? ["--code-splitting"] : [];
  const command = new Deno.Command(Deno.execPath(), {
    args: ["bundle", "--quiet", "--platform=browser", `--format=${format}`, ...split, "--minify"]
      .concat(["--outdir", outdir, ...entries]),
    cwd: root,
    stdout: "inherit",
    stderr: "inherit",
  });
  const { code } = await command.output();
  if (code !== 0) throw new Error("deno bundle failed");
  if (format === "esm") await dropEmptyImports(new URL(`${outdir}/`, root));
}

/** `dir` and its sub-folders (deno bundle keeps the sources' folders). */
async function scriptDirs(dir: URL): Promise<URL[]> {
  const dirs = [dir];
  for await (const entry of Deno.readDir(dir)) {
    if (entry.isDirectory) dirs.push(...await scriptDirs(new URL(`${entry.name}/`, dir)));
  }
  return dirs;
}

/**
 * Builds static/build/pages/<name>/: an entry that registers the island (framework/client.ts
 * bundledIslands) before the loader runs, with its chunks. Returns its manifest rows: `page:<name>`,
 * the hashed entry, `page:<name>:chunks`, the chunks it imports at once (preloaded by the page), and
 * `page:<name>:next`, those of its next screens (fetched once the page is idle).
 */
/**
 * The modules of the screens a visitor opens next (the participation flow, the recorder and the sending
 * code), by the name the bundler gives their chunk (their source file's), fetched by the page once it is
 * idle (framework/client.ts).
 */
export const NEXT_SCREENS = /^(later|Flow|Recorder|participation_client)-[\w-]+\.js$/;

/** The chunks of `dir` named by NEXT_SCREENS and every chunk they import statically, less `loaded`. */
async function nextScreens(dir: URL, loaded: Set<string>): Promise<string[]> {
  const next = new Set<string>();
  const visit = async (file: string) => {
    if (next.has(file) || loaded.has(file)) return;
    next.add(file);
    const text = await Deno.readTextFile(new URL(file, dir));
    for (const m of text.matchAll(/(?:^|[;}])import(?:[^"()]*?from)?"\.\/([\w-]+\.js)"/g)) await visit(m[1]);
  };
  for await (const entry of Deno.readDir(dir)) if (NEXT_SCREENS.test(entry.name)) await visit(entry.name);
  return [...next].sort();
}

/** The static imports of a built module: `import"./x.js"` and `import{a as b}from"./x.js"`, with their names. */
const STATIC_IMPORT = /(?<=^|[;}])import(?:\{([\w$, ]*)\}from)?"\.\/([\w-]+\.js)"/g;
/** A dynamic import of a built module by its file name. */
const DYNAMIC_IMPORT = /(?<=\W)import\("\.\/([\w-]+\.js)"\)/g;

/** The names a built module exports (its `export{a as b,c}`: b and c), by local name. */
function exportsOf(code: string): string[] {
  const found = [...code.matchAll(/(?<=^|[;}])export\{([\w$, ]*)\}(?!from)/g)];
  if (found.length > 1) throw new Error("a built module with two export lists");
  return (found[0]?.[1] ?? "").split(",").map((e) => e.trim()).filter(Boolean)
    .map((e) => e.split(/\s+as\s+/).pop()!);
}

/**
 * Merges the built modules `group` of `dir` (modules a page always loads together) into one, named after
 * `lead` and its content hash, and points every other module of `dir` at it. On a phone network each
 * module is a request, and a browser opens at most six connections to a server: the bundler's chunks
 * (one per set of screens sharing some code) cost whole round trips. A module that other modules import
 * dynamically keeps the names it exports (it is reached by them); a chunk's exports are renamed apart.
 * Returns the merged module's file name.
 */
export async function mergeModules(dir: URL, group: string[], lead: string): Promise<string> {
  const files = new Map<string, string>();
  for await (const entry of Deno.readDir(dir)) {
    if (entry.isFile && entry.name.endsWith(".js")) {
      files.set(entry.name, await Deno.readTextFile(new URL(entry.name, dir)));
    }
  }
  const dynamic = new Set(
    [...files.values()].flatMap((code) => [...code.matchAll(DYNAMIC_IMPORT)].map((m) => m[1])),
  );
  const prefix = new Map(group.map((file, i) => [file, dynamic.has(file) ? "" : `m${i}$`]));
  const exported = new Set<string>();
  const wrapper = group.map((file) => {
    const names = exportsOf(files.get(file)!);
    if (names.length === 0) return `import"./${file}";`;
    const renamed = names.map((n) => `${prefix.get(file)}${n}`);
    for (const n of renamed) {
      if (exported.has(n)) throw new Error(`${n}: exported twice by the modules merged into ${lead}`);
      exported.add(n);
    }
    return `export{${names.map((n, i) => `${n} as ${renamed[i]}`).join(",")}}from"./${file}";`;
  }).join("");
  const input = `.merge-${lead}.js`, output = `.merged-${lead}.js`;
  await Deno.writeTextFile(new URL(input, dir), wrapper);
  const outside = [...files.keys()].filter((f) => !group.includes(f)).map((f) => `--external=./${f}`);
  const command = new Deno.Command(Deno.execPath(), {
    args: [
      "bundle",
      "--quiet",
      "--platform=browser",
      "--format=esm",
      "--minify",
      ...outside,
      "-o",
      output,
      input,
    ],
    cwd: dir,
    stdout: "inherit",
    stderr: "inherit",
  });
  const { code } = await command.output();
  await Deno.remove(new URL(input, dir));
  if (code !== 0) throw new Error(`deno bundle failed merging ${lead}`);
  const bytes = await Deno.readFile(new URL(output, dir));
  const merged = `${lead}-${await sha(bytes)}.js`;
  await Deno.rename(new URL(output, dir), new URL(merged, dir));
  for (const file of group) await Deno.remove(new URL(file, dir));
  for (const [file, code] of files) {
    if (group.includes(file)) continue;
    const pointed = code
      .replace(STATIC_IMPORT, (all, names: string | undefined, from: string) => {
        if (!prefix.has(from)) return all;
        if (names === undefined) return `import"./${merged}"`;
        const p = prefix.get(from)!;
        const list = names.split(",").map((n) => {
          const [name, local] = n.trim().split(/\s+as\s+/);
          return `${p}${name} as ${local ?? name}`;
        });
        return `import{${list.join(",")}}from"./${merged}"`;
      })
      .replace(DYNAMIC_IMPORT, (all, from: string) => prefix.has(from) ? `import("./${merged}")` : all);
    if (pointed !== code) await Deno.writeTextFile(new URL(file, dir), pointed);
  }
  return merged;
}

/** The global through which an inline page module hands its exports to the modules it loads later. */
export const PAGE_EXPORTS = "__pageExports";

/** The CSP source of a script's text: `sha256-` and its base64 digest (what a page's policy allows). */
async function sha256Base64(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return `sha256-${btoa(String.fromCharCode(...digest))}`;
}

/**
 * Makes the built module `page` of `dir` (one that imports nothing statically) fit to run inline, in a
 * `<script type="module">`, and points the other modules of `dir` at it. An inline module has no address:
 * its exports are handed to the modules it loads through the global PAGE_EXPORTS, which each of them reads
 * in place of its import of `page` (they run after it, loaded by it). Its dynamic imports are made absolute
 * once its folder is named (servedInline).
 */
export async function inlineModule(dir: URL, page: string): Promise<void> {
  const code = await Deno.readTextFile(new URL(page, dir));
  const lists = [...code.matchAll(/(?<=^|[;}])export\{([\w$, ]*)\}(?!from)/g)];
  if (lists.length > 1) throw new Error(`${page}: two export lists`);
  const entries = (lists[0]?.[1] ?? "").split(",").map((e) => e.trim()).filter(Boolean)
    .map((e) => {
      const [local, name] = e.split(/\s+as\s+/);
      return `${name ?? local}:${local}`;
    });
  const handed = `globalThis.${PAGE_EXPORTS}={${entries.join(",")}};`;
  await Deno.writeTextFile(
    new URL(page, dir),
    lists[0] ? code.replace(lists[0][0], handed) : code + handed,
  );
  for await (const entry of Deno.readDir(dir)) {
    if (!entry.isFile || !entry.name.endsWith(".js") || entry.name === page) continue;
    const url = new URL(entry.name, dir);
    const text = await Deno.readTextFile(url);
    if ([...text.matchAll(DYNAMIC_IMPORT)].some((m) => m[1] === page)) {
      throw new Error(`${entry.name} imports the inline page module ${page} dynamically`);
    }
    const reads: string[] = [];
    const pointed = text.replace(STATIC_IMPORT, (all, names: string | undefined, from: string) => {
      if (from !== page) return all;
      for (const n of names ? names.split(",") : []) {
        const [name, local] = n.trim().split(/\s+as\s+/);
        reads.push(`${name}:${local ?? name}`);
      }
      return "";
    });
    if (pointed === text) continue;
    // imports are hoisted: the names are read before the module's own code runs
    const head = reads.length > 0 ? `const{${reads.join(",")}}=globalThis.${PAGE_EXPORTS};` : "";
    await Deno.writeTextFile(url, head + pointed);
  }
}

/**
 * The text a page serves of the inline module `page` of `dir` (inlineModule), its dynamic imports at their
 * absolute address under `base`; the module's file is removed (nothing asks for it).
 */
async function servedInline(dir: URL, page: string, base: string): Promise<string> {
  const text = (await Deno.readTextFile(new URL(page, dir)))
    .replace(DYNAMIC_IMPORT, (_all, file: string) => `import("${base}${file}")`);
  if (/<\/script|<!--/i.test(text)) throw new Error(`${page}: text that would end an inline script`);
  if (/(?<=^|[;}])import(?:\{[\w$, ]*\}from)?"|import\("\./.test(text)) {
    throw new Error(`${page}: a relative import left in an inline module`);
  }
  await Deno.remove(new URL(page, dir));
  return text;
}

/** A hash of the names and contents of the files of `dir`. */
async function folderHash(dir: URL): Promise<string> {
  const names: string[] = [];
  for await (const entry of Deno.readDir(dir)) if (entry.isFile) names.push(entry.name);
  const parts: Uint8Array[] = [];
  for (const name of names.sort()) {
    parts.push(new TextEncoder().encode(`${name}\n`), await Deno.readFile(new URL(name, dir)));
  }
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((at, p) => (all.set(p, at), at + p.length), 0);
  return await sha(all);
}

/** `files` of `dir` and every module they import statically, less `loaded`. */
async function staticClosure(dir: URL, files: string[], loaded = new Set<string>()): Promise<string[]> {
  const found = new Set<string>();
  const visit = async (file: string) => {
    if (found.has(file) || loaded.has(file)) return;
    found.add(file);
    const text = await Deno.readTextFile(new URL(file, dir));
    for (const m of text.matchAll(STATIC_IMPORT)) await visit(m[2]);
  };
  for (const file of files) await visit(file);
  return [...found];
}

/**
 * Every script `file` (a path under `dir`) imports statically, directly or through another, as paths under
 * `dir`; dynamic imports (a screen opened later) are left out.
 */
async function staticImports(dir: URL, file: string): Promise<string[]> {
  const found = new Set<string>();
  const visit = async (path: string) => {
    const text = await Deno.readTextFile(new URL(path, dir));
    for (const m of text.matchAll(/(?:^|[;}])import(?:[^"()]*?from)?"(\.\.?\/[\w/-]+\.js)"/g)) {
      const target = new URL(m[1], new URL(path, dir)).href.slice(dir.href.length);
      if (found.has(target)) continue;
      found.add(target);
      await visit(target);
    }
  };
  await visit(file);
  return [...found].sort();
}

async function bundlePage(root: URL, client: string, name: string): Promise<Record<string, string>> {
  const work = new URL(`.page-${name}/`, root);
  await Deno.mkdir(work, { recursive: true });
  try {
    // imports run in order: the island is registered before the loader's module hydrates the page;
    // a default import: a namespace object would pull the bundler's runtime helpers into the page
    const register = [
      `import { bundledIslands } from "../framework/client.ts";`,
      `import island from "../islands/${name}.tsx";`,
      `bundledIslands[${JSON.stringify(name)}] = { default: island };`,
    ];
    await Deno.writeTextFile(new URL("register.ts", work), register.join("\n") + "\n");
    await Deno.writeTextFile(
      new URL(`${name}.ts`, work),
      `import "./register.ts";\nimport "../${client}";\n`,
    );
    const dir = `static/build/pages/${name}`;
    await denoBundle(root, dir, [`.page-${name}/${name}.ts`]);
    const outDir = new URL(`${dir}/`, root);
    // the page's script and the chunks it imports become one module, and so do its next screens: a few
    // requests, not one per chunk the bundler cut
    const first = await staticClosure(outDir, [`${name}.js`]);
    const hashed = await mergeModules(outDir, first, name);
    const screens = await nextScreens(outDir, new Set([hashed]));
    const lead = screens.find((f) => /^(later|Flow)-/.test(f)) ?? screens[0];
    const next = screens.length > 0
      ? [await mergeModules(outDir, screens, lead.replace(/-[\w]+\.js$/, ""))]
      : [];
    const chunks = (await staticClosure(outDir, [hashed])).filter((f) => f !== hashed);
    // a page module that imports nothing is carried inside the page: no round trip between the page's
    // bytes and its script on a phone network (its next screens stay files, asked for with the page)
    const inline = chunks.length === 0;
    if (inline) await inlineModule(outDir, hashed);
    // the merge (and the inlining) rewrote imports in modules that keep the bundler's names: the page's
    // folder is named after its whole content instead, so a module cached for a year under its address
    // never changes
    const folder = `${name}-${await folderHash(outDir)}`;
    const built = new URL(`static/build/pages/${folder}/`, root);
    await Deno.rename(outDir, built);
    const rows = {
      [`page:${name}:chunks`]: chunks.map((f) => `pages/${folder}/${f}`).join(" "),
      [`page:${name}:next`]: next.map((c) => `pages/${folder}/${c}`).join(" "),
    };
    if (!inline) return { [`page:${name}`]: `pages/${folder}/${hashed}`, ...rows };
    const text = await servedInline(built, hashed, `/static/build/pages/${folder}/`);
    const file = `${name}-inline-${await sha(new TextEncoder().encode(text))}.js`;
    await Deno.writeTextFile(new URL(file, built), text);
    return {
      [`page:${name}`]: "",
      [`page:${name}:inline`]: `pages/${folder}/${file}`,
      [`page:${name}:sha256`]: await sha256Base64(text),
      ...rows,
    };
  } finally {
    await Deno.remove(work, { recursive: true });
  }
}
