// A real OpenID provider (oidc-provider) on 127.0.0.1 for the single sign-on tests. Its sign-in screen is
// replaced by the test: whoever `signIn` names is signed in and consents to openid+email at once, so a
// flow is driven by fetch alone.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import Provider from "oidc-provider";
import { CompactSign, decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair } from "jose";

/** An account of the directory: its e-mail and whether the provider verified it. */
export interface DirectoryAccount {
  email: string;
  email_verified: boolean;
  /** The groups the directory puts the person in (the `groups` claim); absent: no such claim. */
  groups?: string[];
}

export interface LocalProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The account the next sign-in at the provider answers for; null: the provider refuses it (access_denied). */
  signIn(account: DirectoryAccount | null): void;
  /**
   * Makes the provider misbehave: the ID tokens it issues next carry the claims `change` returns, signed
   * with its own key (as a misconfigured or hostile provider would); null issues them as they are.
   */
  alterIdTokens(change: ((claims: Record<string, unknown>) => Record<string, unknown>) | null): void;
  /** How many times its discovery document was asked for. */
  discoveries(): number;
  close(): Promise<void>;
}

/** Follows the provider's redirects from its authorization address until it sends the browser to `callback`. */
export async function throughProvider(authorizationUrl: string, callback: string): Promise<URL> {
  let next = authorizationUrl;
  const jar: string[] = [];
  for (let hop = 0; hop < 10 && !next.startsWith(callback); hop++) {
    const res = await fetch(next, { redirect: "manual", headers: { cookie: jar.join("; ") } });
    await res.body?.cancel();
    for (const c of res.headers.getSetCookie()) jar.push(c.split(";")[0]);
    next = new URL(res.headers.get("location")!, next).href;
  }
  if (!next.startsWith(callback)) throw new Error(`the provider did not send the browser back: ${next}`);
  return new URL(next);
}

/** What the provider hands its grant hook (oidc-provider ships no types). */
interface GrantContext {
  oidc: {
    provider: {
      Grant: new (owner: { clientId: string; accountId: string }) => {
        addOIDCScope(scope: string): void;
        save(): Promise<string>;
      };
    };
    client: { clientId: string };
    session: { accountId: string };
  };
}

/**
 * Starts a provider whose one client may come back to `redirectUri`; `signOut: false` starts one without an
 * end_session_endpoint (no sign-out at the provider).
 */
export async function startProvider(
  redirectUri: string,
  options: { signOut?: boolean } = {},
): Promise<LocalProvider> {
  let current: DirectoryAccount | null = { email: "nobody@example.test", email_verified: false };
  let alter: ((claims: Record<string, unknown>) => Record<string, unknown>) | null = null;
  // the provider's signing key, known here so an altered ID token is still signed by the provider
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const jwk = { ...await exportJWK(privateKey), kid: "test-key", alg: "RS256", use: "sig" };
  const clientId = "interaction-manager";
  const clientSecret = "a-client-secret-of-32-characters-or-more";
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [{
      client_id: clientId,
      client_secret: clientSecret,
      redirect_uris: [redirectUri],
      // signing out at the provider sends the browser back to the app's login page
      post_logout_redirect_uris: [new URL("/login", redirectUri).href],
      grant_types: ["authorization_code"],
      response_types: ["code"],
    }],
    // groups in the ID token, as Entra ID ("groups" claim) and Keycloak (a group mapper) put them
    claims: { openid: ["sub", "groups"], email: ["email", "email_verified"] },
    // the claims in the ID token itself, as Entra ID, Google and Keycloak put them
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    cookies: { keys: ["test-cookie-key"] },
    jwks: { keys: [jwk] },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: options.signOut ?? true },
    },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    ttl: {
      Interaction: 600,
      Grant: 600,
      Session: 600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
    findAccount: (_ctx: unknown, sub: string) => ({
      accountId: sub,
      claims: () => ({ sub, ...JSON.parse(atob(sub)) }),
    }),
    loadExistingGrant: async (ctx: GrantContext) => {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client.clientId,
        accountId: ctx.oidc.session.accountId,
      });
      grant.addOIDCScope("openid email");
      await grant.save();
      return grant;
    },
  });
  provider.use(async (ctx: { path: string; body: unknown }, next: () => Promise<void>) => {
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (ctx.path !== "/token" || !alter || !body?.id_token) return;
    const claims = alter(decodeJwt(body.id_token));
    const idToken = await new CompactSign(new TextEncoder().encode(JSON.stringify(claims)))
      .setProtectedHeader(decodeProtectedHeader(body.id_token) as { alg: string })
      .sign(privateKey);
    ctx.body = { ...body, id_token: idToken };
  });
  const callback = provider.callback();
  let discoveries = 0;
  server.on("request", async (req: IncomingMessage, res: ServerResponse) => {
    if (req.url?.startsWith("/.well-known/openid-configuration")) discoveries++;
    if (req.url?.startsWith("/interaction/")) {
      try {
        const result = current
          ? { login: { accountId: btoa(JSON.stringify(current)) } }
          : { error: "access_denied", error_description: "The directory refused this sign-in" };
        await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
      } catch (error) {
        res.statusCode = 500;
        res.end(String(error));
      }
      return;
    }
    callback(req, res);
  });
  return {
    issuer,
    clientId,
    clientSecret,
    signIn: (account) => current = account,
    alterIdTokens: (change) => alter = change,
    discoveries: () => discoveries,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
