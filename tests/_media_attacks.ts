// Files of the media-job attacks (tests/security/media_jobs_test.ts, bench/media_jobs.ts).

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** The CRC-32 of a PNG chunk's type and data. */
function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A PNG chunk: length, type, data, CRC. */
export function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The IHDR of an 8-bit RGB picture of `width`×`height`. */
function ihdr(width: number, height: number): Uint8Array {
  const data = new Uint8Array(13);
  const view = new DataView(data.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  data.set([8, 2, 0, 0, 0], 8);
  return pngChunk("IHDR", data);
}

/** The signature and IHDR of a PNG declaring `width`×`height` (enough for any header check). */
export function hugePngHeader(width: number, height: number): Uint8Array {
  const head = ihdr(width, height);
  const out = new Uint8Array(8 + head.length + 12);
  out.set(SIGNATURE);
  out.set(head, 8);
  out.set(pngChunk("IEND", new Uint8Array()), 8 + head.length);
  return out;
}

/**
 * A whole PNG of `width`×`height` black pixels: a few hundred KB that decode to width × height × 3 bytes
 * (12000×12000: 446 KB for 432 MB of pixels). Its rows are deflated as they are made.
 */
export async function blackPng(width: number, height: number): Promise<Uint8Array> {
  const row = new Uint8Array(1 + width * 3); // filter byte 0, then black pixels
  const stream = new ReadableStream<BufferSource>({
    start(controller) {
      for (let y = 0; y < height; y++) controller.enqueue(row);
      controller.close();
    },
  }).pipeThrough(new CompressionStream("deflate"));
  const idat = new Uint8Array(await new Response(stream).arrayBuffer());
  return concat(
    new Uint8Array(SIGNATURE),
    ihdr(width, height),
    pngChunk("IDAT", idat),
    pngChunk("IEND", new Uint8Array()),
  );
}

/** The bytes of `parts` one after the other. */
export function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
