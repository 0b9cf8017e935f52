// Payloads of the single sign-on settings API, a channel's provider and the platform's: the fields both
// have, as read (never the secret: whether one is stored) and as sent (an empty secret keeps the stored one).
import { z } from "zod";

const text = (max: number) => z.string().max(max);

/** An OpenID provider's settings as the API reads them back. */
export const providerSettingsRead = {
  display_name: z.string(),
  issuer: z.string(),
  client_id: z.string(),
  has_secret: z.boolean(),
  email_domains: z.array(z.string()),
  provider_two_factor: z.boolean(),
  role_claim: z.string(),
};

/** An OpenID provider's settings as an administrator sends them. */
export const providerSettingsSent = {
  display_name: text(60),
  issuer: text(500),
  client_id: text(300),
  client_secret: text(1000),
  email_domains: text(2000),
  // off unless said: sign-in through the provider still asks the local second factor
  provider_two_factor: z.boolean().default(false),
  role_claim: text(200).default(""),
};

/** A list of the provider's groups, one per line, that give a role; empty: roles stay as set here. */
export const providerGroups = text(14000).default("");
