// Build-time brotli and gzip copies (file.br, file.gz beside each file) of the compressible static files,
// served by content negotiation (serveStatic's `precompressed`), so no request pays for compressing them.
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|html|txt|map)$/;

async function* files(dir: URL): AsyncGenerator<URL> {
  for await (const entry of Deno.readDir(dir)) {
    if (entry.isDirectory) yield* files(new URL(`${entry.name}/`, dir));
    else if (entry.isFile && COMPRESSIBLE.test(entry.name)) yield new URL(entry.name, dir);
  }
}

/**
 * Writes `.br` and `.gz` copies of the compressible files under `paths` (folders end with "/"), a copy
 * only when it is smaller.
 */
export async function precompress(paths: URL[]): Promise<{ files: number; bytes: number; gzip: number }> {
  const total = { files: 0, bytes: 0, gzip: 0 };
  for (const path of paths) {
    const list = path.pathname.endsWith("/") ? files(path) : [path];
    for await (const file of list) {
      const bytes = await Deno.readFile(file);
      const br = brotliCompressSync(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      });
      const gz = gzipSync(bytes, { level: 9 });
      for (const [ext, out] of [[".br", br], [".gz", gz]] as const) {
        const target = new URL(`${file.pathname.split("/").pop()}${ext}`, file);
        if (out.length < bytes.length) await Deno.writeFile(target, out);
        else await Deno.remove(target).catch(() => {});
      }
      total.files++;
      total.bytes += bytes.length;
      total.gzip += Math.min(gz.length, bytes.length);
    }
  }
  return total;
}
