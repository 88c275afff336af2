import * as client from 'openid-client';
import type { ProviderProfile } from '../domain/accounts/identities.ts';
import type { SignInProvider } from '../store/schema.ts';
import type { SafeFetch } from '../outbound/safe-fetch.ts';

/** The values one sign-in binds together: kept in the browser's signed flow cookie between the two legs. */
export interface FlowChecks {
  state: string;
  nonce: string;
  /** The PKCE code verifier; the provider sees only its S256 challenge until the code is redeemed. */
  verifier: string;
}

/** A sign-in provider as the site uses it: where to send the browser, and what the callback proves. */
export interface SignInProviderClient {
  id: SignInProvider;
  /** Where the browser goes to sign in at the provider. */
  authorizationUrl(redirectUri: string, checks: FlowChecks): Promise<URL>;
  /**
   * The callback as the browser brought it (`callbackUrl` on PUBLIC_URL, with the provider's
   * query): the code redeemed with the verifier, state and nonce checked, the person read.
   * Raises FlowError.
   */
  finish(callbackUrl: URL, checks: FlowChecks): Promise<ProviderProfile>;
}

/**
 * Why a sign-in could not be finished. The first five are the browser's or the person's (a 400
 * page: try again); the last two are the provider's (a 502 page: try later).
 */
export type FlowFailure = 'state' | 'bad_callback' | 'nonce' | 'code_refused' | 'provider_error' | 'unreachable' | 'bad_answer';

export class FlowError extends Error {
  readonly failure: FlowFailure;
  constructor(failure: FlowFailure, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.failure = failure;
  }
}

/** openid-client's errors (and the safe fetch's) as the site's reasons. */
export function flowErrorOf(err: unknown): FlowError {
  if (err instanceof FlowError) return err;
  if (err instanceof client.AuthorizationResponseError) return new FlowError('provider_error', `the provider answered ${err.error}`, { cause: err });
  // The token endpoint refused the code: used, expired, or its PKCE verifier does not match.
  if (err instanceof client.ResponseBodyError) return new FlowError('code_refused', `the provider refused the code: ${err.error}`, { cause: err });
  if (err instanceof client.ClientError) {
    const detail = err.cause as { message?: string; cause?: { claim?: string } } | undefined;
    if (err.code === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED' && detail?.cause?.claim === 'nonce') return new FlowError('nonce', 'the ID token was not issued for this sign-in (nonce)', { cause: err });
    if (err.code === 'OAUTH_INVALID_RESPONSE' && /"state"/.test(detail?.message ?? '')) return new FlowError('state', 'the state does not match this sign-in', { cause: err });
    // The callback's own parameters (an iss that is not the issuer's, no code…): what the browser brought, not the provider's answer.
    if (err.code === 'OAUTH_INVALID_RESPONSE' && /response parameter|"parameters"/.test(detail?.message ?? '')) return new FlowError('bad_callback', 'the callback\'s parameters are not a valid answer', { cause: err });
    return new FlowError('bad_answer', `the provider's answer could not be used (${err.message})`, { cause: err });
  }
  // fetch failed (refused address, DNS, connection, deadline).
  return new FlowError('unreachable', 'the provider could not be reached', { cause: err });
}

/** openid-client's requests through the service's safe fetch; plain http only for an operator's own loopback or intranet provider. */
export function useSafeFetch(configuration: client.Configuration, fetch: SafeFetch, urls: string[]) {
  configuration[client.customFetch] = (url, options) => fetch(url, options as RequestInit);
  configuration.timeout = 10;
  if (urls.some((u) => new URL(u).protocol === 'http:')) client.allowInsecureRequests(configuration);
}
