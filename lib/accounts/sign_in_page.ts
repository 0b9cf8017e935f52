// What the page of a channel's sign-in and audit settings reads.
import type { Sql } from "postgres";
import type { StaffUser } from "../rules/permissions.ts";
import { ssoRedirectUri, ssoSettingsFor, type SsoSettingsView } from "./sso.ts";
import { auditRetentionFor } from "../audit/service.ts";
import { getChannelLabel } from "../webhooks/pages.ts";

/** The provider (or null), the addresses to hand the provider and the staff, the log's retention. */
export async function loadSignInPage(sql: Sql, user: StaffUser, channelId: number, baseUrl: string): Promise<{
  label: string;
  settings: SsoSettingsView | null;
  redirectUri: string;
  loginLink: string;
  retentionMonths: number;
}> {
  const [settings, retentionMonths, label] = await Promise.all([
    ssoSettingsFor(sql, user, channelId),
    auditRetentionFor(sql, user, channelId),
    getChannelLabel(sql, channelId),
  ]);
  return {
    label,
    settings,
    redirectUri: ssoRedirectUri(baseUrl),
    loginLink: `${baseUrl}/login?sso=${channelId}`,
    retentionMonths,
  };
}
