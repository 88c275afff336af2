import type { InjectOptions } from 'fastify';
import { pathParams, type AnyOperation } from '../../src/operations/define.ts';
import type { TestApp } from '../../src/testing/harness.ts';

type Json = Record<string, unknown>;

/** How a case is sent over REST, besides the plain request: the representations only HTTP has. */
export type RestTwist =
  | { kind: 'plain' }
  | { kind: 'duplicate_query'; key: string; values: string[] }
  | { kind: 'query_on_write'; key: string; value: string }
  | { kind: 'content_type'; type: string | undefined }
  | { kind: 'invalid_json'; text: string }
  | { kind: 'empty_body'; type: string | undefined }
  | { kind: 'raw_path'; raw: string }
  | { kind: 'body_on_read' }
  | { kind: 'method'; method: string }
  | { kind: 'oversize_body' };

/** How a case is sent over MCP when it is not the REST input's twin. */
export type McpTwist =
  | { kind: 'native' }
  | { kind: 'arguments'; value: unknown }
  | { kind: 'meta_key'; value: unknown };

export interface Answer {
  transport: 'rest' | 'mcp';
  /** HTTP status; for an MCP tool result, the problem's status or the operation's success status. */
  status: number;
  /** The problem's code, or 'jsonrpc:<n>' for an MCP protocol error. */
  code?: string;
  /** The parsed body (REST) or the tool's structuredContent (MCP). */
  body: unknown;
  /** Everything the caller received, for the leak check. */
  raw: string;
  contentType: string;
  problemJson: boolean;
  /** How long the request took, in milliseconds. */
  ms: number;
}

export interface RestRequest extends InjectOptions {
  method: InjectOptions['method'];
  url: string;
  /** Whether the server reads exactly `view` from it (what the MCP twin is sent). */
  comparable: boolean;
  /** Whether the URL or method may reach another route than the operation's (an empty path segment, a raw path, another method). */
  elsewhere: boolean;
  view: Json;
  /** The request as text, for the leak check's "it was only echoed" allowance. */
  text: string;
}

const isWellFormed = (s: string) => (s as unknown as { isWellFormed(): boolean }).isWellFormed();

/** Percent-encodes text; a lone surrogate becomes the bytes it would have in WTF-8 (never valid UTF-8). */
function encode(s: string): string {
  if (isWellFormed(s)) return encodeURIComponent(s);
  let out = '';
  for (const ch of s) {
    const c = ch.charCodeAt(0);
    if (ch.length === 1 && c >= 0xd800 && c <= 0xdfff) out += [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    else out += encodeURIComponent(ch);
  }
  return out;
}

/** A value as query or path text: numbers and booleans as written, anything else as its JSON. */
const asText = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v));

/** The operation's URL with its path parameters filled from `input`, and what the router hands the handler. */
function pathOf(op: AnyOperation, input: Json, raw?: string) {
  let comparable = true;
  let elsewhere = raw !== undefined;
  const view: Json = {};
  const url =
    '/api/v1' +
    op.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
      const v = input[name];
      if (raw !== undefined) {
        comparable = false;
        return raw;
      }
      if (v === undefined) {
        comparable = false;
        elsewhere = true;
        return '';
      }
      const text = asText(v);
      // An empty segment routes elsewhere and dot segments are resolved away by URL parsing; an
      // unpaired surrogate cannot be decoded: the router does not see the same value then.
      if (text === '' || text === '.' || text === '..') elsewhere = true;
      if (elsewhere || !isWellFormed(text)) comparable = false;
      view[name] = text;
      return encode(text);
    });
  return { url, view, comparable, elsewhere };
}

/** Query text of the keys left, and what the query parser gives back for them. */
function queryOf(rest: Json) {
  const parts: string[] = [];
  const view: Json = {};
  let comparable = true;
  for (const [k, v] of Object.entries(rest)) {
    if (v === undefined) continue;
    const values = (Array.isArray(v) ? v : [v]).map(asText);
    if (values.length === 0) continue;
    for (const one of values) {
      if (!isWellFormed(one) || !isWellFormed(k)) comparable = false;
      parts.push(`${encode(k)}=${encode(one)}`);
    }
    view[k] = values.length === 1 ? values[0] : values;
    if (k === '' || k === '__proto__') comparable = false;
  }
  return { text: parts.length ? `?${parts.join('&')}` : '', view, comparable };
}

const JSON_TYPE = 'application/json';

