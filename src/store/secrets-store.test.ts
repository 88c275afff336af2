import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp } from '../testing/harness.ts';
import { secretsStore } from './secrets-store.ts';
import { createSecretBox, SecretsKeyError } from '../domain/accounts/secret-box.ts';

const KEY = 'a-secrets-key-of-at-least-32-characters!';
const t = await createTestApp({ env: { SECRETS_KEY: KEY } });
const raw = async (name: string) => (await t.db.selectFrom('installation_secrets').select('value').where('name', '=', name).executeTakeFirst())?.value;

test('with SECRETS_KEY, the installation secrets the service made at start are stored sealed, and it works from them', async () => {
  const rows = await t.db.selectFrom('installation_secrets').select(['name', 'value']).execute();
  assert.ok(rows.length >= 3, rows.map((r) => r.name).join(', '));
  for (const r of rows) {
    assert.equal((r.value as { sealed?: string }).sealed, 'aes-256-gcm', `${r.name} is sealed`);
    assert.doesNotMatch(JSON.stringify(r.value), /"kty"|"d":|"k":/, `${r.name} shows no key material`);
  }
  // The service signs tokens and cookies with them: a full OAuth flow and a site session work.
  const { auth } = await t.oauthToken(['account:read'], { resource: '/api/v1' });
  assert.equal((await t.get('/api/v1/me', auth)).status, 200);
});

test('a sealed secret opens with the same key, not with another one, nor without one', async () => {
  const sealed = secretsStore(t.db, createSecretBox(KEY));
  const made = await sealed.getOrCreate('test_secret', () => ({ token: 'abc' }));
  assert.deepEqual(await sealed.getOrCreate('test_secret', () => ({ token: 'other' })), made, 'the stored one, not a new one');
  await assert.rejects(secretsStore(t.db, createSecretBox('another-key-that-is-32-characters-long')).getOrCreate('test_secret', () => ({})), SecretsKeyError);
  await assert.rejects(secretsStore(t.db).getOrCreate('test_secret', () => ({})), (err: Error) => err instanceof SecretsKeyError && /set SECRETS_KEY/.test(err.message));
});

test('a secret stored plain before SECRETS_KEY was set is sealed in place on first read, value unchanged', async () => {
  await secretsStore(t.db).getOrCreate('legacy_secret', () => ['plain-value']);
  assert.deepEqual(await raw('legacy_secret'), ['plain-value']);
  assert.deepEqual(await secretsStore(t.db, createSecretBox(KEY)).getOrCreate('legacy_secret', () => ['new']), ['plain-value']);
  assert.equal(((await raw('legacy_secret')) as { sealed?: string }).sealed, 'aes-256-gcm');
});

test('a sealed value moved to another name does not open (the name is bound in)', async () => {
  const box = createSecretBox(KEY);
  const sealed = box.seal('one', { v: 1 });
  assert.deepEqual(box.open('one', sealed), { v: 1 });
  assert.throws(() => box.open('two', sealed), SecretsKeyError);
  assert.throws(() => box.open('one', { ...sealed, data: Buffer.from('tampered').toString('base64') }), SecretsKeyError);
});
