// Single sign-on with OpenID Connect (openid-client): a channel's administrator names the provider its
// station already runs; staff then sign in there, by the authorization code flow with PKCE, a state and a
// nonce. The flow's secrets travel in a sealed, short-lived cookie (no table of pending sign-ins), and an
// account is matched by the provider's verified e-mail only (lib/rules/sso.ts ssoDecision). A super
// administrator may also set one provider for the whole platform: the same flow, cookie, discovery cache
// and refusals, for the existing account of any channel (a channel is "null" for it below).
import type { Sql } from "postgres";
import * as oidc from "openid-client";
import { decryptSecret, encryptSecret } from "../platform/crypto.ts";
import { AppError } from "../rules/errors.ts";
import { requireAccess, type StaffUser } from "../rules/permissions.ts";
import {
  emailDomainOf,
  emailDomainsOf,
  groupsOf,
  isLoopbackIssuer,
  platformRoleOf,
  providerErrorCode,
  roleClaimOf,
  SSO_CREATED_ROLE,
  SSO_FLOW_TTL_MS,
  SSO_SCOPE,
  ssoDecision,
  ssoIssuerProblem,
  ssoRoleOf,
} from "../rules/sso.ts";
import { normaliseEmail } from "../rules/accounts.ts";
import type { PlatformSsoSettingsView, SsoSettingsView } from "../rules/sso.ts";
export type { PlatformSsoSettingsView, SsoSettingsView };
import {
  type ChannelSsoRow,
  deleteChannelSso,
  deletePlatformSso,
  findSsoByDomain,
  getChannelSso,
  getPlatformSso,
  type PlatformSsoRow,
  saveChannelSso,
  savePlatformSso,
} from "../../db/sso.ts";
import { findUserByEmail, insertUser, takenIdentifiers, updateUser } from "../../db/users.ts";
import { endUserSessions } from "../platform/sessions.ts";
import { getSessionProvider } from "../../db/sessions.ts";
import { SECOND_STEP_TTL_SECONDS } from "../rules/two_factor.ts";
import { log } from "../platform/log.ts";
import { BoundedCache } from "../platform/bounded_cache.ts";
import type { SecondStep } from "../platform/auth.ts";
import { secondStepFor } from "./two_factor.ts";

/** What the sign-in needs from the app. */
export interface SsoContext {
  sql: Sql;
  jwtSecret: Uint8Array;
  /** The public address: the provider sends the browser back to {baseUrl}/sso/callback. */
  baseUrl: string;
  now: Date;
}

/** The settings form as typed. An empty secret keeps the one stored. */
export interface SsoSettingsInput {
  display_name: string;
  issuer: string;
  client_id: string;
  client_secret: string;
  email_domains: string;
  password_sign_in: boolean;
  create_accounts: boolean;
  /** The provider asks its own second factor, so sign-in through it does not ask the local one. */
  provider_two_factor: boolean;
  /** The claim listing the groups ("" gives "groups"), and the groups of each role (commas or lines). */
  role_claim: string;
  administrator_groups: string;
  operator_groups: string;
}

/** The platform provider's form as typed: no password switch, no account creation, its own groups. */
export type PlatformSsoSettingsInput =
  & Pick<
    SsoSettingsInput,
    | "display_name"
    | "issuer"
    | "client_id"
    | "client_secret"
    | "email_domains"
    | "provider_two_factor"
    | "role_claim"
  >
  & { super_administrator_groups: string };

/** The "Sign in with …" button of the login page: a channel's provider, or the platform's (null). */
export interface SsoButton {
  channel_id: number | null;
  name: string;
}

/** What reaching a provider needs of its settings (a channel's or the platform's). */
type ProviderClient = Pick<ChannelSsoRow, "issuer" | "client_id" | "client_secret_enc">;

/** A provider as the sign-in reads it: a channel's, or the platform's (channel null). */
type Provider = { channel: number; row: ChannelSsoRow } | { channel: null; row: PlatformSsoRow };

