// Staff and app user passwords: hashed with argon2id, checked in the same time whether the account
// exists or not, so a login never tells which e-mails have an account.
import { argon2id, argon2Verify } from "hash-wasm";

/** Hashes a password with argon2id (19 MiB, 2 passes: OWASP's minimum profile). */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  return await argon2id({
    password,
    salt,
    parallelism: 1,
    iterations: 2,
    memorySize: 19456,
    hashLength: 32,
    outputType: "encoded",
  });
}

let absentHash: Promise<string> | null = null;

/**
 * Checks the password of an account that may not exist: without a stored hash (unknown e-mail, or an
 * account without password) a throw-away argon2id hash is verified anyway and the answer is false, so an
 * unknown account is refused after the same work as a wrong password.
 */
export async function verifyAccountPassword(
  password: string,
  hash: string | null | undefined,
): Promise<boolean> {
  absentHash ??= hashPassword(crypto.randomUUID());
  const ok = await verifyPassword(password, hash ?? await absentHash);
  return Boolean(hash) && ok;
}

/** True when `password` matches an encoded argon2id hash; false for a malformed hash. */
async function verifyPassword(password: string, hash: string): Promise<boolean> {
  try {
    return await argon2Verify({ password, hash });
  } catch {
    return false;
  }
}
