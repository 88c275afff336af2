import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callTool, createTestApp } from '../../testing/harness.ts';
import { operations } from '../../operations/index.ts';

const t = await createTestApp();
await t.fx.product({ code: 'paid-launch', price_cents: 4900 });

async function rpc(body: object, headers: Record<string, string> = {}) {
  const res = await fetch(`${await t.url()}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  // Legacy responses may come as one SSE event; take its data line.
  const json = text.startsWith('{') ? JSON.parse(text) : JSON.parse(text.split('\n').find((l) => l.startsWith('data: '))!.slice(6));
  return { status: res.status, json };
}

const modernMeta = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

test('the official client negotiates 2026-07-28 (modern) and 2025-11-25 (legacy) on the same URL', async () => {
  const modern = await t.mcp('modern');
  const legacy = await t.mcp('legacy');
  assert.equal(modern.getNegotiatedProtocolVersion(), '2026-07-28');
  assert.equal(legacy.getNegotiatedProtocolVersion(), '2025-11-25');
});

test('initialize echoes each supported 2025-era version and counter-offers 2025-11-25 for older ones', async () => {
  for (const [asked, got] of [
    ['2025-03-26', '2025-03-26'],
    ['2025-06-18', '2025-06-18'],
    ['2025-11-25', '2025-11-25'],
    ['2024-11-05', '2025-11-25'],
  ]) {
    const { json } = await rpc({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: asked, capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
    });
    assert.equal(json.result.protocolVersion, got, asked);
    assert.ok(json.result.capabilities.tools, 'tools capability');
  }
});

test('server/discover (modern) lists 2026-07-28 with cache hints', async () => {
  const { status, json } = await rpc(
    { jsonrpc: '2.0', id: 'd', method: 'server/discover', params: { _meta: modernMeta } },
    { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'server/discover' },
  );
  assert.equal(status, 200);
  assert.deepEqual(json.result.supportedVersions, ['2026-07-28']);
  assert.equal(json.result.cacheScope, 'public');
  assert.ok(json.result.ttlMs > 0);
  assert.equal(json.result._meta['io.modelcontextprotocol/serverInfo'].name, 'launchyard');
});

for (const era of ['legacy', 'modern'] as const) {
  test(`tools/list (${era}): one tool per operation, with schemas and annotations (read-only for reads, destructive for deletes)`, async () => {
    const client = await t.mcp(era);
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((x) => x.name).sort(), operations.map((op) => op.id).sort());
    for (const tool of tools) {
      assert.equal(tool.inputSchema.type, 'object', tool.name);
      assert.equal(tool.outputSchema?.type, 'object', tool.name);
      const op = operations.find((o) => o.id === tool.name)!;
      assert.equal(tool.annotations?.readOnlyHint, op.method === 'GET', tool.name);
      assert.equal(tool.annotations?.destructiveHint, op.method === 'DELETE', tool.name);
      assert.equal(tool.annotations?.idempotentHint, ['GET', 'PUT', 'DELETE'].includes(op.method), tool.name);
      assert.ok(tool.description && tool.description.length > 20, tool.name);
    }
  });

  test(`tools/call (${era}): structuredContent plus the same JSON as text`, async () => {
    const client = await t.mcp(era);
    const { isError, data, result } = await callTool(client, 'list_products');
    assert.equal(isError, false);
    assert.equal(data.items[0].code, 'paid-launch');
    assert.equal(data.items[0].price_cents, 4900);
    assert.deepEqual(JSON.parse(result.content[0].text!), data);
  });

  test(`tools/call (${era}): bad arguments are a validation_failed tool error, as on REST`, async () => {
    const client = await t.mcp(era);
    const { isError, data } = await callTool(client, 'search_listings', { per_page: 101, bogus: 1 });
    assert.equal(isError, true);
    assert.equal(data.code, 'validation_failed');
    assert.equal(data.status, 400);
    assert.deepEqual(data.errors.map((e: any) => e.field).sort(), ['bogus', 'per_page']);
    const rest = await t.get('/api/v1/listings?per_page=101&bogus=1');
    assert.equal(rest.body.code, data.code);
    assert.deepEqual(rest.body.errors, data.errors);
  });

  test(`an unknown tool (${era}) is a protocol error, not a result`, async () => {
    const client = await t.mcp(era);
    await assert.rejects(() => client.callTool({ name: 'cast_vote', arguments: {} }), /not found|Unknown tool/i);
  });
}

test('GET on /mcp is 405 (stateless server: no standalone stream)', async () => {
  const res = await fetch(`${await t.url()}/mcp`, { headers: { accept: 'text/event-stream' } });
  assert.equal(res.status, 405);
});

test('the tools/call fast path answers exactly as the SDK does, errors included', async () => {
  const sdkOnly = await createTestApp({ mcpFastPath: false });
  await sdkOnly.fx.product({ code: 'paid-launch', price_cents: 4900 });
  const call = async (app: typeof t, name: string, args: Record<string, unknown>) => {
    const res = await app.mcpCall(name, args, {}, { 'io.modelcontextprotocol/clientInfo': { name: 'x', version: '1' } });
    // The two apps created their product a moment apart: only that timestamp may differ.
    return { status: res.status, type: res.type, body: JSON.parse(res.text.replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, '<time>')) };
  };
  for (const [name, args] of [
    ['list_products', {}],
    ['list_products', { page: 0 }],
    ['get_listing', { slug: 'nope' }],
    ['search_listings', { bogus: true }],
    ['get_account', {}],
  ] as const) {
    const [fast, sdk] = await Promise.all([call(t, name, args), call(sdkOnly, name, args)]);
    assert.deepEqual(fast, sdk, `${name} ${JSON.stringify(args)}`);
  }
});

test('the fast path takes only well-formed modern tools/call requests; the rest go to the SDK', async () => {
  const { fastToolCall } = await import('./fast-path.ts');
  const headers = { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'list_products' };
  const body = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_products', arguments: {}, _meta: modernMeta } };
  const req = (h: Record<string, string>) => ({ method: 'POST', headers: h }) as never;
  assert.ok(fastToolCall(req(headers), body, operations), 'a well-formed call');
  const variants: [string, Record<string, string>, unknown][] = [
    ['a header that disagrees with the body', { ...headers, 'mcp-name': 'get_listing' }, body],
    ['no protocol header (2025 era)', { 'mcp-method': 'tools/call', 'mcp-name': 'list_products' }, body],
    ['a progress token', headers, { ...body, params: { ...body.params, _meta: { ...modernMeta, progressToken: 1 } } }],
    ['an incomplete envelope', headers, { ...body, params: { ...body.params, _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } } }],
    ['a batch', headers, [body]],
    ['an unknown tool', { ...headers, 'mcp-name': 'cast_vote' }, { ...body, params: { ...body.params, name: 'cast_vote' } }],
    ['another method', { ...headers, 'mcp-method': 'tools/list' }, { ...body, method: 'tools/list' }],
  ];
  for (const [what, h, b] of variants) assert.equal(fastToolCall(req(h), b, operations), undefined, what);
});