/** The REST request for an input, as a client would send it, with an optional twist. */
export function restRequestOf(op: AnyOperation, input: Json, headers: Record<string, string>, twist: RestTwist): RestRequest {
  const names = pathParams(op);
  const rest: Json = {};
  for (const [k, v] of Object.entries(input)) if (!names.includes(k)) Object.defineProperty(rest, k, { value: v, enumerable: true, writable: true, configurable: true });
  const path = pathOf(op, input, twist.kind === 'raw_path' ? twist.raw : undefined);
  const reads = op.method === 'GET' || op.method === 'DELETE';
  let method: string = op.method;
  let url = path.url;
  let payload: string | undefined;
  const allHeaders: Record<string, string> = { ...headers };
  let comparable = path.comparable && twist.kind === 'plain';
  let view: Json = { ...path.view };
  if (reads) {
    const q = queryOf(rest);
    url += q.text;
    view = { ...view, ...q.view };
    comparable &&= q.comparable;
    // Keys of the query that are path parameters too: the one input object cannot hold both.
    if (names.some((n) => n in q.view)) comparable = false;
  } else {
    const keys = Object.keys(rest);
    if (keys.length) {
      payload = JSON.stringify(rest);
      allHeaders['content-type'] = JSON_TYPE;
      const parsed = JSON.parse(payload) as Json;
      if (names.some((n) => n in parsed)) comparable = false;
      view = { ...view, ...parsed };
    }
  }
  switch (twist.kind) {
    case 'duplicate_query':
      url += `${url.includes('?') ? '&' : '?'}${twist.values.map((v) => `${encode(twist.key)}=${encode(v)}`).join('&')}`;
      break;
    case 'query_on_write':
      url += `${url.includes('?') ? '&' : '?'}${encode(twist.key)}=${encode(twist.value)}`;
      break;
    case 'content_type':
      payload ??= JSON.stringify(rest);
      if (twist.type === undefined) delete allHeaders['content-type'];
      else allHeaders['content-type'] = twist.type;
      break;
    case 'invalid_json':
      payload = twist.text;
      allHeaders['content-type'] = JSON_TYPE;
      break;
    case 'empty_body':
      payload = '';
      if (twist.type === undefined) delete allHeaders['content-type'];
      else allHeaders['content-type'] = twist.type;
      break;
    case 'body_on_read':
      payload = JSON.stringify(rest);
      allHeaders['content-type'] = JSON_TYPE;
      break;
    case 'method':
      method = twist.method;
      break;
    case 'oversize_body':
      payload = JSON.stringify({ ...rest, padding: 'x'.repeat(1_100_000) });
      allHeaders['content-type'] = JSON_TYPE;
      break;
  }
  return {
    method: method as InjectOptions['method'],
    url,
    headers: allHeaders,
    ...(payload !== undefined && { payload }),
    comparable,
    elsewhere: path.elsewhere || method !== op.method,
    view,
    // Decoded too: text sent percent-encoded in the URL may come back decoded.
    text: `${method} ${url}\n${payload ?? ''}\n${JSON.stringify(view)}`,
  };
}

const PROBLEM_TYPE = 'application/problem+json';

/** Sends a REST request in-process and reads the answer. */
export async function sendRest(t: TestApp, req: RestRequest): Promise<Answer> {
  const { comparable: _c, elsewhere: _e, view: _v, text: _t, ...options } = req;
  const started = performance.now();
  const res = await t.app.http.inject(options);
  const ms = performance.now() - started;
  const contentType = String(res.headers['content-type'] ?? '');
  let body: unknown = res.body;
  if (contentType.includes('json') && res.body) body = JSON.parse(res.body);
  const problemJson = contentType.startsWith(PROBLEM_TYPE);
  return {
    transport: 'rest',
    status: res.statusCode,
    code: problemJson ? (body as { code?: string }).code : undefined,
    body,
    raw: `${JSON.stringify(res.headers)}\n${res.body}`,
    contentType,
    problemJson,
    ms,
  };
}

export type Era = 'modern' | 'legacy';
const MODERN = '2026-07-28';

/**
 * One tools/call over MCP, in-process, in either protocol era: 2026-07-28 is answered by the fast
 * path, 2025-11-25 (stateless, no initialize) by the SDK's server, so both are fuzzed.
 */
export async function sendMcp(
  t: TestApp,
  op: AnyOperation,
  args: unknown,
  opts: { era: Era; headers: Record<string, string>; idempotencyKey?: unknown },
): Promise<Answer & { text: string }> {
  const modern = opts.era === 'modern';
  const meta: Json = modern ? { 'io.modelcontextprotocol/protocolVersion': MODERN, 'io.modelcontextprotocol/clientCapabilities': {} } : {};
  if (opts.idempotencyKey !== undefined) meta['idempotency-key'] = opts.idempotencyKey;
  const params: Json = { name: op.id, arguments: args };
  if (Object.keys(meta).length) params._meta = meta;
  const payload = JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params });
  const started = performance.now();
  const res = await t.app.http.inject({
    method: 'POST',
    url: '/mcp',
    headers: {
      'content-type': JSON_TYPE,
      accept: 'application/json, text/event-stream',
      ...(modern ? { 'mcp-protocol-version': MODERN, 'mcp-method': 'tools/call', 'mcp-name': op.id } : { 'mcp-protocol-version': '2025-11-25' }),
      ...opts.headers,
    },
    payload,
  });
  const ms = performance.now() - started;
  const contentType = String(res.headers['content-type'] ?? '');
  const raw = `${JSON.stringify(res.headers)}\n${res.body}`;
  const base = { transport: 'mcp' as const, raw, contentType, text: payload, ms };
  if (contentType.startsWith(PROBLEM_TYPE)) {
    const body = JSON.parse(res.body) as { code?: string };
    return { ...base, status: res.statusCode, code: body.code, body, problemJson: true };
  }
  // The SDK answers in one SSE event; the fast path in plain JSON.
  const text = contentType.startsWith('text/event-stream') ? (res.body.split('\n').find((l) => l.startsWith('data: ')) ?? 'data: null').slice(6) : res.body;
  const rpc = text ? (JSON.parse(text) as { result?: { isError?: boolean; structuredContent?: any }; error?: { code: number } }) : undefined;
  if (res.statusCode !== 200 || !rpc || rpc.error || !rpc.result) {
    return { ...base, status: res.statusCode, code: rpc?.error ? `jsonrpc:${rpc.error.code}` : undefined, body: rpc ?? res.body, problemJson: false };
  }
  const content = rpc.result.structuredContent;
  if (rpc.result.isError) return { ...base, status: Number(content?.status), code: content?.code, body: content, problemJson: true };
  return { ...base, status: op.status, body: content, problemJson: false };
}
