// The first bytes of files of each type, enough for the content sniffing of uploads (lib/rules/files.ts).
import assert from "node:assert/strict";

/** A PNG signature and the start of its IHDR chunk. */
export const PNG = new Uint8Array([
  0x89,
  0x50,
  0x4e,
  0x47,
  0x0d,
  0x0a,
  0x1a,
  0x0a,
  0,
  0,
  0,
  13,
  73,
  72,
  68,
  82,
  0,
  0,
  0,
  1,
]);
/** A JPEG (JFIF) start. */
export const JPG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 1]);
/** A WebM (EBML header with the webm doc type). */
export const WEBM = new Uint8Array([
  0x1a,
  0x45,
  0xdf,
  0xa3,
  0x9f,
  0x42,
  0x86,
  0x81,
  0x01,
  0x42,
  0x82,
  0x84,
  0x77,
  0x65,
  0x62,
  0x6d,
]);

/** The JSON body of an API answer, after checking its content type. */
export async function jsonOf(res: Response) {
  assert.match(res.headers.get("content-type") ?? "", /application\/json/);
  return await res.json();
}