async function providerOf(sql: Sql, channel: number | null): Promise<Provider | null> {
  if (channel === null) {
    const row = await getPlatformSso(sql);
    return row && { channel: null, row };
  }
  const row = Number.isSafeInteger(channel) && channel > 0 ? await getChannelSso(sql, channel) : null;
  return row && { channel, row };
}

export const ssoRedirectUri = (baseUrl: string) => `${baseUrl}/sso/callback`;

/** The provider settings of a channel (channel-settings), null when it has none. */
export async function ssoSettingsFor(
  sql: Sql,
  user: StaffUser,
  channelId: number,
): Promise<SsoSettingsView | null> {
  requireAccess(user, "channel-settings", [channelId]);
  const row = await getChannelSso(sql, channelId);
  if (!row) return null;
  const { client_secret_enc, channel_id: _, ...view } = row;
  return { ...view, has_secret: !!client_secret_enc };
}

/**
 * Sets a channel's provider (channel-settings); returns the names of the fields that changed, for the
 * audit log. Throws 400 with the field's error key when the issuer, a domain or a required field is wrong.
 */
export async function saveSsoSettings(
  ctx: Pick<SsoContext, "sql" | "jwtSecret">,
  user: StaffUser,
  channelId: number,
  input: SsoSettingsInput,
): Promise<string[]> {
  requireAccess(user, "channel-settings", [channelId]);
  const before = await getChannelSso(ctx.sql, channelId);
  const { groups, ...common } = await providerFields(ctx.jwtSecret, input, {
    administrator_groups: input.administrator_groups,
    operator_groups: input.operator_groups,
  }, before);
  const row: ChannelSsoRow = {
    channel_id: channelId,
    ...common,
    password_sign_in: input.password_sign_in,
    create_accounts: input.create_accounts,
    ...groups,
  };
  await saveChannelSso(ctx.sql, row);
  return changedFields(row, before);
}

/**
 * The fields every provider has, checked and the secret sealed (an empty secret keeps `before`'s), with
 * the groups of each role; throws 400 with each wrong field's error key.
 */
async function providerFields<G extends string>(
  jwtSecret: Uint8Array,
  input: Omit<PlatformSsoSettingsInput, "super_administrator_groups">,
  groups: Record<G, string>,
  before: ProviderClient | null,
) {
  const issuer = input.issuer.trim().replace(/\/+$/, "");
  const domains = emailDomainsOf(input.email_domains);
  const problems: Record<string, string[]> = {};
  const issuerProblem = ssoIssuerProblem(issuer);
  if (issuerProblem) problems.issuer = [issuerProblem];
  if (!input.display_name.trim()) problems.display_name = ["fields_required"];
  if (!input.client_id.trim()) problems.client_id = ["fields_required"];
  if (!input.client_secret && !before) problems.client_secret = ["fields_required"];
  if (!domains) problems.email_domains = ["sso_domain_invalid"];
  const roleClaim = roleClaimOf(input.role_claim);
  if (!roleClaim) problems.role_claim = ["sso_claim_invalid"];
  const lists = {} as Record<G, string[]>;
  for (const name of Object.keys(groups) as G[]) {
    const list = groupsOf(groups[name]);
    if (list) lists[name] = list;
    else problems[name] = ["sso_groups_invalid"];
  }
  if (Object.keys(problems).length) throw new AppError(400, "validation", {}, problems);
  return {
    display_name: input.display_name.trim().slice(0, 60),
    issuer,
    client_id: input.client_id.trim(),
    client_secret_enc: input.client_secret
      ? await encryptSecret(jwtSecret, input.client_secret)
      : before!.client_secret_enc,
    email_domains: domains!,
    provider_two_factor: input.provider_two_factor,
    role_claim: roleClaim!,
    groups: lists,
  };
}

