import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { createTestApp } from '../../testing/harness.ts';
import { VERSION } from '../../app.ts';
import { installationName, serverJsonTemplate, SERVER_JSON_PATH, SERVER_JSON_SCHEMA } from './mcp-registry.ts';

// server.json, the MCP registry entry: the committed file and the one each installation serves,
// both checked against the registry's published schema (vendored: test/fixtures/mcp-registry/).

const root = new URL('../../../', import.meta.url);
const schema = JSON.parse(readFileSync(new URL('test/fixtures/mcp-registry/server.schema.json', root), 'utf8'));
const committed = JSON.parse(readFileSync(new URL('server.json', root), 'utf8'));
const packageVersion = (JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { version: string }).version;

// ajv-formats is CommonJS: its default export is the function, under .default for ES modules.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (ajv: Ajv) => Ajv;
// The schema is draft-07 and uses the keyword "example", which JSON Schema does not define.
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const validate = ajv.compile(schema);
const problems = (doc: unknown) => (validate(doc) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`));

const PUBLIC_URL = 'https://launches.example.com';
const t = await createTestApp({ env: { PUBLIC_URL } });

test('the vendored schema is the published 2025-12-11 one the entries name', () => {
  assert.equal(schema.$id, SERVER_JSON_SCHEMA);
  assert.equal(committed.$schema, SERVER_JSON_SCHEMA);
});

test('the committed server.json is valid against the registry schema', () => {
  assert.deepEqual(problems(committed), []);
});

test("the committed server.json is the template's, at package.json's version (npm run client writes it)", () => {
  assert.equal(committed.version, packageVersion);
  assert.deepEqual(committed, serverJsonTemplate(packageVersion));
  assert.equal(committed.remotes[0].type, 'streamable-http');
  assert.equal(committed.remotes[0].url, 'https://{host}/mcp');
  assert.deepEqual(Object.keys(committed.remotes[0].variables ?? {}), ['host']);
});

test('the validator does refuse what the registry refuses (the checks above can fail)', () => {
  assert.notDeepEqual(problems({ ...committed, name: 'launchyard' }), [], 'a name without a namespace');
  assert.notDeepEqual(problems({ ...committed, description: 'x'.repeat(101) }), [], 'a description over 100 characters');
  assert.notDeepEqual(problems({ ...committed, remotes: [{ type: 'streamable-http', url: '{PUBLIC_URL}/mcp' }] }), [], 'a remote URL that is not http(s)');
  const { version: _version, ...noVersion } = committed;
  assert.notDeepEqual(problems(noVersion), [], 'no version');
});

test(`the service serves its own entry at ${SERVER_JSON_PATH}: valid, PUBLIC_URL's remote, name and version`, async () => {
  const res = await t.get(SERVER_JSON_PATH);
  assert.equal(res.status, 200);
  assert.match(res.type, /^application\/json/);
  assert.equal(res.headers['cache-control'], 'public, max-age=3600');
  const served = res.body;
  assert.deepEqual(problems(served), []);
  assert.equal(served.name, 'com.example.launches/launchyard');
  assert.equal(served.version, VERSION);
  assert.equal(served.websiteUrl, PUBLIC_URL);
  assert.deepEqual(
    served.remotes.map((r: { type: string; url: string }) => [r.type, r.url]),
    [['streamable-http', `${PUBLIC_URL}/mcp`]],
  );
  assert.equal(served.remotes[0].variables, undefined, 'nothing left to fill in');
  assert.equal(served.remotes[0].headers[0].name, 'Authorization');
  assert.equal(served.remotes[0].headers[0].isRequired, false, 'public tools work without a credential');
  assert.equal(JSON.stringify(served).includes('{host}'), false);
});

test('the auth the entry names is the auth the service serves: OAuth metadata for /mcp, API keys as Bearer', async () => {
  const served = (await t.get(SERVER_JSON_PATH)).body;
  const auth = served._meta['io.modelcontextprotocol.registry/publisher-provided'].authorization;
  const metadataPath = new URL(auth.oauth2.protectedResourceMetadata).pathname;
  const metadata = await t.get(metadataPath);
  assert.equal(metadata.status, 200);
  assert.equal(metadata.body.resource, `${PUBLIC_URL}/mcp`);
  assert.deepEqual(metadata.body.authorization_servers, [auth.oauth2.authorizationServer]);
  assert.deepEqual(metadata.body.scopes_supported, auth.oauth2.scopes);

  const { key, userId } = await t.apiKey(['account:read']);
  const signed = await t.mcpCall('get_account', {}, { [auth.apiKey.header.toLowerCase()]: `${auth.apiKey.scheme} ${key}` });
  assert.equal(signed.status, 200);
  assert.equal(signed.body.result.isError, undefined, JSON.stringify(signed.body));
  assert.equal(signed.body.result.structuredContent.user.id, Number(userId));
  const unsigned = await t.mcpCall('get_account', {});
  assert.equal(unsigned.status, 401);
  assert.ok(String(unsigned.challenge).includes(`resource_metadata="${auth.oauth2.protectedResourceMetadata}"`), String(unsigned.challenge));
});

test("an installation's name is its host reversed; an address literal gets a local namespace", () => {
  const cases: [string, string][] = [
    ['https://launches.example.com', 'com.example.launches/launchyard'],
    ['https://example.org:8443/', 'org.example/launchyard'],
    ['http://localhost:3000', 'localhost/launchyard'],
    ['http://127.0.0.1:3000', 'local.launchyard/launchyard'],
    ['http://[::1]:3000', 'local.launchyard/launchyard'],
  ];
  for (const [url, name] of cases) {
    assert.equal(installationName(url), name, url);
    assert.match(name, new RegExp(schema.definitions.ServerDetail.properties.name.pattern));
  }
});
