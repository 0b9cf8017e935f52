/// <reference lib="dom" />
// Passkeys in the staff pages: the WebAuthn browser package is loaded on the click that needs it (its own
// chunk), so neither the sign-in page's first load nor any listener page carries it.
import { api, type ApiResult } from "./http.ts";

/** Whether this browser can use passkeys at all (no button is offered otherwise). */
export function passkeysSupported(): boolean {
  return typeof globalThis.PublicKeyCredential === "function";
}

/**
 * Creates a passkey for the signed-in account and sends it to be kept: the API's answer (with the recovery
 * codes when it is the account's first factor), or status 0 when the person cancelled.
 */
export async function addPasskey(): Promise<ApiResult<{ recovery_codes?: string[] } | null>> {
  const { startRegistration } = await import("@simplewebauthn/browser");
  const options = await api<Parameters<typeof startRegistration>[0]["optionsJSON"]>(
    "POST",
    "/api/v1/two-factor/passkeys/options",
    {},
  );
  if (!options.ok) return options as unknown as ApiResult<null>; // its body is the refusal
  try {
    const response = await startRegistration({ optionsJSON: options.data });
    return await api("POST", "/api/v1/two-factor/passkeys", { response });
  } catch {
    return { ok: false, status: 0, data: null };
  }
}

/** The second step of sign-in with a passkey: the API's answer, or status 0 when the person cancelled. */
export async function signInWithPasskey(
  ticket: string,
): Promise<ApiResult<{ redirect: string } | null>> {
  const { startAuthentication } = await import("@simplewebauthn/browser");
  const options = await api<Parameters<typeof startAuthentication>[0]["optionsJSON"]>(
    "POST",
    "/api/v1/auth/passkey/options",
    { ticket },
  );
  if (!options.ok) return options as unknown as ApiResult<null>; // its body is the refusal
  try {
    const response = await startAuthentication({ optionsJSON: options.data });
    return await api("POST", "/api/v1/auth/passkey", { ticket, response });
  } catch {
    return { ok: false, status: 0, data: null };
  }
}
