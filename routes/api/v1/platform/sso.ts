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
import {
  providerGroups,
  providerSettingsRead,
  providerSettingsSent,
} from "../../../../lib/rules/sso_schema.ts";

const app = staffApi("channels-all");
const tags = ["platform"];
// the audit entry's object: the platform's provider, one of its kind
const OBJECT: [string, string] = ["platform", "sso"];

const settings = z.object({ ...providerSettingsRead, super_administrator_groups: z.array(z.string()) });

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
              ...providerSettingsSent,
              // members of these groups are super administrators; empty: roles stay as set here
              super_administrator_groups: providerGroups,
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