/** The names of the settings that changed, for the audit log (the secret by name, never its value). */
function changedFields<R extends object>(row: R, before: R | null): string[] {
  const changed = (Object.keys(row) as (keyof R & string)[]).filter((k) =>
    k !== "channel_id" && JSON.stringify(row[k]) !== JSON.stringify(before?.[k])
  );
  return changed.map((k) => k === "client_secret_enc" ? "client_secret" : k);
}

/** The platform's provider (a super administrator's: channels-all), null when none is set; never its secret. */
export async function platformSsoSettingsFor(
  sql: Sql,
  user: StaffUser,
): Promise<PlatformSsoSettingsView | null> {
  requireAccess(user, "channels-all");
  const row = await getPlatformSso(sql);
  if (!row) return null;
  const { client_secret_enc, ...view } = row;
  return { ...view, has_secret: !!client_secret_enc };
}

/**
 * Sets the platform's provider (channels-all); returns the names of the fields that changed, for the audit
 * log. Throws 400 with the field's error key as a channel's does.
 */
export async function savePlatformSsoSettings(
  ctx: Pick<SsoContext, "sql" | "jwtSecret">,
  user: StaffUser,
  input: PlatformSsoSettingsInput,
): Promise<string[]> {
  requireAccess(user, "channels-all");
  const before = await getPlatformSso(ctx.sql);
  const { groups, ...common } = await providerFields(
    ctx.jwtSecret,
    input,
    { super_administrator_groups: input.super_administrator_groups },
    before,
  );
  const row: PlatformSsoRow = { ...common, ...groups };
  await savePlatformSso(ctx.sql, row);
  return changedFields(row, before);
}

/** Removes the platform's provider (channels-all): staff sign in with passwords or their channel's provider. */
export async function removePlatformSsoSettings(sql: Sql, user: StaffUser): Promise<void> {
  requireAccess(user, "channels-all");
  await deletePlatformSso(sql);
}

/** Removes a channel's provider (channel-settings): its staff sign in with their passwords again. */
export async function removeSsoSettings(sql: Sql, user: StaffUser, channelId: number): Promise<void> {
  requireAccess(user, "channel-settings", [channelId]);
  await deleteChannelSso(sql, channelId);
}

/** The button for a channel's provider (a link `/login?sso={channel}`), or the platform's (null), or null. */
export async function ssoButtonOf(sql: Sql, channelId: number | null): Promise<SsoButton | null> {
  const provider = await providerOf(sql, channelId);
  return provider && { channel_id: provider.channel, name: provider.row.display_name };
}

/**
 * The button for the provider that signs in an e-mail's domain, or null. A channel's provider that lists the
 * domain wins over the platform's listing it too: the channel chose its own directory for its staff.
 */
export async function ssoButtonForEmail(sql: Sql, email: string): Promise<SsoButton | null> {
  const domain = emailDomainOf(email);
  if (!domain) return null;
  const row = await findSsoByDomain(sql, domain);
  if (row) return { channel_id: row.channel_id, name: row.display_name };
  const platform = await getPlatformSso(sql);
  return platform?.email_domains.includes(domain) ? { channel_id: null, name: platform.display_name } : null;
}

/** The pending sign-in kept in the sealed cookie between the redirect and the provider's answer. */
interface Flow {
  /** The channel whose provider signs in; null: the platform's. */
  channel: number | null;
  state: string;
  nonce: string;
  verifier: string;
  next: string | null;
  expires: number;
}

// A provider's discovery (its metadata and keys' address) is kept a few minutes, by issuer, client and sealed
// secret: a sign-out then does not wait on the provider each time, and a changed setting is a new key.
const DISCOVERY_TTL_MS = 5 * 60_000;
const discovered = new BoundedCache<string, oidc.Configuration>(100, DISCOVERY_TTL_MS);

