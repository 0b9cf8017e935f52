// Single sign-on with OpenID Connect: which provider addresses are accepted, which e-mail domains go to a
// channel's provider, and what a provider's answer opens. Pure.

/** A channel's provider as its settings page shows it (the secret never: only whether one is set). */
export interface SsoSettingsView {
  display_name: string;
  issuer: string;
  client_id: string;
  has_secret: boolean;
  email_domains: string[];
  password_sign_in: boolean;
  create_accounts: boolean;
  provider_two_factor: boolean;
  /** The claim of the ID token that lists the person's groups at the provider. */
  role_claim: string;
  /** Groups whose members are the channel's administrators, and its operators (both empty: roles stay). */
  administrator_groups: string[];
  operator_groups: string[];
}

/**
 * The platform's provider as the super administrator's page shows it: no password switch (a channel's
 * setting), no account creation (it signs in existing accounts only), and groups that give the super
 * administrator role instead of a channel's roles.
 */
export interface PlatformSsoSettingsView {
  display_name: string;
  issuer: string;
  client_id: string;
  has_secret: boolean;
  email_domains: string[];
  provider_two_factor: boolean;
  role_claim: string;
  super_administrator_groups: string[];
}

/** The scopes asked of the provider: the subject and a verified e-mail are all an account is matched by. */
export const SSO_SCOPE = "openid email";

/** How long a sign-in may stay at the provider before its state is forgotten (ms). */
export const SSO_FLOW_TTL_MS = 10 * 60_000;

/**
 * How long the login page still says "You are logged out" to a browser that signed out through the
 * provider (s): the provider may ask to confirm, and it sends the browser back to the bare /login.
 */
export const SSO_SIGNED_OUT_NOTICE_SECONDS = 10 * 60;

/** The role of an account created at its first sign-in, when the administrator allowed it. */
export const SSO_CREATED_ROLE = "operator";

/** The claim that lists a person's groups when the administrator names none (Entra ID, Keycloak, Okta). */
export const SSO_DEFAULT_ROLE_CLAIM = "groups";

/** How many groups a role may list, and how long a group's name may be (Entra ID gives 36-character ids). */
export const SSO_GROUPS_LIMIT = { count: 50, length: 256 };

/** Why a single sign-on may come back refused: the login page's notices (`errors.*`). */
export const SSO_ERRORS = [
  "sso_state",
  "sso_failed",
  "sso_denied",
  "sso_unavailable",
  "sso_email_unverified",
  "sso_no_account",
  "sso_other_channel",
  "sso_no_role",
  "sso_not_super_administrator",
  "account_inactive",
  "not_found",
] as const;

/** The refusal a login page may show for its query, or null for anything else. */
export const ssoErrorOf = (value: string | undefined) =>
  (SSO_ERRORS as readonly string[]).includes(value ?? "") ? value! : null;

/**
 * The error code a provider sent back instead of signing in (RFC 6749 §4.1.2.1), as the audit log keeps it:
 * a short token as the standard's codes are, else "other" (the address is typed by anyone).
 * @example providerErrorCode("access_denied") // "access_denied"
 */
export function providerErrorCode(value: string): string {
  return /^[a-z0-9_.-]{1,64}$/i.test(value) ? value : "other";
}

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

/**
 * Why an issuer address cannot be used (an error key), or null: HTTPS only, but for a provider on this
 * machine (a test's, or one behind a local proxy), with no query nor fragment (discovery appends its path).
 * @example ssoIssuerProblem("http://login.example.com") // "sso_issuer_https"
 */
export function ssoIssuerProblem(issuer: string): string | null {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    return "sso_issuer_invalid";
  }
  if (url.search || url.hash || url.username || url.password) return "sso_issuer_invalid";
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:" && LOOPBACK.has(url.hostname)) return null;
  return "sso_issuer_https";
}

/** Whether discovery and token calls to this issuer go over plain HTTP (a loopback provider only). */
export const isLoopbackIssuer = (issuer: string) =>
  ssoIssuerProblem(issuer) === null && issuer.startsWith("http:");

const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/**
 * The e-mail domains typed by the administrator (commas, spaces or lines between them), lower case, once
 * each; null when one is not a domain.
 * @example emailDomainsOf("Radio.example, news.example") // ["radio.example", "news.example"]
 */
export function emailDomainsOf(text: string): string[] | null {
  const domains = [
    ...new Set(text.toLowerCase().split(/[\s,;]+/).map((d) => d.replace(/^@/, "")).filter(Boolean)),
  ];
  return domains.every((d) => DOMAIN.test(d)) ? domains : null;
}

/** The domain of an e-mail address, lower case ("" when there is none). */
export const emailDomainOf = (email: string) => email.trim().toLowerCase().split("@")[1] ?? "";

/** The account as the sign-in sees it. */
export interface SsoAccount {
  id: number;
  channel_id: number | null;
  active: boolean;
}

/** What a provider's answer opens: an account, a new account, or a refusal (its reason is an error key). */
export type SsoDecision =
  | { kind: "sign_in"; userId: number }
  | { kind: "create"; email: string }
  | {
    kind: "refused";
    reason: "sso_email_unverified" | "sso_no_account" | "sso_other_channel" | "account_inactive";
  };

/**
 * Who the provider's ID token claims sign in, for the channel whose provider answered: only a verified
 * e-mail matches, only an account of that channel (a provider never opens another channel's account nor a
 * super administrator's), and a new account only when the administrator allowed it. The platform's
 * provider (`channelId` null) opens the account of any channel, or a super administrator's, as it is.
 */
