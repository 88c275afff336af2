import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { createTestApp } from '../testing/harness.ts';
import { operations } from './index.ts';
import { SPEC_OPERATIONS } from './spec-operations.ts';
import { pathParams } from './define.ts';
import { restSchemas } from '../transports/rest/routes.ts';

const t = await createTestApp();
const doc = (await t.get('/api/v1/openapi.json')).body as any;
const implemented = new Map(operations.map((op) => [op.id, op]));

/**
 * Resolves local $refs so schemas written with and without components compare equal. Drops the
 * schema keywords $schema and id (a component's name), but not properties that happen to be called id.
 */
function deref(schema: any, root: any, propertyMap = false): any {
  if (Array.isArray(schema)) return schema.map((s) => deref(s, root));
  if (!schema || typeof schema !== 'object') return schema;
  if (typeof schema.$ref === 'string') {
    const path = schema.$ref.replace(/^#\//, '').split('/');
    let target = root;
    for (const p of path) target = target?.[p];
    return deref(target, root);
  }
  const out: any = {};
  for (const [k, v] of Object.entries(schema)) {
    if (!propertyMap && (k === '$schema' || k === 'id')) continue;
    out[k] = deref(v, root, !propertyMap && k === 'properties');
  }
  return out;
}

// Operations beyond the spec's 41, each marked as an extension (issue 27: list_comments; issue 33: webhooks).
const EXTENSIONS = operations.filter((op) => op.extension);

test('the spec lists 41 operations and every implemented operation is one of them, with its method and path, or a marked extension', () => {
  assert.equal(SPEC_OPERATIONS.length, 41);
  assert.equal(new Set(SPEC_OPERATIONS.map((o) => o[0])).size, 41);
  assert.deepEqual(EXTENSIONS.map((op) => op.id), ['list_comments', 'create_webhook', 'list_webhooks', 'delete_webhook', 'list_webhook_deliveries', 'redeliver_webhook']);
  for (const op of operations) {
    const spec = SPEC_OPERATIONS.find((o) => o[0] === op.id);
    if (op.extension) {
      assert.equal(spec, undefined, `${op.id} is a spec operation, not an extension`);
      continue;
    }
    assert.ok(spec, `${op.id} is not a spec operation`);
    assert.equal(op.method, spec[1], op.id);
    assert.equal(op.path, spec[2], op.id);
  }
});

test('OpenAPI 3.1 document: version 1.0.0, one operationId per implemented operation, none for pending ones', () => {
  assert.equal(doc.openapi, '3.1.0');
  assert.equal(doc.info.version, '1.0.0');
  const ids = new Map<string, string>();
  for (const [path, item] of Object.entries<any>(doc.paths)) {
    for (const [method, op] of Object.entries<any>(item)) ids.set(op.operationId, `${method.toUpperCase()} ${path}`);
  }
  for (const [id, method, path] of SPEC_OPERATIONS) {
    if (implemented.has(id)) assert.equal(ids.get(id), `${method} ${path}`, id);
    else assert.equal(ids.has(id), false, `pending ${id} must not be documented`);
  }
  for (const op of EXTENSIONS) {
    assert.equal(ids.get(op.id), `${op.method} ${op.path}`, op.id);
    assert.equal(doc.paths[op.path][op.method.toLowerCase()]['x-launchyard-extension'], true, `${op.id} is marked as an extension`);
  }
  for (const [path, item] of Object.entries<any>(doc.paths)) {
    for (const op of Object.values<any>(item)) {
      if (!EXTENSIONS.some((e) => e.id === op.operationId)) assert.equal(op['x-launchyard-extension'], undefined, `${path} is a spec operation`);
    }
  }
  assert.equal(ids.size, implemented.size);
});

test('the committed openapi/openapi.json matches the generated document', () => {
  const committed = JSON.parse(readFileSync(new URL('../../openapi/openapi.json', import.meta.url), 'utf8'));
  assert.deepEqual(committed, doc, 'openapi/openapi.json is stale: run npm run openapi');
});

for (const era of ['legacy', 'modern'] as const) {
  test(`MCP (${era}): every implemented operation is a tool with the same input schema as REST/OpenAPI`, async () => {
    const client = await t.mcp(era);
    const { tools } = await client.listTools();
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    for (const id of [...SPEC_OPERATIONS.map((o) => o[0]), ...EXTENSIONS.map((op) => op.id)]) {
      if (!implemented.has(id)) {
        assert.equal(byName.has(id), false, `pending ${id} must not be a tool`);
        continue;
      }
      const op = implemented.get(id)!;
      const tool = byName.get(id);
      assert.ok(tool, `${id} missing from tools/list`);
      assert.equal(tool.annotations?.readOnlyHint, op.method === 'GET', `${id} readOnlyHint`);
      assert.ok(tool.outputSchema, `${id} outputSchema`);

      // The same zod object is the MCP input schema and, split, the REST params + query/body.
      const mcpSchema = deref(tool.inputSchema, tool.inputSchema);
      const expected = deref(z.toJSONSchema(op.input, { io: 'input', target: 'draft-2020-12' }), {});
      assert.deepEqual(mcpSchema.properties ?? {}, expected.properties ?? {}, `${id} MCP properties`);
      assert.deepEqual(mcpSchema.required ?? [], expected.required ?? [], `${id} MCP required`);
      assert.equal(mcpSchema.additionalProperties, false, `${id} rejects unknown arguments`);

      const [method, path] = [op.method.toLowerCase(), op.path];
      const oa = doc.paths[path][method];
      const openapiProps: Record<string, unknown> = {};
      for (const p of oa.parameters ?? []) openapiProps[p.name] = deref(p.schema, doc);
      const bodySchema = oa.requestBody?.content?.['application/json']?.schema;
      if (bodySchema) Object.assign(openapiProps, deref(bodySchema, doc).properties);
      const names = Object.keys(expected.properties ?? {});
      assert.deepEqual(Object.keys(openapiProps).sort(), names.sort(), `${id} OpenAPI parameters`);
      for (const name of names) {
        const { description: _a, ...want } = expected.properties[name];
        const { description: _b, ...got } = openapiProps[name] as any;
        assert.deepEqual(got, want, `${id}.${name} OpenAPI schema`);
      }
      const rest = restSchemas(op);
      assert.deepEqual(
        Object.keys(rest.params?.shape ?? {}).sort(),
        pathParams(op).sort(),
        `${id} path params`,
      );
    }
  });
}

test('REST serves every implemented operation at its spec path under /api/v1 (no route_not_found)', async () => {
  for (const op of operations) {
    const url = '/api/v1' + op.path.replace(/\{(\w+)\}/g, 'no-such-thing');
    const res = await t.rest(op.method, url, op.method === 'GET' ? undefined : {});
    assert.notEqual(res.body?.code, 'route_not_found', `${op.id} not routed`);
  }
});
