import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** How an installation secret sealed with SECRETS_KEY is stored (a JSON value, like a plain one). */
export interface Sealed {
  sealed: 'aes-256-gcm';
  iv: string;
  tag: string;
  data: string;
}

export const isSealed = (v: unknown): v is Sealed => typeof v === 'object' && v !== null && (v as Sealed).sealed === 'aes-256-gcm';

export class SecretsKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretsKeyError';
  }
}

/**
 * Seals installation secrets (OAuth signing keys, cookie keys) with a key from the environment,
 * AES-256-GCM, the secret's name bound in as associated data so a sealed value cannot be moved to
 * another name. The database alone then gives nothing away; losing SECRETS_KEY loses the secrets
 * (sessions end, tokens must be issued anew), which the README says.
 */
export function createSecretBox(secretsKey: string) {
  const key = Buffer.from(hkdfSync('sha256', secretsKey, 'launchyard', 'installation-secrets', 32));
  return {
    seal(name: string, value: unknown): Sealed {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(name));
      const data = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
      return { sealed: 'aes-256-gcm', iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64'), data: data.toString('base64') };
    },
    open<T>(name: string, sealed: Sealed): T {
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64')).setAAD(Buffer.from(name));
        decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
        return JSON.parse(Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64')), decipher.final()]).toString('utf8')) as T;
      } catch {
        throw new SecretsKeyError(`SECRETS_KEY does not open the installation secret "${name}": it was sealed with another key.`);
      }
    },
  };
}
export type SecretBox = ReturnType<typeof createSecretBox>;
