import { createPrivateKey, createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** nodemailer's `dkim` option: every mail that leaves by SMTP is signed for this domain and selector. */
export interface DkimKey {
  domainName: string;
  keySelector: string;
  /** PEM. Never logged, never in an error message. */
  privateKey: string;
}

const PEM_START = '-----BEGIN';

/**
 * The header fields signed: nodemailer's default list (RFC 6376's suggestions, List-* included)
 * plus List-Unsubscribe-Post, which RFC 8058 requires the signature to cover with List-Unsubscribe
 * (mailbox providers show the one-click button only then).
 */
const SIGNED_FIELDS =
  'From:Sender:Reply-To:Subject:Date:Message-ID:To:Cc:MIME-Version:Content-Type:Content-Transfer-Encoding:Content-ID:' +
  'Content-Description:Resent-Date:Resent-From:Resent-Sender:Resent-To:Resent-Cc:Resent-Message-ID:In-Reply-To:References:' +
  'List-Id:List-Help:List-Unsubscribe:List-Unsubscribe-Post:List-Subscribe:List-Post:List-Owner:List-Archive';

/** nodemailer's `dkim` transport option for a key (both the mailer and the bulk sender use it). */
export const dkimSigning = (key: DkimKey) => ({ ...key, headerFieldNames: SIGNED_FIELDS });

/**
 * MAIL_DKIM_PRIVATE_KEY as the PEM it holds or names: the key itself (a line break may be written
 * as \n, since most environments take one line), or the path of a file holding it. An RSA key of
 * at least 1024 bits (nodemailer signs rsa-sha256; receivers ignore shorter keys). A problem is
 * described without any of the value: whatever was given may be the key.
 */
export function readDkimKey(value: string): { pem: string } | { problem: string } {
  let pem = value.includes(PEM_START) ? value.split('\\n').join('\n') : undefined;
  if (pem === undefined) {
    try {
      pem = readFileSync(value.trim(), 'utf8');
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? 'unreadable';
      return { problem: `is neither a PEM private key nor a readable file (${code})` };
    }
  }
  try {
    const key = createPrivateKey(pem);
    if (key.asymmetricKeyType !== 'rsa') return { problem: `must be an RSA private key (this one is ${key.asymmetricKeyType ?? 'of another type'})` };
    const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
    if (bits < 1024) return { problem: `must be an RSA key of at least 1024 bits (2048 recommended); this one has ${bits}` };
  } catch {
    return { problem: 'is not a PEM private key that can be read (an encrypted key needs its passphrase removed)' };
  }
  return { pem };
}

/**
 * The TXT record to publish at `{selector}._domainkey.{domain}` for a key: `v=DKIM1; k=rsa; p=…`
 * with the public key in base64 DER (what receivers fetch to check the signature).
 */
export function dkimRecord(privateKeyPem: string): string {
  const der = createPublicKey(privateKeyPem).export({ type: 'spki', format: 'der' });
  return `v=DKIM1; k=rsa; p=${der.toString('base64')}`;
}
