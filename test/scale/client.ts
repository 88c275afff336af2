/**
 * Test support: HTTP to app nodes over real sockets. The nodes run behind no proxy but trust one
 * (TRUST_PROXY=true), so every request names its client address in X-Forwarded-For: each test
 * person has an address of their own, and one test's rate limit budget is not another's.
 */
export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body when it is JSON (problem+json included). */
  body: any;
}

let lastAddress = 0;
/** A client address no other request of this run used (10.77.0.1, 10.77.0.2, …). */
export const freshAddress = () => {
  const n = ++lastAddress;
  return `10.77.${(n >> 8) & 255}.${n & 255}`;
};

export interface CallOptions {
  json?: unknown;
  form?: Record<string, string>;
  headers?: Record<string, string>;
  /** The client address (X-Forwarded-For); a fresh one when absent. */
  ip?: string;
}

export async function call(baseUrl: string, method: string, path: string, opts: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { 'x-forwarded-for': opts.ip ?? freshAddress(), ...opts.headers };
  let body: string | undefined;
  if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  } else if (opts.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(opts.form).toString();
  }
  const res = await fetch(`${baseUrl}${path}`, { method, headers, body, redirect: 'manual', signal: AbortSignal.timeout(30_000) });
  const text = await res.text();
  let parsed: unknown;
  if ((res.headers.get('content-type') ?? '').includes('json')) {
    try {
      parsed = JSON.parse(text);
    } catch {}
  }
  return { status: res.status, headers: res.headers, text, body: parsed };
}

/**
 * A browser: a cookie jar and one client address, sending each request to whichever node the
 * test names, as a load balancer without sticky sessions would. Form posts carry the site's
 * Origin (PUBLIC_URL, the address the proxy serves).
 */
export class Browser {
  readonly jar = new Map<string, string>();
  readonly ip = freshAddress();
  readonly publicUrl: string;

  constructor(publicUrl: string) {
    this.publicUrl = publicUrl;
  }

  async request(node: { url: string }, method: 'GET' | 'POST', path: string, form?: Record<string, string>, headers: Record<string, string> = {}): Promise<Answer> {
    const res = await call(node.url, method, path, {
      ip: this.ip,
      form,
      headers: { ...(this.jar.size ? { cookie: [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ') } : {}), ...(form ? { origin: this.publicUrl } : {}), ...headers },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const gone = value === '' || attrs.some((a) => /^\s*max-age=0\s*$/i.test(a) || (/^\s*expires=/i.test(a) && new Date(a.split('=')[1]).getTime() < Date.now()));
      if (gone) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    return res;
  }

  /**
   * Requests `path`, then follows redirects within the site (each hop to the next node of
   * `nodes`, round robin), until a page is shown or the browser is sent elsewhere.
   */
  async visit(nodes: { url: string }[], method: 'GET' | 'POST', path: string, form?: Record<string, string>): Promise<{ page?: Answer; left?: URL; hops: number }> {
    let res = await this.request(nodes[0], method, path, form);
    for (let hop = 1; hop < 20; hop++) {
      const location = res.headers.get('location');
      if (res.status < 300 || res.status >= 400 || !location) return { page: res, hops: hop - 1 };
      const target = new URL(location, this.publicUrl);
      if (target.origin !== new URL(this.publicUrl).origin) return { left: target, hops: hop };
      res = await this.request(nodes[hop % nodes.length], 'GET', target.pathname + target.search);
    }
    throw new Error(`too many redirects from ${path}`);
  }
}

/** The hidden csrf field of an HTML form. */
export function csrfField(html: string): string {
  const m = /name="csrf" value="([^"]+)"/.exec(html);
  if (!m) throw new Error(`no csrf field in the page: ${html.slice(0, 300)}`);
  return m[1];
}
