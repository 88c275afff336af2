import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type Era } from '../../testing/harness.ts';

// Protocol details the MCP conformance suite checks, in both protocol eras the server speaks:
// an unknown tool is invalid params (-32602), prompts and resources are empty lists (declared, not
// method-not-found), and the transport's Origin rule against DNS rebinding.
const t = await createTestApp({ env: { MCP_ALLOWED_ORIGINS: 'https://agent.example' } });

async function post(body: object, headers: Record<string, string> = {}) {
  const res = await fetch(`${await t.url()}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  const json = text.startsWith('{') ? JSON.parse(text) : JSON.parse(text.split('\n').find((l) => l.startsWith('data: '))!.slice(6));
  return { status: res.status, json };
}

const modernMeta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
const modernHeaders = { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'no_such_tool' };

test('tools/call of an unknown tool is -32602 invalid params (modern, raw)', async () => {
  const { json } = await post({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'no_such_tool', arguments: {}, _meta: modernMeta } }, modernHeaders);
  assert.equal(json.error?.code, -32602, JSON.stringify(json));
  assert.match(json.error.message, /no_such_tool/);
});

for (const era of ['modern', 'legacy'] as Era[]) {
  test(`${era}: the official client gets -32602 for an unknown tool, and empty prompt and resource lists`, async () => {
    const client = await t.mcp(era);
    await assert.rejects(client.callTool({ name: 'no_such_tool', arguments: {} }), (err: { code?: number }) => err.code === -32602);
    const caps = client.getServerCapabilities();
    assert.ok(caps?.prompts && caps.resources, 'prompts and resources are declared');
    assert.deepEqual((await client.listPrompts()).prompts, []);
    assert.deepEqual((await client.listResources()).resources, []);
    assert.deepEqual((await client.listResourceTemplates()).resourceTemplates, []);
    await assert.rejects(client.getPrompt({ name: 'nothing' }), (err: { code?: number }) => err.code === -32602);
    // Positive control: a real tool answers.
    const tools = (await client.listTools()).tools;
    assert.ok(tools.some((tool) => tool.name === 'get_launch_week'));
  });
}

const listTools = { jsonrpc: '2.0', id: 2, method: 'tools/list', params: { _meta: modernMeta } };
const listHeaders = { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/list' };
const originCases: [string, string | undefined, number][] = [
  ['no Origin (a client outside a browser)', undefined, 200],
  ["the service's own origin", 'http://localhost:3000', 200],
  ['an origin in MCP_ALLOWED_ORIGINS', 'https://agent.example', 200],
  ['another site', 'https://evil.example', 403],
  ['the allowed host on another scheme', 'http://agent.example', 403],
  ['the allowed host on another port', 'https://agent.example:8443', 403],
  ['"null" (a sandboxed page or a file)', 'null', 403],
  ['a rebinding name on our port', 'http://attacker.example:3000', 403],
];
for (const [name, origin, status] of originCases) {
  test(`/mcp Origin: ${name} → ${status}`, async () => {
    const res = await post(listTools, { ...listHeaders, ...(origin ? { origin } : {}) });
    assert.equal(res.status, status, JSON.stringify(res.json));
    if (status === 403) assert.match(res.json.error.message, /Origin .* may not call this server/);
    else assert.ok(Array.isArray(res.json.result?.tools));
  });
}
