import { createHmac, randomBytes } from 'node:crypto';

/**
 * Signing as the Standard Webhooks specification says (https://www.standardwebhooks.com): the
 * secret is `whsec_` + base64 of 24 to 64 random bytes; the signed content is
 * `${webhook-id}.${webhook-timestamp}.${body}`; the signature header is `v1,` + base64 of its
 * HMAC-SHA256 under the secret's decoded bytes (several, space-separated, while a secret rotates).
 */
export const SECRET_PREFIX = 'whsec_';
const SECRET_BYTES = 32;

export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(SECRET_BYTES).toString('base64');
}

export function secretBytes(secret: string): Buffer {
  return Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
}

export function signatureOf(secret: string, msgId: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', secretBytes(secret)).update(`${msgId}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** The three headers of one attempt: a fresh timestamp each time (receivers refuse old ones), the same id. */
export function signedHeaders(secret: string, msgId: string, at: Date, body: string): Record<string, string> {
  const timestamp = Math.floor(at.getTime() / 1000);
  return {
    'webhook-id': msgId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signatureOf(secret, msgId, timestamp, body),
  };
}
