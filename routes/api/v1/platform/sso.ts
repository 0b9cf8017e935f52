// The platform's single sign-on provider (OpenID Connect), a super administrator's only: read without its
// secret, set, removed. Each change is audited as a channel's provider's is, on the platform's log.
import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { json, staffApi, staffErrors } from "../../../../app/api.ts";
import { staffOf } from "../../../../app/auth.ts";
import { audit } from "../../../../app/audit.ts";
import {
  platformSsoSettingsFor,
  removePlatformSsoSettings,
  savePlatformSsoSettings,
  ssoRedirectUri,
} from "../../../../lib/accounts/sso.ts";
import { publicUrl } from "../../../../lib/platform/config.ts";

const app = staffApi("channels-all");
const tags = ["platform"];
const text = (max: number) => z.string().max(max);
// the audit entry's object: the platform's provider, one of its kind
const OBJECT: [string, string] = ["platform", "sso"];

const settings = z.object({
  display_name: z.string(),
  issuer: z.string(),
  client_id: z.string(),
  has_secret: z.boolean(),
  email_domains: z.array(z.string()),
  provider_two_factor: z.boolean(),
  role_claim: z.string(),
  super_administrator_groups: z.array(z.string()),
});

app.openapi(
  createRoute({
    method: "get",
    path: "/",
    tags,
    summary: "The platform's OpenID provider (never its secret) and the address to register at the provider",
    responses: {
      200: json(
        z.object({ settings: settings.nullable(), redirect_uri: z.string() }),
        "The provider, or null",
      ),
      ...staffErrors,
    },
  }),
  async (c) => {
    const found = await platformSsoSettingsFor(c.var.sql, staffOf(c));
    return c.json({ settings: found, redirect_uri: ssoRedirectUri(publicUrl(c.var.deps.config)) }, 200);
  },
);

app.openapi(
  createRoute({
    method: "put",
    path: "/",
    tags,
    summary:
      "Set the platform's OpenID provider (an empty secret keeps the one stored, sealed); it signs in existing staff only",
    request: {
      body: {
        required: true,
        content: {
          "application/json": {
            schema: z.object({
              display_name: text(60),
              issuer: text(500),
              client_id: text(300),
              client_secret: text(1000),
              email_domains: text(2000),
              provider_two_factor: z.boolean().default(false),
              role_claim: text(200).default(""),
              // members of these groups are super administrators; empty: roles stay as set here
              super_administrator_groups: text(14000).default(""),
            }),
          },
        },
      },
    },
    responses: { 204: { description: "Saved" }, ...staffErrors },
  }),
  async (c) => {
    const fields = await savePlatformSsoSettings(c.var.deps, staffOf(c), c.req.valid("json"));
    await audit(c, "sso_settings_changed", { channelId: null, object: OBJECT, details: { fields } });
    return c.body(null, 204);
  },
);

app.openapi(
  createRoute({
    method: "delete",
    path: "/",
    tags,
    summary:
      "Remove the platform's OpenID provider: staff sign in with passwords or their channel's provider",
    responses: { 204: { description: "Removed" }, ...staffErrors },
  }),
  async (c) => {
    await removePlatformSsoSettings(c.var.sql, staffOf(c));
    await audit(c, "sso_settings_changed", {
      channelId: null,
      object: OBJECT,
      details: { fields: ["removed"] },
    });
    return c.body(null, 204);
  },
);

export default app;
