/// <reference lib="dom" />
// The widget's side of a high-stakes vote (issue 18): fetches an ALTCHA challenge and finds its number
// in a Web Worker (altcha-lib's v1 algorithm: SHA-256 of salt + number), so the page stays responsive.
// Loaded with import() only for such votes.
import { api } from "./http.ts";

interface Challenge {
  algorithm: string;
  challenge: string;
  maxnumber?: number;
  salt: string;
  signature: string;
}

// Runs in the worker: tries 0..max, comparing digests as bytes (no hex string per try).
const WORKER = `self.onmessage = async (e) => {
  const { algorithm, challenge, salt, max } = e.data;
  const target = new Uint8Array(challenge.match(/../g).map((h) => parseInt(h, 16)));
  const encoder = new TextEncoder();
  for (let n = 0; n <= max; n++) {
    const digest = new Uint8Array(await crypto.subtle.digest(algorithm, encoder.encode(salt + n)));
    let same = digest.length === target.length;
    for (let i = 0; same && i < digest.length; i++) same = digest[i] === target[i];
    if (same) return self.postMessage({ number: n });
  }
  self.postMessage({ number: null });
};`;

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
  const url = URL.createObjectURL(new Blob([WORKER], { type: "text/javascript" }));
  return new Promise<number | null>((resolve, reject) => {
    const worker = new Worker(url);
    worker.onmessage = (e) => {
      worker.terminate();
      URL.revokeObjectURL(url);
      resolve((e.data as { number: number | null }).number);
    };
    worker.onerror = (e) => {
      worker.terminate();
      URL.revokeObjectURL(url);
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
