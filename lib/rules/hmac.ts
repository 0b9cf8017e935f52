// HMAC-SHA256 (RFC 2104) with the key's inner and outer states computed once per secret: a vote checks its
// device id, keys its address and signs its task id, and node:crypto's createHmac allocated two pads and
// hashed the key again for each (issue 20, votes near the database's limit). Same construction, same bytes.

const K = new Int32Array([
  0x428a2f98,
  0x71374491,
  0xb5c0fbcf,
  0xe9b5dba5,
  0x3956c25b,
  0x59f111f1,
  0x923f82a4,
  0xab1c5ed5,
  0xd807aa98,
  0x12835b01,
  0x243185be,
  0x550c7dc3,
  0x72be5d74,
  0x80deb1fe,
  0x9bdc06a7,
  0xc19bf174,
  0xe49b69c1,
  0xefbe4786,
  0x0fc19dc6,
  0x240ca1cc,
  0x2de92c6f,
  0x4a7484aa,
  0x5cb0a9dc,
  0x76f988da,
  0x983e5152,
  0xa831c66d,
  0xb00327c8,
  0xbf597fc7,
  0xc6e00bf3,
  0xd5a79147,
  0x06ca6351,
  0x14292967,
  0x27b70a85,
  0x2e1b2138,
  0x4d2c6dfc,
  0x53380d13,
  0x650a7354,
  0x766a0abb,
  0x81c2c92e,
  0x92722c85,
  0xa2bfe8a1,
  0xa81a664b,
  0xc24b8b70,
  0xc76c51a3,
  0xd192e819,
  0xd6990624,
  0xf40e3585,
  0x106aa070,
  0x19a4c116,
  0x1e376c08,
  0x2748774c,
  0x34b0bcb5,
  0x391c0cb3,
  0x4ed8aa4a,
  0x5b9cca4f,
  0x682e6ff3,
  0x748f82ee,
  0x78a5636f,
  0x84c87814,
  0x8cc70208,
  0x90befffa,
  0xa4506ceb,
  0xbef9a3f7,
  0xc67178f2,
]);
const INITIAL = [
  0x6a09e667,
  0xbb67ae85,
  0x3c6ef372,
  0xa54ff53a,
  0x510e527f,
  0x9b05688c,
  0x1f83d9ab,
  0x5be0cd19,
];
const W = new Int32Array(64);

/** Compresses the 64-byte block of `bytes` at `at` into `state`. */
function compress(state: Int32Array, bytes: Uint8Array, at: number): void {
  for (let i = 0; i < 16; i++, at += 4) {
    W[i] = (bytes[at] << 24) | (bytes[at + 1] << 16) | (bytes[at + 2] << 8) | bytes[at + 3];
  }
  for (let i = 16; i < 64; i++) {
    const a = W[i - 15], b = W[i - 2];
    const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
    const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
    W[i] = (W[i - 16] + s0 + W[i - 7] + s1) | 0;
  }
  let a = state[0], b = state[1], c = state[2], d = state[3];
  let e = state[4], f = state[5], g = state[6], h = state[7];
  for (let i = 0; i < 64; i++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const t1 = (h + S1 + ((e & f) ^ (~e & g)) + K[i] + W[i]) | 0;
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const t2 = (S0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    h = g, g = f, f = e, e = (d + t1) | 0, d = c, c = b, b = a, a = (t1 + t2) | 0;
  }
  state[0] += a, state[1] += b, state[2] += c, state[3] += d;
  state[4] += e, state[5] += f, state[6] += g, state[7] += h;
}

/** SHA-256 of `message` continued from `state` after `done` bytes already hashed (a multiple of 64). */
function finish(state: Int32Array, done: number, message: Uint8Array): Uint8Array {
  const length = done + message.length;
  const padded = new Uint8Array((message.length + 9 + 63) & ~63);
  padded.set(message);
  padded[message.length] = 0x80;
  const bits = length * 8;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(bits / 2 ** 32));
  view.setUint32(padded.length - 4, bits >>> 0);
  const s = state.slice();
  for (let at = 0; at < padded.length; at += 64) compress(s, padded, at);
  const out = new Uint8Array(32);
  const outView = new DataView(out.buffer);
  for (let i = 0; i < 8; i++) outView.setInt32(i * 4, s[i]);
  return out;
}

/** A secret prepared for HMAC-SHA256: the states after its inner and outer pads. */
export interface HmacKey {
  inner: Int32Array;
  outer: Int32Array;
}

const encoder = new TextEncoder();
const keys = new WeakMap<Uint8Array, HmacKey>();

/** The prepared key of a secret (computed once per secret array). */
export function hmacKey(secret: Uint8Array): HmacKey {
  let key = keys.get(secret);
  if (key) return key;
  // a key longer than a block is hashed first (RFC 2104)
  const short = secret.length > 64 ? finish(new Int32Array(INITIAL), 0, secret) : secret;
  const pad = (byte: number) => {
    const block = new Uint8Array(64).fill(byte);
    for (let i = 0; i < short.length; i++) block[i] ^= short[i];
    const state = new Int32Array(INITIAL);
    compress(state, block, 0);
    return state;
  };
  key = { inner: pad(0x36), outer: pad(0x5c) };
  keys.set(secret, key);
  return key;
}

// Scratch of the common case, a short ASCII text (an id, an address): hashed with no allocation but the result
const BLOCK = new Uint8Array(128);
const BLOCK_VIEW = new DataView(BLOCK.buffer);
const STATE = new Int32Array(8);

/** SHA-256 of the `length` bytes at the start of BLOCK (at most 119) after one block hashed into `state`. */
function finishBlock(state: Int32Array, length: number): void {
  const end = length + 9 <= 64 ? 64 : 128;
  BLOCK[length] = 0x80;
  BLOCK.fill(0, length + 1, end - 4);
  BLOCK_VIEW.setUint32(end - 4, (64 + length) * 8);
  STATE.set(state);
  compress(STATE, BLOCK, 0);
  if (end === 128) compress(STATE, BLOCK, 64);
}

/** Writes a text into BLOCK when it is ASCII and fits; answers its length, or -1. */
function asciiIntoBlock(text: string): number {
  if (text.length > 119) return -1;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code > 0x7f) return -1;
    BLOCK[i] = code;
  }
  return text.length;
}

/**
 * HMAC-SHA256 of a text (UTF-8) with a secret: the bytes node:crypto's createHmac("sha256") gives.
 * @example hmacSha256(secret, "device:abc") // 32 bytes
 */
export function hmacSha256(secret: Uint8Array, message: string): Uint8Array {
  const key = hmacKey(secret);
  const length = asciiIntoBlock(message);
  if (length < 0) return finish(key.outer, 64, finish(key.inner, 64, encoder.encode(message)));
  finishBlock(key.inner, length);
  for (let i = 0; i < 8; i++) BLOCK_VIEW.setInt32(i * 4, STATE[i]);
  finishBlock(key.outer, 32);
  const out = new Uint8Array(32);
  const view = new DataView(out.buffer);
  for (let i = 0; i < 8; i++) view.setInt32(i * 4, STATE[i]);
  return out;
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
