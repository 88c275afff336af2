import type { Transporter } from 'nodemailer';
import type { OutboxStore } from '../store/outbox-store.ts';
import { dkimSigning, type DkimKey } from './dkim.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /**
   * Secrets in the text (one-time link tokens). When the mail leaves by SMTP, the outbox copy has
   * them replaced by "[redacted]", so the database holds no usable link. Without SMTP the outbox
   * is the delivery channel and keeps the text as sent (the tokens expire within a day).
   */
  secrets?: string[];
  /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post on every mail people can switch off). */
  headers?: Record<string, string>;
  /** An HTML alternative to the text (the newsletter). SMTP only: the outbox keeps the text part. */
  html?: string;
}

export interface SentMail {
  /** The outbox row. */
  id: string;
  transport: 'smtp' | 'outbox';
  /** Handed to the SMTP server. Always false for the outbox transport. */
  delivered: boolean;
  error?: string;
}

export type MailLog = (level: 'info' | 'warn', entry: Record<string, unknown>, message: string) => void;

export interface Mailer {
  readonly transport: 'smtp' | 'outbox';
  /** Writes the outbox row, then sends by SMTP when configured. SMTP failures are recorded, not thrown. */
  send(mail: OutgoingMail): Promise<SentMail>;
  close(): void;
}

const REDACTED = '[redacted]';

/** What became of an outbox row, in words (admin page, CLI). */
export const deliveryState = (m: { transport: string; sent_at: Date | null; error: string | null }) =>
  m.sent_at ? 'sent' : m.error ? 'failed' : m.transport === 'outbox' ? 'kept in the outbox (no SMTP)' : 'not sent yet';

/**
 * The one way the service sends mail. Every mail is stored in `outbox_emails` and logged; with an
 * SMTP URL it is also handed to that server, and the row records when it was sent or why not.
 */
export function createMailer(deps: { store: OutboxStore; smtpUrl?: string; from: string; now: () => Date; log?: MailLog; /** Signs what leaves by SMTP (MAIL_DKIM_*). */ dkim?: DkimKey }): Mailer {
  const { store, smtpUrl, from, now } = deps;
  const log: MailLog = deps.log ?? (() => {});
  // nodemailer loads with the first mail that leaves by SMTP (an installation without SMTP never needs it).
  let opened: Promise<Transporter> | undefined;
  const smtp = smtpUrl
    ? () =>
        (opened ??= import('nodemailer').then(({ createTransport }) =>
          createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000, dkim: deps.dkim && dkimSigning(deps.dkim) }),
        ))
    : undefined;
  const transport = smtp ? 'smtp' : 'outbox';

  return {
    transport,
    async send(mail) {
      const stored = smtp ? redact(mail.text, mail.secrets ?? []) : mail.text;
      const id = await store.add({ to: mail.to, subject: mail.subject, text: stored, transport, at: now(), headers: mail.headers });
      if (!smtp) {
        // Zero-setup mode: the operator reads the mail here or in the outbox (admin page, CLI).
        log('info', { mail: { id, to: mail.to, subject: mail.subject } }, `mail kept in the outbox (no SMTP_URL):\n${mail.text}`);
        return { id, transport, delivered: false };
      }
      try {
        await (await smtp()).sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers });
        await store.markSent(id, now());
        log('info', { mail: { id, to: mail.to, subject: mail.subject } }, 'mail sent');
        return { id, transport, delivered: true };
      } catch (err) {
        const error = err instanceof Error ? err.message : String(err);
        await store.markFailed(id, error);
        log('warn', { mail: { id, to: mail.to, subject: mail.subject }, error }, 'mail not sent');
        return { id, transport, delivered: false, error };
      }
    },
    close() {
      opened?.then((t) => t.close(), () => {});
    },
  };
}

function redact(text: string, secrets: string[]) {
  let out = text;
  for (const s of secrets) if (s) out = out.split(s).join(REDACTED);
  return out;
}
