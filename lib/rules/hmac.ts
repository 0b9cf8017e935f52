// HMAC-SHA256 (RFC 2104) with the secret's inner and outer states computed once per secret: a vote checks its
// device id, keys its address and signs its task id, and node:crypto's createHmac allocated two pads and
// hashed the key again for each (votes near the database's limit). The hashing is
// @noble/hashes' (audited): a keyed HMAC is made once per secret and cloned for each text. Same bytes.
import { hmac } from "@noble/hashes/hmac.js";
import { sha256 } from "@noble/hashes/sha2.js";

const encoder = new TextEncoder();
const keyed = new WeakMap<Uint8Array, ReturnType<typeof hmac.create>>();

/**
 * HMAC-SHA256 of a text (UTF-8) with a secret: the bytes node:crypto's createHmac("sha256") gives.
 * @example hmacSha256(secret, "device:abc") // 32 bytes
 */
export function hmacSha256(secret: Uint8Array, message: string): Uint8Array {
  let base = keyed.get(secret);
  if (!base) keyed.set(secret, base = hmac.create(sha256, secret));
  return base.clone().update(encoder.encode(message)).digest();
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));
const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** Lower-case hex of bytes. */
export function toHex(bytes: Uint8Array): string {
  let text = "";
  for (let i = 0; i < bytes.length; i++) text += HEX[bytes[i]];
  return text;
}

/** Base64url of bytes, without padding (as Buffer's "base64url"). */
export function toBase64url(bytes: Uint8Array): string {
  let text = "";
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
    text += BASE64URL[n >> 18] + BASE64URL[(n >> 12) & 63] + BASE64URL[(n >> 6) & 63] + BASE64URL[n & 63];
  }
  if (i < bytes.length) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8);
    text += BASE64URL[n >> 18] + BASE64URL[(n >> 12) & 63];
    if (i + 1 < bytes.length) text += BASE64URL[(n >> 6) & 63];
  }
  return text;
}

/** Whether two texts are equal, in a time that depends on their length only (signatures). */
export function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
