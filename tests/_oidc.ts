// A real OpenID provider (oidc-provider) on 127.0.0.1 for the single sign-on tests. Its sign-in screen is
// replaced by the test: whoever `signIn` names is signed in and consents to openid+email at once, so a
// flow is driven by fetch alone.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import Provider from "oidc-provider";

/** An account of the directory: its e-mail and whether the provider verified it. */
export interface DirectoryAccount {
  email: string;
  email_verified: boolean;
}

export interface LocalProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The account the next sign-in at the provider answers for. */
  signIn(account: DirectoryAccount): void;
  close(): Promise<void>;
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

/** Starts a provider whose one client may come back to `redirectUri`. */
export async function startProvider(redirectUri: string): Promise<LocalProvider> {
  let current: DirectoryAccount = { email: "nobody@example.test", email_verified: false };
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
      grant_types: ["authorization_code"],
      response_types: ["code"],
    }],
    claims: { openid: ["sub"], email: ["email", "email_verified"] },
    // the claims in the ID token itself, as Entra ID, Google and Keycloak put them
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    cookies: { keys: ["test-cookie-key"] },
    features: { devInteractions: { enabled: false } },
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
  const callback = provider.callback();
  server.on("request", async (req: IncomingMessage, res: ServerResponse) => {
    if (req.url?.startsWith("/interaction/")) {
      try {
        const accountId = btoa(JSON.stringify(current));
        await provider.interactionFinished(req, res, { login: { accountId } }, {
          mergeWithLastSubmission: false,
        });
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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
