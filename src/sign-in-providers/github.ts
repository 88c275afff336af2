import * as client from 'openid-client';
import { z } from 'zod';
import type { ProviderProfile } from '../domain/accounts/identities.ts';
import type { SafeFetch } from '../outbound/safe-fetch.ts';
import { FlowError, flowErrorOf, useSafeFetch, type FlowChecks, type SignInProviderClient } from './provider.ts';

export interface GitHubSettings {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  /** The REST API root (https://api.github.com): /user and /user/emails. */
  apiUrl: string;
}

const GitHubUser = z.object({
  id: z.number().int(),
  login: z.string(),
  name: z.string().nullish(),
  created_at: z.string().nullish(),
});
const GitHubEmails = z.array(z.object({ email: z.string(), primary: z.boolean(), verified: z.boolean() }));

/**
 * Sign in with GitHub. GitHub has no OpenID Connect for people: plain OAuth 2 with the
 * authorization code, PKCE (S256) and state, then two API reads with the access token: /user (the
 * stable numeric id, the name, when the account was made) and /user/emails (the primary address
 * and whether GitHub verified it). The token is used for these two reads and dropped.
 */
export function gitHubSignIn(settings: GitHubSettings, fetch: SafeFetch, userAgent: string): SignInProviderClient {
  const configuration = new client.Configuration(
    { issuer: new URL(settings.authorizeUrl).origin, authorization_endpoint: settings.authorizeUrl, token_endpoint: settings.tokenUrl },
    settings.clientId,
    settings.clientSecret,
  );
  useSafeFetch(configuration, fetch, [settings.authorizeUrl, settings.tokenUrl]);

  async function api<T>(path: string, token: string, schema: z.ZodType<T>): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${settings.apiUrl}${path}`, {
        headers: { authorization: `Bearer ${token}`, accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28', 'user-agent': userAgent },
      });
    } catch (err) {
      throw flowErrorOf(err);
    }
    const parsed = res.ok ? schema.safeParse(await res.json().catch(() => undefined)) : undefined;
    if (!parsed?.success) throw new FlowError('bad_answer', `GitHub's ${path} answered ${res.status} with something else than expected`);
    return parsed.data;
  }

  return {
    id: 'github',
    async authorizationUrl(redirectUri: string, checks: FlowChecks) {
      return client.buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUri,
        scope: 'read:user user:email',
        code_challenge: await client.calculatePKCECodeChallenge(checks.verifier),
        code_challenge_method: 'S256',
        state: checks.state,
      });
    },

    async finish(callbackUrl: URL, checks: FlowChecks): Promise<ProviderProfile> {
      let token: string;
      try {
        token = (await client.authorizationCodeGrant(configuration, callbackUrl, { pkceCodeVerifier: checks.verifier, expectedState: checks.state })).access_token;
      } catch (err) {
        throw gitHubTokenError(err) ?? flowErrorOf(err);
      }
      const [user, emails] = await Promise.all([api('/user', token, GitHubUser), api('/user/emails', token, GitHubEmails)]);
      const primary = emails.find((e) => e.primary);
      const created = user.created_at ? new Date(user.created_at) : null;
      return {
        provider: 'github',
        subject: String(user.id),
        email: primary?.email ?? null,
        emailVerified: primary?.verified === true,
        name: user.name || user.login,
        createdAt: created && !Number.isNaN(created.getTime()) ? created : null,
      };
    },
  };
}

/** GitHub's token endpoint answers a refused code with 200 and an `error` member (bad_verification_code…), not with 400. */
function gitHubTokenError(err: unknown): FlowError | undefined {
  const body = err instanceof client.ClientError ? (err.cause as { cause?: { body?: { error?: unknown } } } | undefined)?.cause?.body : undefined;
  return typeof body?.error === 'string' ? new FlowError('code_refused', `GitHub refused the code: ${body.error}`, { cause: err }) : undefined;
}