export function ssoDecision(
  claims: { email?: unknown; email_verified?: unknown },
  account: SsoAccount | null,
  channelId: number | null,
  createAccounts: boolean,
): SsoDecision {
  const email = typeof claims.email === "string" ? claims.email.trim().toLowerCase() : "";
  if (!email || claims.email_verified !== true) return { kind: "refused", reason: "sso_email_unverified" };
  if (!account) {
    return createAccounts ? { kind: "create", email } : { kind: "refused", reason: "sso_no_account" };
  }
  if (channelId !== null && account.channel_id !== channelId) {
    return { kind: "refused", reason: "sso_other_channel" };
  }
  if (!account.active) return { kind: "refused", reason: "account_inactive" };
  return { kind: "sign_in", userId: account.id };
}

/**
 * The claim name typed by the administrator ("" gives the default), or null when it cannot be a claim's
 * name (spaces, or longer than a claim name goes).
 * @example roleClaimOf(" roles ") // "roles"
 */
export function roleClaimOf(text: string): string | null {
  const name = text.trim() || SSO_DEFAULT_ROLE_CLAIM;
  return /^[\x21-\x7e]{1,200}$/.test(name) ? name : null;
}

/**
 * The groups typed for a role (commas or lines between them; a group's name may hold spaces), once each,
 * as typed (providers compare them exactly); null when there are too many or one is too long.
 * @example groupsOf("Studio team, 1c5e…-id\nStudio team") // ["Studio team", "1c5e…-id"]
 */
export function groupsOf(text: string): string[] | null {
  const groups = [...new Set(text.split(/[,\n]+/).map((g) => g.trim()).filter(Boolean))];
  if (groups.length > SSO_GROUPS_LIMIT.count) return null;
  return groups.every((g) => g.length <= SSO_GROUPS_LIMIT.length) ? groups : null;
}

/** The groups-to-role mapping of a channel's provider. */
export interface SsoRoleMapping {
  role_claim: string;
  administrator_groups: string[];
  operator_groups: string[];
}

/**
 * What the provider's groups make of the person on the channel: "off" when the channel maps no group
 * (roles stay as the administrators set them), else the role its groups give (administrator above
 * operator), or "none" when no listed group is in the claim: no access. A claim never gives more than a
 * channel's administrator: a super administrator is never made from it.
 * @example ssoRoleOf({ groups: ["Studio"] }, { role_claim: "groups", administrator_groups: [], operator_groups: ["Studio"] })
 * // { kind: "role", role: "operator" }
 */
export function ssoRoleOf(
  claims: Record<string, unknown>,
  mapping: SsoRoleMapping,
): { kind: "off" } | { kind: "none" } | { kind: "role"; role: "administrator" | "operator" } {
  if (!mapping.administrator_groups.length && !mapping.operator_groups.length) return { kind: "off" };
  const held = groupsHeld(claims, mapping.role_claim);
  if (mapping.administrator_groups.some((g) => held.has(g))) return { kind: "role", role: "administrator" };
  if (mapping.operator_groups.some((g) => held.has(g))) return { kind: "role", role: "operator" };
  return { kind: "none" };
}

/** The groups the ID token says the person is in, by the claim that lists them. */
function groupsHeld(claims: Record<string, unknown>, claim: string): Set<string> {
  const value = claims[claim];
  // a list of names or ids, as Entra ID, Keycloak and Okta send it; a provider may send a single one as text
  return new Set(
    Array.isArray(value)
      ? value.filter((g) => typeof g === "string")
      : typeof value === "string"
      ? [value]
      : [],
  );
}

/** The platform provider's groups-to-role mapping: only the super administrator role comes from it. */
export interface PlatformRoleMapping {
  role_claim: string;
  super_administrator_groups: string[];
}

/**
 * What the platform provider's groups make of the person: "off" when no group is listed, or when the person
 * is in none and is a channel's staff (their own role and channel stay); the super administrator role for
 * a member of a listed group; "none" (no access) for a super administrator in none of them, as a channel's
 * provider refuses someone outside its groups.
 * @example platformRoleOf({ groups: ["IT"] }, { role_claim: "groups", super_administrator_groups: ["IT"] }, "operator")
 * // { kind: "role", role: "super_administrator" }
 */
export function platformRoleOf(
  claims: Record<string, unknown>,
  mapping: PlatformRoleMapping,
  currentRole: string,
): { kind: "off" } | { kind: "none" } | { kind: "role"; role: "super_administrator" } {
  if (!mapping.super_administrator_groups.length) return { kind: "off" };
  const held = groupsHeld(claims, mapping.role_claim);
  if (mapping.super_administrator_groups.some((g) => held.has(g))) {
    return { kind: "role", role: "super_administrator" };
  }
  return currentRole === "super_administrator" ? { kind: "none" } : { kind: "off" };
}

/**
 * Where "Sign in with …" goes: the channel's provider, or the platform's (`channelId` null), then `next`.
 * @example ssoStartAddress(null, "/users") // "/sso/start?platform&next=%2Fusers"
 */
export function ssoStartAddress(channelId: number | null, next: string | null): string {
  const then = next ? `&next=${encodeURIComponent(next)}` : "";
  return channelId === null ? `/sso/start?platform${then}` : `/sso/start?channel=${channelId}${then}`;
}
