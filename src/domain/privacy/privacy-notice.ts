import type { Config } from '../../config.ts';

/**
 * What /privacy says that depends on how this installation is set up: who runs it (OPERATOR_*)
 * and which outside services receive people's data, each named only when it is configured. Read
 * once from the settings; never a credential, only host names.
 */
export interface PrivacyNotice {
  operator: {
    name: string | null;
    /** The postal address's lines. */
    address: string[];
    contact: { kind: 'email' | 'url'; value: string } | null;
  };
  recipients: {
    /** The SMTP server mail is handed to (SMTP_URL's host). */
    mail: string | null;
    /** Stripe takes payments (both Stripe keys set; test mode otherwise). */
    stripe: boolean;
    /** The S3-compatible storage pictures are kept in (its host). */
    storage: string | null;
    /** The sign-in providers whose buttons the site shows. */
    signIn: ('GitHub' | 'Google')[];
    /** The AI model service that drafts profiles from submitted websites (LLM_BASE_URL's host). */
    model: string | null;
  };
}

export const UNCONFIGURED_NOTICE: PrivacyNotice = {
  operator: { name: null, address: [], contact: null },
  recipients: { mail: null, stripe: false, storage: null, signIn: [], model: null },
};

const hostOf = (url: string) => new URL(url).hostname;

export function privacyNoticeOf(config: Pick<Config, 'operator' | 'mail' | 'orders' | 'media' | 'signInProviders' | 'llm'>): PrivacyNotice {
  const { operator } = config;
  const contact = operator.contact;
  return {
    operator: {
      name: operator.name ?? null,
      // Lines as the setting separates them: a line break, or "\n" written out (one-line env files).
      address: (operator.address ?? '')
        .replaceAll('\\n', '\n')
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l !== ''),
      contact: contact ? { kind: contact.startsWith('https://') ? 'url' : 'email', value: contact } : null,
    },
    recipients: {
      mail: config.mail.smtpUrl ? hostOf(config.mail.smtpUrl) : null,
      stripe: config.orders.stripe !== undefined,
      storage: config.media.s3 ? (config.media.s3.endpoint ? hostOf(config.media.s3.endpoint) : `s3.${config.media.s3.region}.amazonaws.com`) : null,
      signIn: [...(config.signInProviders.github ? (['GitHub'] as const) : []), ...(config.signInProviders.google ? (['Google'] as const) : [])],
      model: config.llm ? hostOf(config.llm.baseUrl) : null,
    },
  };
}
