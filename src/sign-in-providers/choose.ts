import type { Config } from '../config.ts';
import type { SafeFetch } from '../outbound/safe-fetch.ts';
import type { SignInProvider } from '../store/schema.ts';
import { gitHubSignIn } from './github.ts';
import { googleSignIn } from './google.ts';
import type { SignInProviderClient } from './provider.ts';

export type SignInProviders = Partial<Record<SignInProvider, SignInProviderClient>>;

/** The providers whose client id and secret are both set (config.ts refuses one without the other); none by default. */
export function signInProvidersFor(settings: Config['signInProviders'], fetch: SafeFetch | undefined, userAgent: string): SignInProviders {
  if (!fetch) return {};
  return {
    ...(settings.github ? { github: gitHubSignIn(settings.github, fetch, userAgent) } : {}),
    ...(settings.google ? { google: googleSignIn(settings.google, fetch) } : {}),
  };
}
