import assert from "node:assert/strict";
import {
  definesOnly,
  dropEmptyImports,
  inlineModule,
  mergeModules,
  PAGE_EXPORTS,
} from "../../framework/bundle.ts";

// The shape of the bundler's CommonJS helpers as a built chunk holds them.
const HELPERS =
  "var g=Object.create;var f=Object.defineProperty;var j=Object.getPrototypeOf,k=Object.prototype" +
  ".hasOwnProperty;var m=(b,a)=>()=>(a||b((a={exports:{}}).exports,a),a.exports);var n=(b,a,c)=>(c=b!=null?" +
  'g(j(b)):{},f(c,"default",{value:b,enumerable:!0}));export{m as a,n as b};';

Deno.test("bundle - a chunk that only defines functions and Object's properties has no effect of its own", () => {
  assert.equal(definesOnly(HELPERS), true);
  assert.equal(definesOnly("var a=(b)=>b;export{a};"), true);
});

Deno.test("bundle - a call, an import, a template or any other statement may have an effect", () => {
  assert.equal(definesOnly("var a=fetch(1);export{a};"), false, "a call");
  assert.equal(definesOnly('import"./x.js";var a=(b)=>b;export{a};'), false, "an import");
  assert.equal(definesOnly("var a=(b)=>b;a(1);export{a};"), false, "a statement");
  assert.equal(definesOnly("var a=(b)=>`${b}`;export{a};"), false, "a template");
  assert.equal(definesOnly('var a="x;y";export{a};'), false, "a string value");
  assert.equal(definesOnly("var a=Object.assign(x,{});export{a};"), false, "a call on Object");
  assert.equal(definesOnly("let a=(b)=>b;export{a};"), false, "not a var");
});

Deno.test("bundle - imports that take nothing from a defining-only chunk go; the others stay", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.mkdir(`${dir}/islands`);
    const write = (name: string, code: string) => Deno.writeTextFile(`${dir}/${name}`, code);
    await write("chunk-H.js", HELPERS);
    await write("chunk-E.js", 'console.log("loaded");export{};');
    await write(
      "entry.js",
      'import{a as x}from"./chunk-E.js";import"./chunk-H.js";import"./chunk-E.js";x();',
    );
    await write("tus.js", 'import{a as w,b as v}from"./chunk-H.js";import"./chunk-H.js";export{w,v};');
    await write("islands/Island.js", 'import"../chunk-H.js";import"../chunk-E.js";export{};');
    await dropEmptyImports(new URL(`file://${dir}/`));
    const read = (name: string) => Deno.readTextFile(`${dir}/${name}`);
    assert.equal(await read("entry.js"), 'import{a as x}from"./chunk-E.js";import"./chunk-E.js";x();');
    assert.equal(await read("tus.js"), 'import{a as w,b as v}from"./chunk-H.js";export{w,v};');
    assert.equal(await read("islands/Island.js"), 'import"../chunk-E.js";export{};');
    assert.equal(await read("chunk-H.js"), HELPERS);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("bundle - modules loaded together merge into one; the others import from it, dynamically too", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const write = (name: string, code: string) => Deno.writeTextFile(`${dir}/${name}`, code);
    // the shape of a page's build: an entry and its two chunks (both export `a`), a screen it opens later
    // and a chunk of that screen's
    await write("chunk-A.js", "var x=1;export{x as a};");
    await write("chunk-B.js", 'import{a as y}from"./chunk-A.js";var z=y+1;export{z as a};');
    await write(
      "Page.js",
      'import{a as p}from"./chunk-A.js";import{a as q}from"./chunk-B.js";' +
        'globalThis.page=p+q;globalThis.open=()=>import("./Screen.js").then(m=>m.Screen);',
    );
    await write("chunk-C.js", 'import{a as y}from"./chunk-B.js";var w=()=>y*10;export{w as a};');
    await write("Screen.js", 'import{a as c}from"./chunk-C.js";var Screen=c();export{Screen};');
    const page = await mergeModules(
      new URL(`file://${dir}/`),
      ["Page.js", "chunk-A.js", "chunk-B.js"],
      "Page",
    );
    assert.match(page, /^Page-\w+\.js$/);
    const left = [...Deno.readDirSync(dir)].map((e) => e.name).sort();
    assert.deepEqual(left, ["Screen.js", page, "chunk-C.js"].sort(), "the merged modules are gone");
    const screen = await mergeModules(new URL(`file://${dir}/`), ["Screen.js", "chunk-C.js"], "Screen");
    const g = globalThis as unknown as { page: number; open: () => Promise<number> };
    await import(`file://${dir}/${page}`);
    assert.equal(g.page, 3, "the page runs with its chunks' values");
    assert.equal(await g.open(), 20, "its screen, merged with its chunk, imports from the merged page");
    assert.match(await Deno.readTextFile(`${dir}/${page}`), new RegExp(`import\\("\\./${screen}"\\)`));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("bundle - a page module made to run inline hands its exports to the modules it loads later", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const write = (name: string, code: string) => Deno.writeTextFile(`${dir}/${name}`, code);
    // a merged page module (its exports renamed apart) and a screen it opens later, importing from it
    await write(
      "Page.js",
      'var x=2;var f=()=>x+1;globalThis.openInline=()=>import("./Screen.js").then(m=>m.Screen);' +
        "export{x as m0$a,f as m0$b};",
    );
    await write(
      "Screen.js",
      'import{m0$a as y,m0$b as g}from"./Page.js";import"./Page.js";var Screen=y*10+g();export{Screen};',
    );
    await write("Other.js", 'import{a as b}from"./Screen.js";export{b};');
    await inlineModule(new URL(`file://${dir}/`), "Page.js");
    const page = await Deno.readTextFile(`${dir}/Page.js`);
    // an inline module has no address to import from: no export, its values on the page's global
    assert.doesNotMatch(page, /export/);
    assert.match(page, new RegExp(`globalThis\\.${PAGE_EXPORTS}=\\{m0\\$a:x,m0\\$b:f\\};`));
    const screen = await Deno.readTextFile(`${dir}/Screen.js`);
    assert.doesNotMatch(screen, /Page\.js/, "the screen no longer asks for the page module");
    assert.ok(screen.startsWith(`const{m0$a:y,m0$b:g}=globalThis.${PAGE_EXPORTS};`), screen);
    assert.equal(await Deno.readTextFile(`${dir}/Other.js`), 'import{a as b}from"./Screen.js";export{b};');
    await import(`file://${dir}/Page.js`);
    const g = globalThis as unknown as { openInline: () => Promise<number> };
    assert.equal(await g.openInline(), 23, "the screen runs with the page's values");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
