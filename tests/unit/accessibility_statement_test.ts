// The accessibility statement stays true: it lists exactly the pages the axe-core browser tests check, each
// page it names is visited by the tests it cites, and it is served in the five languages, linked from the
// sign-in page.
import assert from "node:assert/strict";
import { AXE_CHECKED_PAGES } from "../../lib/rules/accessibility.ts";
import { testApp } from "../_helpers.ts";

const E2E = new URL("../e2e/", import.meta.url);

async function axeTestFiles(): Promise<string[]> {
  const files: string[] = [];
  for await (const entry of Deno.readDir(E2E)) {
    if (!entry.isFile || !entry.name.endsWith("_test.ts")) continue;
    if ((await Deno.readTextFile(new URL(entry.name, E2E))).includes("assertAccessible(")) {
      files.push(entry.name);
    }
  }
  return files.sort();
}

Deno.test("accessibility statement - it cites every axe test file, and only those", async () => {
  const cited = [...new Set(AXE_CHECKED_PAGES.flatMap((p) => p.tests))].sort();
  assert.deepEqual(cited, await axeTestFiles());
});

Deno.test("accessibility statement - each page it names is opened by the tests it cites", async () => {
  for (const page of AXE_CHECKED_PAGES) {
    // the address up to its first parameter, as the tests write it before an id
    const prefix = page.path.split("{")[0];
    for (const file of page.tests) {
      // a regular expression of the address (`\/account\/reset\/`) names it too
      const source = (await Deno.readTextFile(new URL(file, E2E))).replaceAll("\\/", "/");
      assert.ok(source.includes(prefix), `${file} opens ${page.path}`);
    }
  }
});

Deno.test("accessibility statement - served in five languages with its pages, linked from sign-in", async (t) => {
  const ctx = await testApp();
  try {
    for (const lang of ["en", "fr", "pt", "es", "pl"]) {
      await t.step(lang, async () => {
        const texts = JSON.parse(
          await Deno.readTextFile(new URL(`../../locales/${lang}.json`, import.meta.url)),
        );
        const res = await ctx.request(`/accessibility?lang=${lang}`);
        assert.equal(res.status, 200);
        assert.match(res.headers.get("content-type") ?? "", /^text\/html/);
        const html = await res.text();
        assert.ok(html.includes(`<h1>${texts.accessibility.title}</h1>`), "its title in the language");
        assert.ok(html.includes("EN 301 549 (v3.2.1)"), "the standard with its version");
        for (const page of AXE_CHECKED_PAGES) {
          assert.ok(html.includes(`<code>${page.path}</code>`), page.path);
        }
        for (const gap of Object.values(texts.accessibility.gaps) as string[]) {
          assert.ok(html.includes(gap.replaceAll("'", "&#39;")) || html.includes(gap), "each known gap");
        }
      });
    }
    const login = await ctx.request("/login?lang=en");
    assert.equal(login.status, 200);
    assert.ok((await login.text()).includes('<a href="/accessibility">Accessibility</a>'));
  } finally {
    await ctx.close();
  }
});
