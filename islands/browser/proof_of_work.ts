/// <reference lib="dom" />
// The widget's side of a high-stakes vote: fetches an ALTCHA challenge and finds its number
// in a Web Worker (altcha-lib's v1 algorithm: SHA-256 of salt + number, static/js/pow-worker.js), so the
// page stays responsive.
// Loaded with import() only for such votes.
import { api } from "./http.ts";

interface Challenge {
  algorithm: string;
  challenge: string;
  maxnumber?: number;
  salt: string;
  signature: string;
}

/** The worker (static/js/pow-worker.js, same origin as the widget). */
const WORKER_URL = "/static/js/pow-worker.js";

/** The same search on the page's thread, where workers are not allowed. */
async function solveHere(c: Challenge, max: number): Promise<number | null> {
  const encoder = new TextEncoder();
  for (let n = 0; n <= max; n++) {
    const digest = new Uint8Array(await crypto.subtle.digest(c.algorithm, encoder.encode(c.salt + n)));
    const hex = Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
    if (hex === c.challenge) return n;
  }
  return null;
}

function solveInWorker(c: Challenge, max: number): Promise<number | null> {
  return new Promise<number | null>((resolve, reject) => {
    const worker = new Worker(WORKER_URL);
    worker.onmessage = (e) => {
      worker.terminate();
      resolve((e.data as { number: number | null }).number);
    };
    worker.onerror = (e) => {
      worker.terminate();
      reject(e);
    };
    worker.postMessage({ algorithm: c.algorithm, challenge: c.challenge, salt: c.salt, max });
  });
}

/** The ALTCHA payload for a vote on `segmentId` (base64 JSON), or null when it could not be made. */
export async function solveProof(segmentId: number): Promise<string | null> {
  const res = await api<Challenge>("GET", `/api/v1/show_segments/${segmentId}/challenge`);
  if (!res.ok) return null;
  const c = res.data;
  const max = c.maxnumber ?? 1_000_000;
  let number: number | null;
  try {
    number = await solveInWorker(c, max);
  } catch {
    number = await solveHere(c, max);
  }
  if (number === null) return null;
  return btoa(JSON.stringify({
    algorithm: c.algorithm,
    challenge: c.challenge,
    number,
    salt: c.salt,
    signature: c.signature,
  }));
}