/** A request to the provider that got no answer at all: refused connection, reset, timed out. */
const unreachable = (error: unknown) =>
  (error instanceof TypeError && /fetch failed|error sending request/i.test(error.message)) ||
  (error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError"));

async function clientOf(
  ctx: Pick<SsoContext, "jwtSecret">,
  row: ProviderClient,
): Promise<oidc.Configuration> {
  const key = `${row.issuer}\n${row.client_id}\n${row.client_secret_enc}`;
  const kept = discovered.get(key, Date.now());
  if (kept) return kept;
  const secret = await decryptSecret(ctx.jwtSecret, row.client_secret_enc);
  try {
    const config = await oidc.discovery(new URL(row.issuer), row.client_id, secret, undefined, {
      execute: isLoopbackIssuer(row.issuer) ? [oidc.allowInsecureRequests] : [],
      timeout: 10,
    });
    discovered.set(key, config, Date.now());
    return config;
  } catch (error) {
    log.warn("sso discovery failed", { issuer: row.issuer, error: String(error) });
    throw new AppError(503, "sso_unavailable");
  }
}

/**
 * Starts a sign-in at the channel's provider (the platform's: null): the address to send the browser to,
 * and the sealed flow to keep in a cookie until it comes back.
 */
export async function startSso(
  ctx: SsoContext,
  channelId: number | null,
  next: string | null,
): Promise<{ url: string; flow: string }> {
  const provider = await providerOf(ctx.sql, channelId);
  if (!provider) throw new AppError(404, "not_found");
  const config = await clientOf(ctx, provider.row);
  const flow: Flow = {
    channel: channelId,
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    verifier: oidc.randomPKCECodeVerifier(),
    next,
    expires: ctx.now.getTime() + SSO_FLOW_TTL_MS,
  };
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: ssoRedirectUri(ctx.baseUrl),
    scope: SSO_SCOPE,
    state: flow.state,
    nonce: flow.nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
    code_challenge_method: "S256",
  });
  return { url: url.href, flow: await encryptSecret(ctx.jwtSecret, JSON.stringify(flow)) };
}

/** A refused sign-in: its error key, and the channel and account it names (for the audit log). */
export class SsoRefused extends AppError {
  constructor(
    reason: string,
    /** The channel whose provider refused (null: the platform's, or none known). */
    readonly channelId: number | null,
    readonly userId: number | null = null,
    /** The error the provider itself answered (access_denied…), for the audit log. */
    readonly providerError: string | null = null,
  ) {
    super(401, reason);
  }
}

/** A provider's sign-in accepted: whose account, whether it was just created, what is left to ask. */
export interface SsoSignIn {
  userId: number;
  /** The account's channel (null: a super administrator's, through the platform's provider). */
  channelId: number | null;
  next: string | null;
  created: boolean;
  /**
   * The local second factor still to give (or enrol), as after a password, unless the channel said its
   * provider asks its own; null: the session opens.
   */
  step: SecondStep | null;
  /** The role the provider's groups gave instead of the one stored, for the audit log; null: unchanged. */
  roleChange: { from: string; to: string } | null;
  /** The provider that signed in and its ID token sealed: the session keeps them to sign out there. */
  provider: SessionProvider;
}

/** What a session opened through a provider remembers (sessions.sso_channel_id or sso_platform, id_token_enc). */
export interface SessionProvider {
  /** The channel whose provider signed in; null: the platform's. */
  channelId: number | null;
  idTokenEnc: string | null;
}

/**
 * Ends a sign-in from the provider's answer (the callback's address) and the sealed flow: checks state,
 * PKCE, nonce, issuer, audience and expiry (openid-client), then matches the verified e-mail. Returns the
 * account signed in, where to go and the second step left; throws SsoRefused.
 */
