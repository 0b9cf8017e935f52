import assert from "node:assert/strict";

// What the server loads before it answers its first request: the modules scripts/start.ts reaches by static
// imports. The heavy libraries that only some requests need are loaded by their first use (a dynamic
// import, or sanitize-html's require), so a start does not pay for them: a static import of one of them
// anywhere on the start's path brings the start back to seconds.
const LOADED_ON_FIRST_USE = ["@simplewebauthn/server", "@tus/server", "sanitize-html", "pg-boss"];

interface InfoDependency {
  code?: { specifier: string };
  isDynamic?: boolean;
}
interface Info {
  modules: { specifier: string; dependencies?: (InfoDependency & { specifier: string })[] }[];
}

/** The npm packages imported statically (not `import type`, not `import()`) by the modules `entry` reaches. */
async function packagesAtStart(entry: string): Promise<Set<string>> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", new URL(entry, import.meta.url).pathname],
    stdout: "piped",
    stderr: "inherit",
  }).output();
  assert.ok(out.success, "deno info failed");
  const info: Info = JSON.parse(new TextDecoder().decode(out.stdout));
  const bySpecifier = new Map(info.modules.map((m) => [m.specifier, m]));
  const seen = new Set<string>();
  const packages = new Set<string>();
  const queue = [...bySpecifier.keys()].filter((s) => s.endsWith("/scripts/start.ts"));
  while (queue.length) {
    const specifier = queue.pop()!;
    if (seen.has(specifier)) continue;
    seen.add(specifier);
    for (const dep of bySpecifier.get(specifier)?.dependencies ?? []) {
      const target = dep.code?.specifier;
      if (!target || dep.isDynamic) continue; // a type-only import has no code
      if (target.startsWith("file:")) queue.push(target);
      else if (target.startsWith("npm:")) packages.add(/^npm:\/?((?:@[^/]+\/)?[^@/]+)/.exec(target)![1]);
    }
  }
  return packages;
}

Deno.test("server start - the libraries only some requests need are not loaded before the first answer", async () => {
  const packages = await packagesAtStart("../../scripts/start.ts");
  // the walk itself found the start's path: the database client and the router are on it
  assert.ok(packages.has("postgres") && packages.has("hono"), [...packages].join(", "));
  for (const name of LOADED_ON_FIRST_USE) {
    assert.ok(!packages.has(name), `${name} is imported statically on the server's start path`);
  }
});
