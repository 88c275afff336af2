import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { createTestApp } from '../../../testing/harness.ts';

// The double opt-in end to end, with a real SMTP server on the loopback interface: subscribe on
// the site → the confirmation mail arrives → its link's button confirms → a mail client's
// one-click POST over a real socket unsubscribes → subscribing again needs a new confirmation.
const received: { to: string[]; raw: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
after(() => new Promise<void>((resolve) => smtp.close(() => resolve())));
const port = (smtp.server.address() as AddressInfo).port;
const t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Launchyard <news@test.example>' } });
const nl = t.app.services.newsletter;
const status = async (email: string) => (await t.db.selectFrom('newsletter_subscribers').select('status').where('email', '=', email).executeTakeFirstOrThrow()).status;

/** The next message the SMTP server receives for `to`: its headers and its text, quoted-printable decoded. */
async function nextMail(to: string, seen: number) {
  for (let i = 0; i < 100; i++) {
    const mails = received.filter((m) => m.to.includes(to));
    if (mails.length > seen) {
      const [head, ...rest] = mails[seen].raw.split('\r\n\r\n');
      const body = rest.join('\r\n\r\n');
      const text = /quoted-printable/i.test(head) ? body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h) => String.fromCharCode(parseInt(h, 16))) : body;
      return { head, text };
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  assert.fail(`no mail for ${to} arrived at the SMTP server`);
}

async function subscribeOnTheSite(email: string) {
  const browser = t.siteBrowser({ ip: '198.51.100.44' });
  const csrf = await browser.csrf('/newsletter/subscribe');
  const consent = /name="consent" value="([0-9a-f]{16})"/.exec((await browser.get('/newsletter/subscribe')).body)![1];
  const res = await browser.post('/newsletter/subscribe', { csrf, consent, website: '', email });
  assert.equal(res.status, 303);
  assert.equal(res.location, '/newsletter/check-your-inbox');
  return browser;
}

test('subscribe → confirmation mail over SMTP → confirm → one-click unsubscribe → subscribing again needs a new confirmation', async () => {
  const email = 'smtp.reader@test.example';
  const browser = await subscribeOnTheSite('SMTP.Reader@Test.Example');
  assert.equal(await status(email), 'pending');

  const first = await nextMail(email, 0);
  assert.match(first.head, /^Subject: Confirm your subscription to the Launchyard newsletter$/m);
  assert.match(first.head, /^To: smtp\.reader@test\.example$/m);
  assert.doesNotMatch(first.head, /^List-Unsubscribe/im, 'transactional: no unsubscribe header');
  const link = /http:\/\/localhost:3000(\/newsletter\/confirm\/([A-Za-z0-9_-]{43}))/.exec(first.text)!;
  assert.ok(link, first.text);
  // The outbox copy of a mail that left by SMTP holds no usable link.
  await nl.idle();
  const copy = await t.db.selectFrom('outbox_emails').select(['text_body', 'sent_at']).where('to_address', '=', email).executeTakeFirstOrThrow();
  assert.ok(copy.sent_at, 'handed to the SMTP server');
  assert.ok(!copy.text_body.includes(link[2]) && copy.text_body.includes('/newsletter/confirm/[redacted]'));

  const page = await browser.get(link[1]);
  assert.equal(page.status, 200);
  assert.equal(await status(email), 'pending', 'opening the link changes nothing');
  const confirmed = await browser.post(link[1], { csrf: await browser.csrf(link[1]) });
  assert.equal(confirmed.status, 303);
  assert.equal(await status(email), 'confirmed');

  // What a newsletter mail will carry: the one-click link, posted by a mail client over a socket.
  const id = (await t.db.selectFrom('newsletter_subscribers').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  const headers = await nl.headers(id);
  const target = headers['List-Unsubscribe'].slice(1, -1).replace('http://localhost:3000', await t.url());
  const res = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: headers['List-Unsubscribe-Post'] });
  assert.equal(res.status, 200);
  assert.match(await res.text(), /will no longer get the weekly newsletter/);
  assert.equal(await status(email), 'unsubscribed');

  await subscribeOnTheSite(email);
  assert.equal(await status(email), 'pending');
  const second = await nextMail(email, 1);
  const again = /\/newsletter\/confirm\/([A-Za-z0-9_-]{43})/.exec(second.text)![1];
  assert.notEqual(again, link[2], 'a new link');
  assert.equal(received.filter((m) => m.to.includes(email)).length, 2, 'two confirmation mails, nothing else');
});

test('a header injection never reaches the SMTP server', async () => {
  const before = received.length;
  const browser = t.siteBrowser({ ip: '198.51.100.45' });
  const csrf = await browser.csrf('/newsletter/subscribe');
  const consent = /name="consent" value="([0-9a-f]{16})"/.exec((await browser.get('/newsletter/subscribe')).body)![1];
  const res = await browser.post('/newsletter/subscribe', { csrf, consent, email: 'victim@test.example\r\nBcc: everyone@test.example' });
  assert.equal(res.status, 400);
  await nl.idle();
  await new Promise((resolve) => setTimeout(resolve, 200));
  assert.equal(received.length, before);
});
