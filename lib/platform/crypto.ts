// Secrets the app must read back (FTP passwords): AES-256-GCM with a key derived from the JWT secret
// by HKDF, so a database dump alone does not reveal them.

const VERSION = "v1";
const keys = new WeakMap<Uint8Array, Promise<CryptoKey>>();

function deriveKey(secret: Uint8Array): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = (async () => {
      const base = await crypto.subtle.importKey("raw", secret as BufferSource, "HKDF", false, ["deriveKey"]);
      return await crypto.subtle.deriveKey(
        {
          name: "HKDF",
          hash: "SHA-256",
          salt: new TextEncoder().encode("interaction-manager/secrets"),
          info: new TextEncoder().encode("aes-gcm-v1"),
        },
        base,
        { name: "AES-GCM", length: 256 },
        false,
        ["encrypt", "decrypt"],
      );
    })();
    keys.set(secret, key);
  }
  return key;
}

const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const unb64 = (text: string) => Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0));

/**
 * Encrypts a secret as "v1.<iv>.<ciphertext>" (base64), a new random IV each time.
 * @example await decryptSecret(secret, await encryptSecret(secret, "pa55")) // "pa55"
 */
export async function encryptSecret(secret: Uint8Array, plain: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv },
    await deriveKey(secret),
    new TextEncoder().encode(plain),
  );
  return `${VERSION}.${b64(iv)}.${b64(new Uint8Array(data))}`;
}

/** The plain text of an encrypted secret; throws when it was tampered with or made with another key. */
export async function decryptSecret(secret: Uint8Array, sealed: string): Promise<string> {
  const [version, iv, data] = sealed.split(".");
  if (version !== VERSION || !iv || !data) throw new Error("not an encrypted secret");
  const plain = await crypto.subtle.decrypt(
    { name: "AES-GCM", iv: unb64(iv) },
    await deriveKey(secret),
    unb64(data),
  );
  return new TextDecoder().decode(plain);
}

/** Whether two secrets are equal, in a time that does not tell how much of them matched. */
export async function sameSecret(a: string, b: string): Promise<boolean> {
  const digest = async (s: string) =>
    new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(s)));
  const [x, y] = await Promise.all([digest(a), digest(b)]);
  let diff = 0;
  for (let i = 0; i < x.length; i++) diff |= x[i] ^ y[i];
  return diff === 0;
}
