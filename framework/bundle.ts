// Bundles the app's client entry (the loader, published as "client") and every islands/*.tsx for the browser with `deno bundle`
// (code splitting, minified), then renames each entry with a content hash and writes the manifest.

async function sha(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as BufferSource));
  return Array.from(digest.slice(0, 5), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Builds static/build/ and returns the number of entries. `client` is the app's browser entry, a file
 * named client.ts that calls framework/client.ts's hydrateIslands.
 */
export async function bundleIslands(root: URL, client: string): Promise<number> {
  const islands: string[] = [];
  for await (const entry of Deno.readDir(new URL("islands/", root))) {
    if (entry.isFile && /^[A-Z]\w*\.tsx$/.test(entry.name)) islands.push(`islands/${entry.name}`);
  }
  islands.sort();
  const outDir = new URL("static/build/", root);
  await Deno.remove(outDir, { recursive: true }).catch(() => {});
  const entries = [client, ...islands];
  const command = new Deno.Command(Deno.execPath(), {
    args: [
      "bundle",
      "--quiet",
      "--platform=browser",
      "--format=esm",
      "--code-splitting",
      "--minify",
      "--outdir",
      "static/build",
      ...entries,
    ],
    cwd: root,
    stdout: "inherit",
    stderr: "inherit",
  });
  const { code } = await command.output();
  if (code !== 0) throw new Error("deno bundle failed");
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
  await Deno.writeTextFile(new URL("manifest.json", outDir), JSON.stringify(manifest, null, 2));
  return entries.length;
}
