import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';

/** A message the sink accepted: its recipients and its bytes as received. */
export interface Accepted {
  to: string[];
  raw: string;
}

/** An SMTP answer the policy chooses instead of accepting: e.g. { code: 451, message: 'try later' }. */
export interface Refusal {
  code: number;
  message: string;
}

/**
 * How the sink answers: `rcpt` is asked at RCPT TO, `data` after a message's end (before it is
 * counted); undefined accepts. `n` is how many times this recipient was asked at that stage so far
 * (1 the first time), so "451 then 250" is `n === 1 ? 451 : undefined`.
 */
export interface SinkPolicy {
  rcpt?: (to: string, n: number) => Refusal | undefined;
  data?: (to: string, n: number) => Refusal | undefined;
  /** Holds each message's answer this long (a slow server). */
  delayMs?: number;
}

/**
 * A real SMTP server on loopback (smtp-server) for the tests and the bench: it counts what it
 * accepted per recipient, the way a receiving MTA would see copies. A message counts once its end
 * ("." ) arrived and the policy let it through; one cut off before its end never counts (smtp-server
 * destroys its stream).
 */
export async function startSmtpSink(opts: { policy?: SinkPolicy; keepRaw?: boolean } = {}) {
  const accepted: Accepted[] = [];
  const copies = new Map<string, number>();
  const asked = { rcpt: new Map<string, number>(), data: new Map<string, number>() };
  let policy: SinkPolicy = opts.policy ?? {};
  const keepRaw = opts.keepRaw ?? true;
  const ask = (stage: 'rcpt' | 'data', to: string) => {
    const n = (asked[stage].get(to) ?? 0) + 1;
    asked[stage].set(to, n);
    return policy[stage]?.(to, n);
  };
  const refusal = (r: Refusal) => Object.assign(new Error(r.message), { responseCode: r.code });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 10 * 1024 * 1024,
    maxClients: 100,
    onRcptTo(address, _session, callback) {
      const r = ask('rcpt', address.address);
      callback(r ? refusal(r) : undefined);
    },
    onData(stream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => keepRaw && chunks.push(c));
      stream.on('error', () => {}); // cut off before its end: never counted
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        const answer = () => {
          const r = ask('data', to[0]);
          if (r) return callback(refusal(r));
          accepted.push({ to, raw: keepRaw ? Buffer.concat(chunks).toString('utf8') : '' });
          for (const a of to) copies.set(a, (copies.get(a) ?? 0) + 1);
          callback();
        };
        if (policy.delayMs) setTimeout(answer, policy.delayMs);
        else answer();
      });
    },
  });
  // A client killed mid-message resets its connection: the server reports it, nothing more.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    /** Copies accepted per recipient. */
    copies,
    /** How many messages it accepted in all. */
    count: () => accepted.length,
    setPolicy(p: SinkPolicy) {
      policy = p;
      asked.rcpt.clear();
      asked.data.clear();
    },
    /** Forgets what it accepted (between scenarios). */
    reset() {
      accepted.length = 0;
      copies.clear();
      asked.rcpt.clear();
      asked.data.clear();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

/** A received message split into its headers (unfolded, by lower-case name) and its decoded text and HTML parts. */
export function readMessage(raw: string) {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split);
  const headers = new Map<string, string[]>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    headers.set(name, [...(headers.get(name) ?? []), line.slice(colon + 1).trim()]);
  }
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers.get('content-type')?.[0] ?? '')?.[1];
  const parts: { type: string; body: string }[] = [];
  const decode = (partHead: string, body: string) => {
    if (/content-transfer-encoding:\s*quoted-printable/i.test(partHead)) {
      return Buffer.from(body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8');
    }
    if (/content-transfer-encoding:\s*base64/i.test(partHead)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    return body;
  };
  if (boundary) {
    for (const chunk of raw.slice(split + 4).split(`--${boundary}`).slice(1)) {
      const at = chunk.indexOf('\r\n\r\n');
      if (at < 0) continue;
      const partHead = chunk.slice(0, at);
      const type = /content-type:\s*([^;\r\n]+)/i.exec(partHead)?.[1].trim().toLowerCase() ?? 'text/plain';
      parts.push({ type, body: decode(partHead, chunk.slice(at + 4).replace(/\r\n$/, '')).replace(/\r\n/g, '\n') });
    }
  } else {
    parts.push({ type: (headers.get('content-type')?.[0] ?? 'text/plain').split(';')[0].toLowerCase(), body: decode(head, raw.slice(split + 4)).replace(/\r\n/g, '\n') });
  }
  return {
    header: (name: string) => headers.get(name.toLowerCase())?.[0],
    headers,
    text: parts.find((p) => p.type === 'text/plain')?.body ?? '',
    html: parts.find((p) => p.type === 'text/html')?.body ?? '',
  };
}
