// The layering rules of README "Architecture", checked over the import graph (run by `deno task check`):
// routes → lib → db, islands and components import only lib/rules at run time, db imports lib only for
// types, app/ (the HTTP wiring) never reaches up into routes/ nor into the database but where it opens it,
// and framework/ (the Fresh-like layer) imports nothing of the app; and no import circle. Prints each
// offending import.

import { dirname, join, normalize, relative } from "node:path";

interface Rule {
  /** Folder of the importing file. */
  from: string;
  /** Folders it may not import at run time. */
  forbid: string[];
  /** Exceptions inside a forbidden folder. */
  allow?: string[];
  /** Whether `import type` is exempt. */
  typesAllowed: boolean;
  why: string;
}

export const RULES: Rule[] = [
  { from: "routes/", forbid: ["db/"], typesAllowed: false, why: "routes call lib/ only" },
  {
    from: "db/",
    forbid: ["lib/", "app/", "routes/"],
    typesAllowed: true,
    why: "db/ imports lib/ for types only",
  },
  {
    from: "islands/",
    forbid: ["db/", "lib/", "app/"],
    allow: ["lib/rules/"],
    typesAllowed: true,
    why: "islands import only lib/rules/ at run time",
  },
  {
    from: "components/",
    forbid: ["db/", "lib/", "app/"],
    allow: ["lib/rules/"],
    typesAllowed: true,
    why: "components import only lib/rules/ at run time",
  },
  {
    from: "lib/rules/",
    forbid: ["db/", "app/", "routes/", "islands/", "components/", "lib/"],
    allow: ["lib/rules/"],
    typesAllowed: true,
    why: "lib/rules/ is pure: it imports only lib/rules/",
  },
  {
    from: "lib/",
    forbid: ["routes/", "islands/", "app/"],
    typesAllowed: true,
    why: "lib/ does not reach up into the HTTP layer",
  },
  {
    from: "app/",
    forbid: ["routes/", "islands/", "components/", "db/"],
    // the wiring that opens, migrates and sweeps the database, reads a staff session, and the browser's
    // session helper the pages' script shares with the islands
    allow: [
      "db/client.ts",
      "db/migrate.ts",
      "db/sessions.ts",
      "db/media_jobs.ts",
      "db/inbox.ts",
      "db/rate_limits.ts",
      "islands/browser/",
    ],
    typesAllowed: true,
    why: "app/ wires the HTTP layer: routes/ are found through the route manifest, data through lib/",
  },
  {
    from: "framework/",
    forbid: ["app/", "lib/", "db/", "routes/", "islands/", "components/"],
    typesAllowed: true,
    why: "framework/ is the Fresh-like layer, with no app imports",
  },
];

const IMPORT =
  /^\s*(import|export)\s+(type\s+)?[^"';]*?from\s+["'](\.{1,2}\/[^"']+)["']|import\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/gm;

/** The offending imports of one file, as "file: import 'x' (why)" lines. */
export function violations(file: string, source: string): string[] {
  const rule = RULES.find((r) => file.startsWith(r.from));
  if (!rule) return [];
  const out: string[] = [];
  for (const m of source.matchAll(IMPORT)) {
    const isType = Boolean(m[2]);
    const spec = m[3] ?? m[4];
    const target = normalize(join(dirname(file), spec));
    if (isType && rule.typesAllowed) continue;
    if (!rule.forbid.some((f) => target.startsWith(f))) continue;
    if (rule.allow?.some((a) => target.startsWith(a))) continue;
    out.push(`${file}: imports ${target}${isType ? " (type)" : ""}: ${rule.why}`);
  }
  return out;
}

/** The run-time imports of one file (relative ones, as paths from the root). */
export function runtimeImports(file: string, source: string): string[] {
  return [...source.matchAll(IMPORT)].filter((m) => !m[2]).map((m) =>
    normalize(join(dirname(file), m[3] ?? m[4]))
  );
}

/**
 * The packages the browser never loads: the schemas' library, hashing and the server's own. An island or a
 * component that reaches one of them through lib/rules/ ships it to every page it is on (zod alone is
 * 450 KB).
 */
export const SERVER_PACKAGES = /^(zod|@noble\/|postgres|pg-boss|hono|@hono\/|node:)/;

const BARE_IMPORT =
  /^\s*(import|export)\s+(?!type\s)[^"';]*?from\s+["']([^."'][^"']*)["']|^\s*import\s+["']([^."'][^"']*)["']/gm;

/** The packages one file imports at run time (bare specifiers). */
export function runtimePackages(source: string): string[] {
  return [...source.matchAll(BARE_IMPORT)].map((m) => m[2] ?? m[3]);
}

/**
 * Each island or component that reaches a server package at run time, with the path that leads to it:
 * `packages` gives each file's bare run-time imports, `graph` its relative ones.
 */
export function serverCodeInBrowser(graph: Map<string, string[]>, packages: Map<string, string[]>): string[] {
  const found: string[] = [];
  for (const start of [...graph.keys()].filter((f) => /^(islands|components)\//.test(f)).sort()) {
    const seen = new Set<string>();
    const walk = (file: string, path: string[]): string | null => {
      if (seen.has(file)) return null;
      seen.add(file);
      const bad = (packages.get(file) ?? []).find((p) => SERVER_PACKAGES.test(p));
      if (bad) return `${[...path, file].join(" → ")} → ${bad}`;
      for (const next of graph.get(file) ?? []) {
        const hit = walk(next, [...path, file]);
        if (hit) return hit;
      }
      return null;
    };
    const hit = walk(start, []);
    if (hit) found.push(`browser code reaches a server package: ${hit}`);
  }
  return found;
}

/** Each import circle of the graph (file → its run-time imports), as "a → b → a" lines. */
export function circles(graph: Map<string, string[]>): string[] {
  const found: string[] = [];
  const state = new Map<string, "open" | "done">();
  const path: string[] = [];
  const visit = (file: string) => {
    state.set(file, "open");
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      if (!graph.has(next)) continue;
      if (state.get(next) === "open") found.push([...path.slice(path.indexOf(next)), next].join(" → "));
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(file, "done");
  };
  for (const file of [...graph.keys()].sort()) if (!state.has(file)) visit(file);
  return found;
}

async function* sourceFiles(root: string, dir: string): AsyncGenerator<string> {
  for await (const entry of Deno.readDir(join(root, dir))) {
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory) {
      if (["node_modules", ".git", ".data", "static", "tests", "bench"].includes(entry.name)) continue;
      yield* sourceFiles(root, rel);
    } else if (/\.tsx?$/.test(entry.name)) yield rel;
  }
}

if (import.meta.main) {
  const root = relative(Deno.cwd(), new URL("../", import.meta.url).pathname) || ".";
  const found: string[] = [];
  const graph = new Map<string, string[]>();
  const packages = new Map<string, string[]>();
  for await (const file of sourceFiles(root, "")) {
    const source = await Deno.readTextFile(join(root, file));
    found.push(...violations(file, source));
    graph.set(file, runtimeImports(file, source));
    packages.set(file, runtimePackages(source));
  }
  for (const circle of circles(graph)) found.push(`import circle: ${circle}`);
  found.push(...serverCodeInBrowser(graph, packages));
  for (const line of found) console.error(line);
  if (found.length) {
    console.error(`${found.length} import(s) break the layering (README "Architecture")`);
    Deno.exit(1);
  }
  console.log("imports follow the layering");
}
