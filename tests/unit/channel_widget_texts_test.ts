import assert from "node:assert/strict";
import { CHANNEL_WIDGET_TEXTS } from "../../lib/rules/channel_home.ts";
import { missingSections } from "../../framework/sections.ts";
import { LOCALES } from "../../app/i18n.ts";
import { resolvedDictionary } from "../../lib/rules/dictionary.ts";

const root = new URL("../../", import.meta.url);

/**
 * The app's source files a part runs: `entry` and what it imports from islands/ and components/, through
 * static imports (and dynamic ones when `dynamic`: the recorder a flow loads later needs its texts too).
 */
async function partFiles(entry: string, dynamic: boolean): Promise<string[]> {
  const seen = new Set<string>();
  const visit = async (path: string) => {
    if (seen.has(path) || !/^(islands|components)\//.test(path)) return;
    seen.add(path);
    const source = await Deno.readTextFile(new URL(path, root));
    const imports = [...source.matchAll(/^import (?!type )[^;]*? from "(\.[^"]+)"/gms)].map((m) => m[1]);
    if (dynamic) imports.push(...[...source.matchAll(/import\("(\.[^"]+)"\)/g)].map((m) => m[1]));
    const dir = new URL(path, root);
    for (const spec of imports) await visit(new URL(spec, dir).pathname.slice(root.pathname.length));
  };
  await visit(entry);
  return [...seen];
}

/** The keys a file translates: literal keys, and template keys with `x` for each value. */
async function keysOf(path: string): Promise<string[]> {
  const source = await Deno.readTextFile(new URL(path, root));
  return [...source.matchAll(/\bt\(\s*(?:"([\w.]+)"|`([\w.${}\[\]]+)`)/g)]
    .map((m) => m[1] ?? m[2].replace(/\$\{[^}]*\}/g, "x"));
}

Deno.test("channel widget texts - every part's keys are in the sections the page or the part brings", async (t) => {
  const parts = {
    home: { entry: "islands/ChannelWidget.tsx", dynamic: false },
    login: { entry: "components/channel_widget/LoginPanel.tsx", dynamic: true },
    space: { entry: "components/channel_widget/MySpace.tsx", dynamic: true },
    flow: { entry: "components/channel_widget/Flow.tsx", dynamic: true },
  } as const;
  for (const [part, { entry, dynamic }] of Object.entries(parts)) {
    await t.step(part, async () => {
      const held = [
        "common",
        ...CHANNEL_WIDGET_TEXTS.home,
        ...CHANNEL_WIDGET_TEXTS[part as keyof typeof parts],
      ];
      const files = await partFiles(entry, dynamic);
      assert.ok(files.length > 1, files.join());
      for (const file of files) {
        const keys = await keysOf(file);
        assert.deepEqual(missingSections(held, keys), [], `${file} translates keys its part does not bring`);
      }
    });
  }
});

Deno.test("channel widget texts - the home carries its own texts, not those of the parts loaded later", () => {
  const home = resolvedDictionary(LOCALES, "en", ["common", ...CHANNEL_WIDGET_TEXTS.home]);
  assert.equal(home["channel_widget.home.participate"], "Participate");
  const later = Object.keys(home).filter((k) =>
    /^(channel_widget\.(login|space|profile|flow)|data_rights)\./.test(k)
  );
  assert.deepEqual(later, []);
  for (const part of ["login", "space", "flow"] as const) {
    const texts = resolvedDictionary(LOCALES, "en", CHANNEL_WIDGET_TEXTS[part]);
    assert.ok(Object.keys(texts).length > 5, part);
  }
});
