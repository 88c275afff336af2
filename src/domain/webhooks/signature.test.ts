import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newWebhookSecret, secretBytes, signatureOf, signedHeaders } from './signature.ts';

test('the published Standard Webhooks / Svix example signs to its published signature', () => {
  // From the Standard Webhooks and Svix documentation's worked example.
  const sig = signatureOf('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}');
  assert.equal(sig, 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
});

test('a new secret is whsec_ and 32 random bytes in base64, never twice the same', () => {
  const a = newWebhookSecret();
  assert.match(a, /^whsec_[A-Za-z0-9+/]{43}=$/);
  assert.equal(secretBytes(a).length, 32);
  assert.notEqual(a, newWebhookSecret());
});

test('the headers carry the id, the attempt\'s time in seconds, and a signature over both and the body', () => {
  const secret = newWebhookSecret();
  const h = signedHeaders(secret, 'msg_1', new Date('2026-03-02T10:00:00.900Z'), '{"a":1}');
  assert.equal(h['webhook-id'], 'msg_1');
  assert.equal(h['webhook-timestamp'], String(Date.parse('2026-03-02T10:00:00Z') / 1000));
  assert.equal(h['webhook-signature'], signatureOf(secret, 'msg_1', Number(h['webhook-timestamp']), '{"a":1}'));
  assert.notEqual(h['webhook-signature'], signatureOf(secret, 'msg_1', Number(h['webhook-timestamp']), '{"a":2}'), 'the body is signed');
});
