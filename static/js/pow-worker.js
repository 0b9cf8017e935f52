// Proof-of-work solver of a high-stakes vote, run as a Web Worker by islands/browser/proof_of_work.ts:
// the number n in 0..max whose digest of salt + n is the challenge (altcha-lib's v1 algorithm). Served
// from the app's origin, so the pages' Content-Security-Policy (script-src 'self') allows it.
self.onmessage = async (e) => {
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
};
