import { SCOPE_DESCRIPTIONS } from '../domain/accounts/accounts.ts';
import type { Scope } from '../domain/actor.ts';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ENTITIES[c]);

/** Headers of every authorization page: never cached, never framed (clickjacking), nothing loaded. */
export const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'x-frame-options': 'DENY',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
  'referrer-policy': 'no-referrer',
};

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f6f6f4;color:#1d1d1b}
main{max-width:34rem;margin:3rem auto;padding:2rem;background:#fff;border:1px solid #ddd;border-radius:8px}
h1{font-size:1.35rem;margin:0 0 1rem}.muted{color:#5c5c58;font-size:.9rem}ul{padding-left:1.2rem}
.warn{background:#fff6e0;border:1px solid #e8c66a;padding:.5rem .75rem;border-radius:6px}
form{display:flex;gap:.75rem;margin-top:1.5rem}button{font:inherit;padding:.55rem 1.1rem;border-radius:6px;border:1px solid #999;background:#fff;cursor:pointer}
button.primary{background:#1d4ed8;border-color:#1d4ed8;color:#fff}code{font-size:.9em}`;

function layout(siteName: string, title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${esc(title)} · ${esc(siteName)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

export interface ConsentView {
  siteName: string;
  user: { name: string; email: string };
  client: { name: string; clientId: string; clientIdHost: string | null; redirectHost: string; redirectIsLoopback: boolean };
  /** The resources the token is for ("the MCP server", "the REST API"). */
  resources: string[];
  scopes: Scope[];
  /** Other permissions asked (OpenID sign-in, offline access). */
  extras: string[];
  action: string;
  csrf: string;
}

/** The consent page: who is asking, where the answer goes, what they may do. */
export function consentPage(v: ConsentView) {
  const who = v.client.clientIdHost
    ? `<p class="muted">Identified by <strong>${esc(v.client.clientIdHost)}</strong> (its client ID is <code>${esc(v.client.clientId)}</code>).</p>`
    : `<p class="muted">This app registered itself; its name is not verified by ${esc(v.siteName)}.</p>`;
  const redirect = v.client.redirectIsLoopback
    ? `<p class="warn">Your answer goes back to <strong>${esc(v.client.redirectHost)}</strong>, an app on this computer. Allow it only if you just started this connection yourself.</p>`
    : `<p>Your answer goes back to <strong>${esc(v.client.redirectHost)}</strong>.</p>`;
  const items = [
    ...v.scopes.map((s) => `<li><strong>${esc(s)}</strong>: ${esc(SCOPE_DESCRIPTIONS[s])}</li>`),
    ...v.extras.map((e) => `<li>${esc(e)}</li>`),
  ].join('');
  const body = `<h1>Allow ${esc(v.client.name)} to use your ${esc(v.siteName)} account?</h1>
${who}
<p>Signed in as <strong>${esc(v.user.name)}</strong> (${esc(v.user.email)}).</p>
<p>${esc(v.client.name)} asks to use ${esc(v.resources.join(' and '))} as you, with these permissions:</p>
<ul>${items}</ul>
${redirect}
<p class="muted">You can disconnect it at any time under Account → Connected apps.</p>
<form method="post" action="${esc(v.action)}">
<input type="hidden" name="csrf" value="${esc(v.csrf)}">
<button class="primary" type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="deny">Deny</button>
</form>`;
  return layout(v.siteName, 'Connect an app', body);
}

/** An error the browser cannot be redirected away from (bad client, bad redirect URI, expired request). */
export function errorPage(siteName: string, error: string, description?: string) {
  const body = `<h1>This sign-in request cannot continue</h1>
<p><code>${esc(error)}</code>${description ? `: ${esc(description)}` : ''}</p>
<p class="muted">Go back to the app you were connecting and start again.</p>`;
  return layout(siteName, 'Sign-in error', body);
}
