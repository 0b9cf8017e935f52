// What the page of a channel's sign-in and audit settings reads, and the platform's sign-in page.
import type { Sql } from "postgres";
import type { StaffUser } from "../rules/permissions.ts";
import {
  platformSsoSettingsFor,
  type PlatformSsoSettingsView,
  ssoRedirectUri,
  ssoSettingsFor,
  type SsoSettingsView,
} from "./sso.ts";
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

/** The platform's provider (or null, a super administrator's) and the addresses to hand it and the staff. */
export async function loadPlatformSignInPage(sql: Sql, user: StaffUser, baseUrl: string): Promise<{
  settings: PlatformSsoSettingsView | null;
  redirectUri: string;
  loginLink: string;
}> {
  return {
    settings: await platformSsoSettingsFor(sql, user),
    redirectUri: ssoRedirectUri(baseUrl),
    loginLink: `${baseUrl}/login?sso=platform`,
  };
}