export async function finishSso(
  ctx: SsoContext,
  sealedFlow: string | undefined,
  callbackUrl: URL,
): Promise<SsoSignIn> {
  let flow: Flow;
  try {
    flow = JSON.parse(await decryptSecret(ctx.jwtSecret, sealedFlow ?? ""));
  } catch {
    throw new SsoRefused("sso_state", null);
  }
  if (flow.expires < ctx.now.getTime()) throw new SsoRefused("sso_state", flow.channel);
  // an answer to another browser's sign-in (login CSRF): said plainly, before the provider is called at all
  if (callbackUrl.searchParams.get("state") !== flow.state) throw new SsoRefused("sso_state", flow.channel);
  // the provider refused the sign-in itself (the person cancelled, or the directory does not allow the app)
  const denied = callbackUrl.searchParams.get("error");
  if (denied !== null) throw new SsoRefused("sso_denied", flow.channel, null, providerErrorCode(denied));
  const source = await providerOf(ctx.sql, flow.channel);
  if (!source) throw new SsoRefused("sso_state", flow.channel);
  const config = await clientOf(ctx, source.row);
  // the answer is read at the public address the provider was given, whatever Host the proxy passed on
  const answer = new URL(ssoRedirectUri(ctx.baseUrl));
  answer.search = callbackUrl.search;
  let claims: Record<string, unknown>;
  let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
  try {
    tokens = await oidc.authorizationCodeGrant(config, answer, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims() ?? {};
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : "";
    log.warn("sso sign-in refused", { channel: flow.channel, error: String(error), cause });
    // a provider that cannot be reached now (its discovery was kept) is not one that refused the answer
    throw new SsoRefused(unreachable(error) ? "sso_unavailable" : "sso_failed", flow.channel);
  }
  const email = typeof claims.email === "string" ? normaliseEmail(claims.email) : "";
  const account = email ? await findUserByEmail(ctx.sql, email) : null;
  // the platform's provider creates no account: it signs in the staff the channels already have
  const createAccounts = source.channel !== null && source.row.create_accounts;
  const decision = ssoDecision(claims, account, source.channel, createAccounts);
  // the refused account is named when the provider may sign it in (its channel's, or the platform's)
  const named = account && (source.channel === null || account.channel_id === source.channel)
    ? account.id
    : null;
  if (decision.kind === "refused") throw new SsoRefused(decision.reason, flow.channel, named);
  const mapped = source.channel === null
    ? platformRoleOf(claims, source.row, account?.role ?? "")
    : ssoRoleOf(claims, source.row);
  if (mapped.kind === "none") {
    // out of the groups at the provider: no access, and the sessions still open end now
    if (decision.kind === "sign_in") await endUserSessions(ctx.sql, "staff", decision.userId);
    throw new SsoRefused(
      source.channel === null ? "sso_not_super_administrator" : "sso_no_role",
      flow.channel,
      decision.kind === "sign_in" ? decision.userId : null,
    );
  }
  // sealed at rest as the client secret is: an ID token names the person and opens a sign-out in their name
  const provider: SessionProvider = {
    channelId: flow.channel,
    idTokenEnc: tokens.id_token ? await encryptSecret(ctx.jwtSecret, tokens.id_token) : null,
  };
  const stepOf = async (userId: number) =>
    source.row.provider_two_factor ? null : await secondStepFor(ctx.sql, userId);
  if (decision.kind === "sign_in") {
    const userId = decision.userId;
    let roleChange: SsoSignIn["roleChange"] = null;
    if (mapped.kind === "role" && account!.role !== mapped.role) {
      await updateUser(ctx.sql, userId, { role: mapped.role });
      roleChange = { from: account!.role, to: mapped.role };
    }
    return {
      userId,
      channelId: account!.channel_id,
      next: flow.next,
      created: false,
      roleChange,
      provider,
      step: await stepOf(userId),
    };
  }
  if (source.channel === null) throw new SsoRefused("sso_no_account", null);
  const userId = await insertUser(ctx.sql, {
    login: await freeLogin(ctx.sql, decision.email),
    email: decision.email,
    role: mapped.kind === "role" ? mapped.role : SSO_CREATED_ROLE,
    channel_id: source.channel,
    active: true,
    confirmed_at: ctx.now,
    first_name: typeof claims.given_name === "string" ? claims.given_name.slice(0, 60) : "",
    last_name: typeof claims.family_name === "string" ? claims.family_name.slice(0, 60) : "",
  });
  return {
    userId,
    channelId: source.channel,
    next: flow.next,
    created: true,
    roleChange: null,
    provider,
    step: await stepOf(userId),
  };
}

/** What signing out at the provider needs of a session: read before the session ends. */
export interface ProviderSession {
  row: ProviderClient;
  idTokenEnc: string | null;
}

/** The provider a session was opened through, with its settings; null for a password session or a removed provider. */
export async function providerSessionOf(sql: Sql, sessionId: string): Promise<ProviderSession | null> {
  const session = await getSessionProvider(sql, sessionId);
  const provider = session && await providerOf(sql, session.channelId);
  return session && provider ? { row: provider.row, idTokenEnc: session.idTokenEnc } : null;
}

/**
 * Where the browser goes to sign out at the provider of a session opened through it (the session already
 * ended here, so a slow provider delays only the redirect): the provider's end_session_endpoint (from
 * discovery) with the session's ID token as id_token_hint and the login page as post_logout_redirect_uri.
 * Null (a local sign-out only) for a provider that offers no such endpoint or cannot be reached now.
 */
export async function providerSignOutUrl(
  ctx: Pick<SsoContext, "jwtSecret" | "baseUrl">,
  { row, idTokenEnc }: ProviderSession,
): Promise<string | null> {
  let config: oidc.Configuration;
  try {
    config = await clientOf(ctx, row);
  } catch {
    return null;
  }
  if (!config.serverMetadata().end_session_endpoint) return null;
  const params: Record<string, string> = { post_logout_redirect_uri: ssoSignedOutUri(ctx.baseUrl) };
  if (idTokenEnc) params.id_token_hint = await decryptSecret(ctx.jwtSecret, idTokenEnc);
  else params.client_id = row.client_id;
  return oidc.buildEndSessionUrl(config, params).href;
}

/** Where the provider sends the browser back once signed out: the login page (registered at the provider). */
export const ssoSignedOutUri = (baseUrl: string) => `${baseUrl}/login`;

/** How long a provider's sign-in waits for the local second step before it is forgotten (ms). */
const PENDING_TTL_MS = SECOND_STEP_TTL_SECONDS * 1000;

/**
 * The provider of a sign-in whose local second step is still to come, sealed for a cookie the second step
 * reads (its session then remembers the provider as a direct one does).
 */
export async function sealPendingProvider(
  jwtSecret: Uint8Array,
  userId: number,
  provider: SessionProvider,
  now: Date,
): Promise<string> {
  return await encryptSecret(
    jwtSecret,
    JSON.stringify({ userId, provider, expires: now.getTime() + PENDING_TTL_MS }),
  );
}

/** The provider kept for that account's second step, or null (none, forged, another account's, too old). */
export async function pendingProviderOf(
  jwtSecret: Uint8Array,
  sealed: string | undefined,
  userId: number,
  now: Date,
): Promise<SessionProvider | null> {
  if (!sealed) return null;
  try {
    const kept = JSON.parse(await decryptSecret(jwtSecret, sealed));
    return kept.userId === userId && kept.expires >= now.getTime() ? kept.provider : null;
  } catch {
    return null;
  }
}

/** A login for a new account: the e-mail's local part, numbered when taken. */
async function freeLogin(sql: Sql, email: string): Promise<string> {
  const base = email.split("@")[0].replace(/[^a-z0-9._-]/g, "").slice(0, 50) || "staff";
  for (let n = 1;; n++) {
    const login = n === 1 ? base : `${base}${n}`;
    if (!(await takenIdentifiers(sql, undefined, login)).login) return login;
  }
}
