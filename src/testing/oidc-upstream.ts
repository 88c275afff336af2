import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { interactionPolicy } from 'oidc-provider';

/** Who signs in at the upstream next, as the test says; `deny` makes the person refuse instead. */
export interface UpstreamPerson {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

/**
 * A real OpenID provider on 127.0.0.1 playing Google for the sign-in tests: oidc-provider with
 * discovery, a registered confidential client (client_secret_post), PKCE required, ID tokens
 * signed with an RS256 key of its own and carrying email, email_verified and name. There is no
 * login form: the person the test put in `person` is who signs in (a different person than the
 * upstream's session asks for a new login), and consent is given at once. `deny` answers
 * access_denied instead.
 */
export async function oidcUpstream(p: { clientId: string; clientSecret: string; redirectUri: string }) {
  const server = http.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const key = { ...(await exportJWK(privateKey)), kid: 'upstream-1', alg: 'RS256', use: 'sig' };

  const state = { person: { sub: 'nobody' } as UpstreamPerson, deny: false, tokenRequests: 0 };
  const people = new Map<string, UpstreamPerson>();

  const policy = interactionPolicy.base();
  // The upstream's own session stays, but another person than the test's asks for a new login.
  policy.get('login')!.checks.add(
    new interactionPolicy.Check('other_person', 'the test changed who signs in', (ctx) => ctx.oidc.session?.accountId !== state.person.sub),
  );

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: p.clientId,
        client_secret: p.clientSecret,
        redirect_uris: [p.redirectUri],
        token_endpoint_auth_method: 'client_secret_post',
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [key as never] },
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // As Google does: the scope's claims in the ID token itself.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { policy, url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['oidc-upstream-test-cookie-key'] },
    ttl: { AuthorizationCode: 60, Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
    async findAccount(_ctx, sub) {
      const person = state.person.sub === sub ? state.person : people.get(sub);
      if (!person) return undefined;
      return { accountId: sub, claims: () => ({ ...person }) };
    },
  });
  provider.on('grant.success', () => void state.tokenRequests++);

  const callback = provider.callback();
  server.on('request', async (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return callback(req, res);
    try {
      const details = await provider.interactionDetails(req, res);
      if (state.deny) return await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'The person said no.' }, { mergeWithLastSubmission: false });
      if (details.prompt.name === 'login') {
        people.set(state.person.sub, state.person);
        return await provider.interactionFinished(req, res, { login: { accountId: state.person.sub } }, { mergeWithLastSubmission: false });
      }
      const grant = details.grantId ? await provider.Grant.find(details.grantId) : new provider.Grant({ accountId: details.session!.accountId, clientId: String(details.params.client_id) });
      const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
      if (missing.missingOIDCScope?.length) grant!.addOIDCScope(missing.missingOIDCScope.join(' '));
      if (missing.missingOIDCClaims?.length) grant!.addOIDCClaims(missing.missingOIDCClaims);
      return await provider.interactionFinished(req, res, { consent: { grantId: await grant!.save() } }, { mergeWithLastSubmission: true });
    } catch (err) {
      res.writeHead(400, { 'content-type': 'text/plain' }).end(String(err));
    }
  });

  return {
    issuer,
    /** The settings that point the service at this provider. */
    env: { GOOGLE_CLIENT_ID: p.clientId, GOOGLE_CLIENT_SECRET: p.clientSecret, GOOGLE_ISSUER: issuer },
    /** Who signs in next, and whether they refuse. */
    state,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
