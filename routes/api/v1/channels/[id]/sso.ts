// A channel's single sign-on provider (OpenID Connect): read without its secret, set, removed. Each change
// is audited with the names of the fields that changed.
import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { idParam, json, staffApi, staffErrors } from "../../../../../app/api.ts";
import { staffOf } from "../../../../../app/auth.ts";
import { audit } from "../../../../../app/audit.ts";
import {
  removeSsoSettings,
  saveSsoSettings,
  ssoRedirectUri,
  ssoSettingsFor,
} from "../../../../../lib/accounts/sso.ts";
import { publicUrl } from "../../../../../lib/platform/config.ts";
import {
  providerGroups,
  providerSettingsRead,
  providerSettingsSent,
} from "../../../../../lib/rules/sso_schema.ts";

const app = staffApi("channel-settings");
const tags = ["channels"];
const params = z.object({ id: idParam });

const settings = z.object({
  ...providerSettingsRead,
  password_sign_in: z.boolean(),
  create_accounts: z.boolean(),
  administrator_groups: z.array(z.string()),
  operator_groups: z.array(z.string()),
});

app.openapi(
  createRoute({
    method: "get",
    path: "/",
    tags,
    summary: "The channel's OpenID provider (never its secret) and the address to register at the provider",
    request: { params },
    responses: {
      200: json(
        z.object({ settings: settings.nullable(), redirect_uri: z.string() }),
        "The provider, or null",
      ),
      ...staffErrors,
    },
  }),
  async (c) => {
    const found = await ssoSettingsFor(c.var.sql, staffOf(c), c.req.valid("param").id);
    return c.json({ settings: found, redirect_uri: ssoRedirectUri(publicUrl(c.var.deps.config)) }, 200);
  },
);

app.openapi(
  createRoute({
    method: "put",
    path: "/",
    tags,
    summary: "Set the channel's OpenID provider (an empty secret keeps the one stored, sealed)",
    request: {
      params,
      body: {
        required: true,
        content: {
          "application/json": {
            schema: z.object({
              ...providerSettingsSent,
              password_sign_in: z.boolean(),
              create_accounts: z.boolean(),
              // roles from the provider's groups: off while both lists are empty
              administrator_groups: providerGroups,
              operator_groups: providerGroups,
            }),
          },
        },
      },
    },
    responses: { 204: { description: "Saved" }, ...staffErrors },
  }),
  async (c) => {
    const id = c.req.valid("param").id;
    const fields = await saveSsoSettings(c.var.deps, staffOf(c), id, c.req.valid("json"));
    await audit(c, "sso_settings_changed", { channelId: id, object: ["channel", id], details: { fields } });
    return c.body(null, 204);
  },
);

app.openapi(
  createRoute({
    method: "delete",
    path: "/",
    tags,
    summary: "Remove the channel's OpenID provider: its staff sign in with their passwords again",
    request: { params },
    responses: { 204: { description: "Removed" }, ...staffErrors },
  }),
  async (c) => {
    const id = c.req.valid("param").id;
    await removeSsoSettings(c.var.sql, staffOf(c), id);
    await audit(c, "sso_settings_changed", {
      channelId: id,
      object: ["channel", id],
      details: { fields: ["removed"] },
    });
    return c.body(null, 204);
  },
);

export default app;
