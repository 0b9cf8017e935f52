import assert from "node:assert/strict";
import { demoStaff, testApp } from "../_helpers.ts";

const scripts = (html: string) => [...html.matchAll(/<script type="module" src="([^"]+)"/g)].map((m) => m[1]);
const preloads = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]);
/** The texts of the inline module scripts of a page. */
const inlineModules = (html: string) =>
  [...html.matchAll(/<script type="module">(.*?)<\/script>/gs)].map((m) => m[1]);
/** The CSP source that allows a script of this text. */
async function hashSource(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return `'sha256-${btoa(String.fromCharCode(...digest))}'`;
}

/** The next screens' modules the page asks for with its own, at low priority. */
const nextScreens = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" href="([^"]+)" fetchpriority="low">/g)].map((m) => m[1]);

Deno.test("page bundle - the widget pages carry their own module and ask for their next screens, other pages load the loader", async () => {
  const ctx = await testApp({ demoPassword: "Demo-Password-1!" });
  try {
    const [seg] = await ctx.sql<{ id: number; channel_id: number }[]>`
      select id, channel_id from segments where status = 'published' order by id limit 1`;
    for (
      const [url, name] of [
        [`/widgets/${seg.channel_id}/${seg.id}/?lang=en`, "SingleWidget"],
        [`/widgets/channel/${seg.channel_id}/?lang=en`, "ChannelWidget"],
      ]
    ) {
      const res = await ctx.request(url);
      const html = await res.text();
      // the page's own module comes inside the page, after the first screen it hydrates: no second round
      // trip on a phone network before the widget works, and its bytes do not hold back the first paint
      assert.deepEqual(scripts(html), [], `${url} asks for no module to run`);
      const [inline, ...more] = inlineModules(html);
      assert.deepEqual(more, [], url);
      assert.ok(html.indexOf(inline) > html.indexOf("</head>"), `${url}: its module after its first screen`);
      // it imports nothing by a relative address (it has none); what it loads later, by its absolute one
      assert.doesNotMatch(inline, /import\s*\(\s*["']\.|(^|[;}])import\s*["'{]/, url);
      const loads = [...inline.matchAll(/import\("([^"]+)"\)/g)].map((m) => m[1]);
      assert.ok(loads.length > 0, url);
      for (const file of loads) {
        assert.match(file, new RegExp(`^/static/build/pages/${name}-\\w+/[\\w-]+\\.js$`), url);
      }
      // the policy allows that text by its hash, and inline scripts no other way
      const scriptSrc = res.headers.get("content-security-policy")!.split("; ")
        .find((d) => d.startsWith("script-src "))!;
      assert.ok(scriptSrc.split(" ").includes(await hashSource(inline)), `${url}: ${scriptSrc}`);
      assert.doesNotMatch(scriptSrc, /unsafe-inline|unsafe-eval|\*/);
      assert.ok(!html.includes("/static/build/app/client-"), `${url} does not load the shared loader`);
      assert.ok(!html.includes("/static/build/islands/"), `${url} does not load the shared island file`);
      // the page's script is one module, the bundler's chunks merged into it (on a phone network each is a
      // request, and a browser opens six connections at most): nothing else to preload
      const chunks = preloads(html);
      assert.deepEqual(chunks, [], url);
      // the participation flow's modules are asked for with the page's own, not once it is idle: on a slow
      // phone network, a tap the moment the widget works finds them there
      const next = nextScreens(html);
      // in one module too
      assert.equal(next.length, 1, `${url}: ${next}`);
      assert.match(next[0], /\/(Flow|later)-\w+\.js$/, url);
      // what the first screen needs is in the page or asked for from its head, before anything else: its
      // styles and favicon inline (no request, no connection of the six a browser opens), its modules first
      const head = html.slice(0, html.indexOf("</head>"));
      assert.ok(!html.includes('rel="stylesheet"'), `${url}: its styles are in the page`);
      assert.match(head, /<style data-css="base\.css">/);
      assert.match(head, /<link rel="icon" href="data:image\/svg\+xml,/);
      assert.ok(
        [...chunks, ...next].every((c) => head.indexOf(c) > 0 && head.indexOf(c) < head.indexOf("<style")),
        url,
      );
      for (const file of [...chunks, ...next, ...loads]) {
        const res = await ctx.request(file);
        assert.equal(res.status, 200, file);
        assert.match(res.headers.get("cache-control")!, /immutable/);
        await res.body?.cancel();
      }
    }
    const login = await (await ctx.request("/login")).text();
    assert.match(scripts(login)[0], /^\/static\/build\/app\/client-\w+\.js$/);
  } finally {
    await ctx.close();
  }
});

Deno.test("page preloads - the studio inbox preloads every module its scripts import at once, so none is learnt late", async () => {
  const ctx = await testApp({ demoPassword: "Demo-Password-1!" });
  try {
    const { token } = await demoStaff(ctx);
    const [seg] = await ctx.sql<{ id: number }[]>`
      select segment_id as id from messages group by segment_id order by count(*) desc limit 1`;
    const html =
      await (await ctx.request(`/participations/${seg.id}?lang=en`, { token: await token("operator") }))
        .text();
    const loaded = new Set([...scripts(html), ...preloads(html)]);
    assert.ok(loaded.size > 2, "the loader and the islands");
    // a module the browser meets only once its importer has arrived costs a round trip more each level: the
    // inbox answered its first key 100 ms later on a studio PC
    const late: string[] = [];
    for (const file of loaded) {
      const code = await (await ctx.request(file)).text();
      for (const m of code.matchAll(/(?:^|[;}])import(?:[^"()]*?from)?"(\.\.?\/[\w/-]+\.js)"/g)) {
        const target = new URL(m[1], `http://x${file}`).pathname;
        if (!loaded.has(target)) late.push(`${file} → ${target}`);
      }
    }
    assert.deepEqual(late, []);
  } finally {
    await ctx.close();
  }
});
