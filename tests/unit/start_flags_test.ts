import assert from "node:assert/strict";
import { startTaskFlags } from "../_start_flags.ts";

// What V8's young generation grows to under a churn of short-lived objects that outlive a collection or two,
// as the rows and requests in flight of a loaded server do (node:v8's `new_space`, in MB).
const CHURN = `
import v8 from "node:v8";
const kept = [];
for (let round = 0; round < 12; round++) {
  const rows = [];
  for (let i = 0; i < 100000; i++) rows.push({ i, s: "row " + i });
  kept.push(rows);
  if (kept.length > 3) kept.shift();
}
const young = v8.getHeapSpaceStatistics().find((s) => s.space_name === "new_space");
console.log(young.space_size / 1048576);
`;

async function youngGenerationMb(flags: string[]): Promise<number> {
  const file = await Deno.makeTempFile({ suffix: ".js" });
  try {
    await Deno.writeTextFile(file, CHURN);
    const out = await new Deno.Command(Deno.execPath(), { args: ["run", ...flags, file], stderr: "piped" })
      .output();
    assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
    return Number(new TextDecoder().decode(out.stdout).trim());
  } finally {
    await Deno.remove(file);
  }
}

Deno.test("deno task start - bounds V8's young generation to 8 MB a semi-space", () => {
  const flags = startTaskFlags();
  const v8 = flags.find((f) => f.startsWith("--v8-flags="));
  assert.ok(v8, `no --v8-flags in ${flags.join(" ")}`);
  const semi = /--max-semi-space-size=(\d+)/.exec(v8);
  assert.ok(semi, v8);
  assert.ok(Number(semi[1]) <= 8, v8);
});

Deno.test("deno task start - bounds V8's old generation to 256 MB, so it collects before it grows far past what lives", async () => {
  const v8 = startTaskFlags().find((f) => f.startsWith("--v8-flags=")) ?? "";
  const old = /--max-old-space-size=(\d+)/.exec(v8);
  assert.ok(old, v8);
  assert.ok(Number(old[1]) <= 256, v8);
  // the limit V8 itself reports with these flags (old generation plus young): the flag is read, not ignored
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "eval",
      ...startTaskFlags(),
      `import v8 from "node:v8"; console.log(v8.getHeapStatistics().heap_size_limit)`,
    ],
  }).output();
  assert.equal(out.code, 0);
  assert.ok(Number(new TextDecoder().decode(out.stdout)) <= 300 * 1024 * 1024);
});

Deno.test("deno task start - under a churn of rows the young generation stays at two 8 MB semi-spaces", async () => {
  // V8 accepts the flags (an unknown one is an error at start) and they hold: by default it grows to 35-64 MB.
  // Two 8 MB semi-spaces are 16 MB; during a scavenge V8 may hold a page or two more (17-18 MB seen in 30 runs)
  const bounded = await youngGenerationMb(startTaskFlags());
  assert.ok(bounded <= 20, `young generation ${bounded} MB with the flags`);
  assert.ok(
    await youngGenerationMb([]) > 24,
    "the default young generation no longer grows: the test shows nothing",
  );
});
