// One's passkeys, from the profile: the list, the options the browser creates a passkey with, and the
// passkey it created (the first factor of an account answers its ten recovery codes, shown once).
import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { json, staffApi, staffErrors } from "../../../../app/api.ts";
import { staffOf } from "../../../../app/auth.ts";
import { audit } from "../../../../app/audit.ts";
import { publicUrl } from "../../../../lib/platform/config.ts";
import {
  passkeyRegistrationOptions,
  passkeysOf,
  registerPasskey,
  relyingPartyOf,
} from "../../../../lib/accounts/passkeys.ts";
import { body } from "../_accounts.ts";

const tags = ["two-factor"];
const app = staffApi();
const webauthnJson = z.object({ id: z.string().max(1000) }).passthrough();

app.openapi(
  createRoute({
    method: "get",
    path: "/",
    tags,
    summary: "The caller's passkeys: when each was added and last used (never a key)",
    responses: {
      200: json(
        z.array(z.object({ created_at: z.string(), last_used_at: z.string().nullable() })),
        "Passkeys",
      ),
      ...staffErrors,
    },
  }),
  async (c) => c.json(await passkeysOf(c.var.sql, staffOf(c).id), 200),
);

app.openapi(
  createRoute({
    method: "post",
    path: "/options",
    tags,
    summary: "Options for the browser to create a passkey (WebAuthn), with a challenge good for 5 minutes",
    responses: {
      200: json(z.record(z.string(), z.unknown()), "PublicKeyCredentialCreationOptions"),
      ...staffErrors,
    },
  }),
  async (c) => {
    const rp = relyingPartyOf(publicUrl(c.var.deps.config));
    const now = c.var.deps.now?.() ?? new Date();
    // the WebAuthn library types its options as an interface, which the schema's JSON record does not accept
    return c.json(await passkeyRegistrationOptions(c.var.sql, rp, staffOf(c).id, now) as never, 200);
  },
);

app.openapi(
  createRoute({
    method: "post",
    path: "/",
    tags,
    summary: "Keeps the passkey the browser created; the account's first factor answers ten recovery codes",
    request: body(z.object({ response: webauthnJson })),
    responses: {
      201: json(z.object({ recovery_codes: z.array(z.string()).optional() }), "Registered"),
      ...staffErrors,
    },
  }),
  async (c) => {
    const user = staffOf(c);
    const rp = relyingPartyOf(publicUrl(c.var.deps.config));
    const now = c.var.deps.now?.() ?? new Date();
    // the schema checks the answer's id; the WebAuthn library checks the rest and refuses a malformed one
    const codes = await registerPasskey(c.var.sql, rp, user.id, c.req.valid("json").response as never, now);
    await audit(c, "two_factor_enrolled", { object: ["user", user.id], details: { method: "passkey" } });
    return c.json({ recovery_codes: codes }, 201);
  },
);

export default app;
