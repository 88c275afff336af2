import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, createPublicKey, createVerify, generateKeyPairSync } from 'node:crypto';
import { createTestApp } from '../testing/harness.ts';
import { startSmtpSink } from '../testing/smtp-sink.ts';
import { loadConfig } from '../config.ts';
import { createBulkSender } from './bulk-sender.ts';
import { dkimRecord } from './dkim.ts';

// DKIM with a configured key: both the one-at-a-time mailer and the newsletter's bulk sender sign
// what leaves by SMTP, and the signature verifies the way a receiver checks it (the public key from
// the TXT record the README says to publish, relaxed/relaxed canonicalization, rsa-sha256), written
// out here with node:crypto rather than trusted to the library that signed.
const privateKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const env = { MAIL_DKIM_DOMAIN: 'launch.example', MAIL_DKIM_SELECTOR: 'mail2026', MAIL_DKIM_PRIVATE_KEY: privateKey.trim().split('\n').join('\\n') };
const sink = await startSmtpSink();
after(() => sink.close());
const t = await createTestApp({ env: { SMTP_URL: sink.url, MAIL_FROM: 'Launchyard <news@launch.example>', ...env } });

/** What a receiver does: the key from the selector's TXT record, then the body hash and the header signature. */
function verifyDkim(raw: string, txtRecord: string) {
  const split = raw.indexOf('\r\n\r\n');
  const headerLines = raw.slice(0, split + 2).split(/\r\n(?![ \t])/).filter(Boolean);
  const body = raw.slice(split + 4);
  const fields = headerLines.map((line) => ({ name: line.slice(0, line.indexOf(':')).trim().toLowerCase(), line }));
  const signature = fields.find((f) => f.name === 'dkim-signature');
  assert.ok(signature, 'a DKIM-Signature header');
  const tags = new Map(
    signature.line
      .slice(signature.line.indexOf(':') + 1)
      .replace(/\s+/g, '')
      .split(';')
      .filter(Boolean)
      .map((tag) => [tag.slice(0, tag.indexOf('=')), tag.slice(tag.indexOf('=') + 1)] as [string, string]),
  );
  const relaxedHeader = (line: string) => {
    const colon = line.indexOf(':');
    const value = line.slice(colon + 1).replace(/\r\n/g, '').replace(/[ \t]+/g, ' ').trim();
    return `${line.slice(0, colon).trim().toLowerCase()}:${value}`;
  };
  const relaxedBody = (text: string) => {
    const lines = text.split('\r\n').map((l) => l.replace(/[ \t]+/g, ' ').replace(/ $/, ''));
    while (lines.length && lines[lines.length - 1] === '') lines.pop();
    return lines.length ? lines.join('\r\n') + '\r\n' : '';
  };
  assert.equal(tags.get('c'), 'relaxed/relaxed');
  assert.equal(tags.get('a'), 'rsa-sha256');
  assert.equal(tags.get('bh'), createHash('sha256').update(relaxedBody(body)).digest('base64'), 'the body hash matches');
  // Signed headers, each taken from the bottom up when a name repeats, then the signature itself with b= empty.
  const used = new Map<string, number>();
  const signed = tags
    .get('h')!
    .split(':')
    .map((name) => {
      const all = fields.filter((f) => f.name === name.toLowerCase());
      const n = used.get(name) ?? 0;
      used.set(name, n + 1);
      const field = all[all.length - 1 - n];
      return field ? relaxedHeader(field.line) + '\r\n' : '';
    })
    .join('');
  // The signature header as signed: its b= tag's value emptied (bh= is another tag).
  const unsigned = relaxedHeader(signature.line)
    .split(';')
    .map((tag) => (tag.trim().startsWith('b=') ? tag.slice(0, tag.indexOf('b=') + 2) : tag))
    .join(';');
  const p = /p=([A-Za-z0-9+/=]+)/.exec(txtRecord)![1];
  const publicKey = createPublicKey({ key: Buffer.from(p, 'base64'), format: 'der', type: 'spki' });
  const ok = createVerify('RSA-SHA256').update(signed + unsigned).verify(publicKey, Buffer.from(tags.get('b')!, 'base64'));
  return { ok, tags, signedHeaders: tags.get('h')!.toLowerCase().split(':') };
}

const record = dkimRecord(loadConfig(env).mail.dkim!.privateKey);

test('the TXT record to publish holds the public key of the configured private key', () => {
  assert.match(record, /^v=DKIM1; k=rsa; p=[A-Za-z0-9+/]+=*$/);
});

test('a mail from the one-at-a-time mailer carries a DKIM-Signature for d=launch.example, s=mail2026 that verifies', async () => {
  sink.reset();
  const sent = await t.app.services.mailer.send({ to: 'reader@test.example', subject: 'Signed mail', text: 'Hello, this mail is signed.\n' });
  assert.equal(sent.delivered, true);
  const { ok, tags, signedHeaders } = verifyDkim(sink.accepted[0].raw, record);
  assert.equal(tags.get('d'), 'launch.example');
  assert.equal(tags.get('s'), 'mail2026');
  for (const h of ['from', 'to', 'subject', 'date', 'message-id']) assert.ok(signedHeaders.includes(h), `${h} is signed`);
  assert.equal(ok, true, 'the signature verifies');
  // A changed subject no longer verifies: the check above is a real one.
  const tampered = sink.accepted[0].raw.replace('Subject: Signed mail', 'Subject: Signed mail!');
  assert.equal(verifyDkim(tampered, record).ok, false);
});

test('a newsletter copy from the bulk sender (held end and all) is signed and verifies, List-Unsubscribe included', async () => {
  sink.reset();
  const dkim = loadConfig(env).mail.dkim;
  const bulk = createBulkSender({ smtpUrl: sink.url, from: 'Launchyard <news@launch.example>', dkim, ratePerSecond: 100 });
  let handedOver = false;
  const outcome = await bulk.send(
    {
      to: 'reader@test.example',
      subject: 'The week: signed',
      text: 'Top launches this week.\nUnsubscribe: https://launch.example/newsletter/unsubscribe/1/abc\n',
      html: '<p>Top launches this week.</p><p><a href="https://launch.example/newsletter/unsubscribe/1/abc">Unsubscribe</a></p>',
      headers: { 'List-Unsubscribe': '<https://launch.example/newsletter/unsubscribe/1/abc>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      messageId: '<edition-1.sub-1@launch.example>',
    },
    async () => {
      handedOver = true;
    },
  );
  bulk.close();
  assert.deepEqual(outcome, { kind: 'accepted' });
  assert.equal(handedOver, true);
  const { ok, tags, signedHeaders } = verifyDkim(sink.accepted[0].raw, record);
  assert.deepEqual([tags.get('d'), tags.get('s')], ['launch.example', 'mail2026']);
  assert.ok(signedHeaders.includes('list-unsubscribe') && signedHeaders.includes('list-unsubscribe-post'), tags.get('h'));
  assert.equal(ok, true, 'the signature verifies');
});

test('without a key nothing is signed', async () => {
  sink.reset();
  const bulk = createBulkSender({ smtpUrl: sink.url, from: 'news@launch.example', ratePerSecond: 100 });
  await bulk.send({ to: 'reader@test.example', subject: 'Unsigned', text: 'x', html: '<p>x</p>', headers: {}, messageId: '<u@launch.example>' }, async () => {});
  bulk.close();
  assert.doesNotMatch(sink.accepted[0].raw, /^DKIM-Signature:/im);
});
