import * as client from 'openid-client';
import type { SafeFetch } from '../outbound/safe-fetch.ts';
import { FlowError, flowErrorOf, useSafeFetch, type FlowChecks, type SignInProviderClient } from './provider.ts';

export interface GoogleSettings {
  clientId: string;
  clientSecret: string;
  /** https://accounts.google.com, or another OpenID provider playing Google (tests). */
  issuer: string;
}

/** The discovery document is read again after a day (Google's endpoints seldom move; its keys are cached by openid-client). */
const DISCOVERY_TTL_MS = 86_400_000;

/**
 * Sign in with Google: OpenID Connect from the issuer's discovery document, the authorization code
 * with PKCE (S256), state and nonce; the ID token's signature is checked against the issuer's keys
 * (enableNonRepudiationChecks) besides its issuer, audience, expiry and nonce.
 */
export function googleSignIn(settings: GoogleSettings, fetch: SafeFetch): SignInProviderClient {
  let discovered: { at: number; configuration: Promise<client.Configuration> } | undefined;
  const configuration = () => {
    if (!discovered || Date.now() - discovered.at > DISCOVERY_TTL_MS) {
      const pending = discover(settings, fetch);
      discovered = { at: Date.now(), configuration: pending };
      // A failed discovery is tried again by the next sign-in, not remembered.
      pending.catch(() => {
        if (discovered?.configuration === pending) discovered = undefined;
      });
    }
    return discovered.configuration;
  };

  return {
    id: 'google',
    async authorizationUrl(redirectUri: string, checks: FlowChecks) {
      try {
        return client.buildAuthorizationUrl(await configuration(), {
          redirect_uri: redirectUri,
          scope: 'openid email profile',
          code_challenge: await client.calculatePKCECodeChallenge(checks.verifier),
          code_challenge_method: 'S256',
          state: checks.state,
          nonce: checks.nonce,
        });
      } catch (err) {
        throw flowErrorOf(err);
      }
    },

    async finish(callbackUrl: URL, checks: FlowChecks) {
      let claims: client.IDToken | undefined;
      try {
        const tokens = await client.authorizationCodeGrant(await configuration(), callbackUrl, {
          pkceCodeVerifier: checks.verifier,
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          idTokenExpected: true,
        });
        claims = tokens.claims();
      } catch (err) {
        throw flowErrorOf(err);
      }
      if (!claims?.sub) throw new FlowError('bad_answer', 'the provider sent no ID token');
      return {
        provider: 'google',
        subject: claims.sub,
        email: typeof claims.email === 'string' ? claims.email : null,
        // Google has sent it as a string in some tokens.
        emailVerified: claims.email_verified === true || claims.email_verified === 'true',
        name: typeof claims.name === 'string' ? claims.name : null,
        createdAt: null,
      };
    },
  };
}

async function discover(settings: GoogleSettings, fetch: SafeFetch) {
  const insecure = new URL(settings.issuer).protocol === 'http:';
  const configuration = await client.discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret, undefined, {
    [client.customFetch]: (url, options) => fetch(url, options as RequestInit),
    execute: insecure ? [client.allowInsecureRequests] : [],
  });
  useSafeFetch(configuration, fetch, [settings.issuer]);
  client.enableNonRepudiationChecks(configuration);
  return configuration;
}
