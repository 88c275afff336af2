import { errors } from 'oidc-provider';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/**
 * What a client may register as redirect URIs (OAuth 2.1 §2.3.1, RFC 8252): https anywhere; plain
 * http only on a loopback host, where the code never crosses a network; or a private-use scheme
 * (com.example.app:/callback) of a native app. A client with a loopback or private-use redirect is
 * a native app: oidc-provider then accepts any port on its loopback URIs at authorization time
 * (RFC 8252 §7.3: the app listens on whatever port is free).
 *
 * Runs from oidc-provider's extraClientMetadata validator, the one hook that sees (and may amend)
 * a client's metadata before it is checked and stored, for registered and metadata-document
 * clients alike. Throws invalid_redirect_uri.
 */
export function applyRedirectPolicy(metadata: { redirect_uris?: unknown; application_type?: unknown }) {
  const uris = Array.isArray(metadata.redirect_uris) ? metadata.redirect_uris : [];
  let native = false;
  for (const uri of uris) {
    const url = typeof uri === 'string' ? URL.parse(uri) : null;
    if (!url || url.protocol === 'https:') continue; // an unparsable one is refused by oidc-provider itself
    if (url.protocol === 'http:') {
      if (!LOOPBACK_HOSTS.has(url.hostname)) {
        throw new errors.InvalidClientMetadata(`redirect_uris: ${url.origin} uses http on a host that is not loopback; use https, or http on 127.0.0.1, [::1] or localhost`);
      }
    }
    native = true;
  }
  if (native) metadata.application_type = 'native';
}

/** Client metadata fields this service accepts besides oidc-provider's own (RFC 7591 §2). */
export const EXTRA_CLIENT_METADATA = ['software_id'] as const;

export function validateExtraClientMetadata(_ctx: unknown, key: string, value: unknown, metadata: Record<string, unknown>) {
  if (key !== 'software_id') return;
  if (value !== undefined && (typeof value !== 'string' || value.length > 255)) throw new errors.InvalidClientMetadata('software_id must be a string of at most 255 characters');
  applyRedirectPolicy(metadata);
}
