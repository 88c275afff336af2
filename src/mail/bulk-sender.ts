import { Readable } from 'node:stream';
import { createTransport, type SendMailOptions } from 'nodemailer';
import type MimeNode from 'nodemailer/lib/mime-node';
import { dkimSigning, type DkimKey } from './dkim.ts';

/** One subscriber's copy of a newsletter edition. */
export interface BulkMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  /** With its angle brackets: `<edition-1.sub-2@host>`. */
  messageId: string;
}

/** What became of one message. */
export type BulkOutcome =
  /** The server took it (250 after the message's end). */
  | { kind: 'accepted' }
  /** The hand-over was refused (the claim is another run's now): the message was stopped before its end, so nothing arrived. */
  | { kind: 'withheld'; error: string }
  /**
   * The server said no, before or after the message's end (handedOver). `bounce`: a permanent
   * refusal of this recipient or this message (5xx to RCPT TO or DATA), which counts against the
   * address; a 5xx to anything else (our sender address, authentication) is the relay's matter and
   * is treated as temporary.
   */
  | { kind: 'refused'; bounce: boolean; handedOver: boolean; code?: number; error: string }
  /** Handed over, and the connection broke before the server answered: it may or may not have arrived. */
  | { kind: 'unconfirmed'; error: string };

export interface BulkSender {
  readonly transport: 'smtp' | 'outbox';
  /**
   * Sends one message. `handOver(end)` is called once the server is receiving the message and
   * all of it but its end has been written: the caller records the delivery sent and calls `end`
   * (which writes SMTP's final ".") as it commits (store handOver: the two writes in one turn of
   * the event loop), or throws to stop the message before its end, so that it never arrives. A
   * handOver that resolves without calling `end` ends the message then.
   */
  send(message: BulkMessage, handOver: (end: () => void) => Promise<void>): Promise<BulkOutcome>;
  /** Closes the pooled connections; call after every send has settled. */
  close(): void;
}

export interface BulkSenderOptions {
  smtpUrl?: string;
  from: string;
  dkim?: DkimKey;
  /** Messages per second over all connections (nodemailer's rateLimit per rateDelta of 1 s). */
  ratePerSecond: number;
  maxConnections?: number;
  /** Messages per connection before it is replaced (relays limit messages per session). */
  maxMessages?: number;
}

/** The mail option that carries a message's hand-over to the stream plugin below. */
const HAND_OVER = 'launchyardHandOver';

/**
 * The newsletter's transport: nodemailer's SMTP pool (a few connections kept open, a bounded
 * rate, DKIM when configured) with the message's end held back until `handOver` commits. Without
 * an SMTP URL, the offline default: nothing leaves, each hand-over is committed at once, and the
 * caller keeps one outbox row per edition (jobs/newsletter-send.ts says why not one per subscriber).
 */
export function createBulkSender(opts: BulkSenderOptions): BulkSender {
  if (!opts.smtpUrl) {
    return {
      transport: 'outbox',
      async send(_message, handOver) {
        try {
          await handOver(() => {});
        } catch (err) {
          return { kind: 'withheld', error: errorText(err) };
        }
        return { kind: 'accepted' };
      },
      close() {},
    };
  }
  const pool = createTransport({
    pool: true,
    url: opts.smtpUrl,
    maxConnections: opts.maxConnections ?? 5,
    maxMessages: opts.maxMessages ?? 500,
    rateDelta: 1000,
    rateLimit: opts.ratePerSecond,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    dkim: opts.dkim && dkimSigning(opts.dkim),
  });
  pool.use('stream', (mail, done) => {
    const handOver = (mail.data as Record<string, unknown>)[HAND_OVER];
    if (typeof handOver === 'function') holdTheEnd(mail.message, handOver as (end: () => boolean) => Promise<void>);
    done();
  });
  return {
    transport: 'smtp',
    async send(message, handOver) {
      // Ended: the message's end was released (the hand-over committed, or is committing).
      let handedOver = false;
      let refusal: unknown;
      const gate = async (end: () => boolean) => {
        const release = () => {
          if (end()) handedOver = true;
        };
        try {
          await handOver(release);
        } catch (err) {
          if (handedOver) return; // its end is out: what the server answers decides
          // (a connection lost before the end leaves handedOver false: the delivery is retried)
          refusal = err;
          throw err;
        }
        if (!handedOver) release();
      };
      const mail: SendMailOptions & Record<string, unknown> = {
        from: opts.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers,
        messageId: message.messageId,
        [HAND_OVER]: gate,
      };
      try {
        await pool.sendMail(mail);
        return { kind: 'accepted' };
      } catch (err) {
        if (refusal !== undefined) return { kind: 'withheld', error: errorText(refusal) };
        const e = err as { responseCode?: number; command?: string };
        const code = typeof e.responseCode === 'number' ? e.responseCode : undefined;
        if (code !== undefined && code >= 400) {
          const aboutThisMessage = e.command === 'RCPT TO' || e.command === 'DATA';
          return { kind: 'refused', bounce: code >= 500 && aboutThisMessage, handedOver, code, error: errorText(err) };
        }
        if (handedOver) return { kind: 'unconfirmed', error: errorText(err) };
        return { kind: 'refused', bounce: false, handedOver: false, error: errorText(err) };
      }
    },
    close() {
      pool.close();
    },
  };
}

/**
 * Makes the message's stream (read by the pool's connection only after the server's 354 to DATA)
 * give all of the message at once, then wait: once those bytes are written (the stream is asked
 * for more and is not held back by a full socket), `handOver` runs, and the stream ends when it
 * calls `end`, which is when nodemailer writes the final "." that makes the server take it. A
 * refused hand-over destroys the stream: the connection is closed before the end. The message is
 * composed (and DKIM-signed: nodemailer's processFunc runs inside `compose`) while the envelope is
 * exchanged.
 */
function holdTheEnd(message: MimeNode, handOver: (end: () => boolean) => Promise<void>) {
  const compose = message.createReadStream.bind(message);
  message.createReadStream = () => {
    const source = compose();
    const chunks: Buffer[] = [];
    const composed = new Promise<Buffer>((resolve, reject) => {
      source.on('data', (c: Buffer) => chunks.push(c));
      source.once('end', () => resolve(Buffer.concat(chunks)));
      source.once('error', reject);
    });
    composed.catch(() => {}); // read below, or never when the envelope is refused
    let step: 'body' | 'end' | 'held' = 'body';
    const out: Readable = new Readable({
      read() {
        if (step === 'body') {
          step = 'end';
          composed.then(
            (bytes) => out.push(bytes),
            (err: Error) => out.destroy(err),
          );
        } else if (step === 'end') {
          step = 'held';
          // The end is written only on a live connection; false tells the hand-over it was not.
          const end = () => !out.destroyed && (out.push(null), true);
          const ask = () => handOver(end).catch((err: Error) => void out.destroy(err));
          // Paused: the socket has not taken the bytes yet; ask once it has.
          if (out.readableFlowing === false) out.once('resume', ask);
          else void ask();
        }
      },
      destroy(err, callback) {
        source.destroy();
        callback(err);
      },
    });
    return out;
  };
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));
