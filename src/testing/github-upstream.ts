import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** The GitHub account that signs in next, as the test says. */
export interface GitHubPerson {
  id: number;
  login: string;
  name?: string | null;
  created_at?: string;
  /** GitHub's /user/emails list. */
  emails: { email: string; primary: boolean; verified: boolean }[];
}

/**
 * A small real HTTP server on 127.0.0.1 playing GitHub's OAuth app endpoints for the sign-in tests
 * (GitHub has no OpenID Connect, so oidc-provider cannot play it): GET /login/oauth/authorize
 * approves at once for the test's `person` and sends the browser back with a code and the state;
 * POST /login/oauth/access_token checks the client secret, the code (once, with its redirect_uri)
 * and the PKCE S256 verifier, and answers as GitHub does, a refusal too (200 with an `error`
 * member); GET /api/user and /api/user/emails answer for the token's person.
 */
export async function gitHubUpstream(p: { clientId: string; clientSecret: string }) {
  const codes = new Map<string, { challenge: string; redirectUri: string; person: GitHubPerson }>();
  const tokens = new Map<string, GitHubPerson>();
  const state = { person: { id: 0, login: 'nobody', emails: [] } as GitHubPerson, deny: false, tokenRequests: 0 };

  const json = (res: http.ServerResponse, status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://upstream.invalid');
    if (req.method === 'GET' && url.pathname === '/login/oauth/authorize') {
      const q = url.searchParams;
      if (q.get('client_id') !== p.clientId || q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge') || !q.get('redirect_uri')) {
        return res.writeHead(400, { 'content-type': 'text/plain' }).end('bad authorization request');
      }
      const back = new URL(q.get('redirect_uri')!);
      if (state.deny) back.searchParams.set('error', 'access_denied');
      else {
        const code = randomBytes(10).toString('hex');
        codes.set(code, { challenge: q.get('code_challenge')!, redirectUri: q.get('redirect_uri')!, person: state.person });
        back.searchParams.set('code', code);
      }
      if (q.get('state')) back.searchParams.set('state', q.get('state')!);
      return res.writeHead(302, { location: back.href }).end();
    }
    if (req.method === 'POST' && url.pathname === '/login/oauth/access_token') {
      state.tokenRequests++;
      let body = '';
      for await (const chunk of req) body += chunk;
      const f = new URLSearchParams(body);
      if (f.get('client_id') !== p.clientId || f.get('client_secret') !== p.clientSecret) return json(res, 200, { error: 'incorrect_client_credentials' });
      const grant = codes.get(f.get('code') ?? '');
      codes.delete(f.get('code') ?? '');
      const challenge = createHash('sha256').update(f.get('code_verifier') ?? '').digest('base64url');
      if (!grant || grant.redirectUri !== f.get('redirect_uri') || grant.challenge !== challenge) {
        return json(res, 200, { error: 'bad_verification_code', error_description: 'The code passed is incorrect or expired.' });
      }
      const token = `gho_${randomBytes(16).toString('hex')}`;
      tokens.set(token, grant.person);
      return json(res, 200, { access_token: token, token_type: 'bearer', scope: 'read:user,user:email' });
    }
    const person = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
    if (req.method === 'GET' && (url.pathname === '/api/user' || url.pathname === '/api/user/emails')) {
      if (!person) return json(res, 401, { message: 'Bad credentials' });
      if (url.pathname === '/api/user/emails') return json(res, 200, person.emails.map((e) => ({ ...e, visibility: e.primary ? 'private' : null })));
      return json(res, 200, { id: person.id, login: person.login, name: person.name ?? null, created_at: person.created_at ?? '2015-03-01T10:00:00Z' });
    }
    return json(res, 404, { message: 'Not Found' });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    /** The settings that point the service at this server. */
    env: {
      GITHUB_CLIENT_ID: p.clientId,
      GITHUB_CLIENT_SECRET: p.clientSecret,
      GITHUB_AUTHORIZE_URL: `${origin}/login/oauth/authorize`,
      GITHUB_TOKEN_URL: `${origin}/login/oauth/access_token`,
      GITHUB_API_URL: `${origin}/api`,
    },
    state,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
