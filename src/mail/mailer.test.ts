import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { createTestApp } from '../testing/harness.ts';
import { outboxStore } from '../store/outbox-store.ts';
import { createMailer } from './mailer.ts';

// Outgoing mail against a real SMTP server on the loopback interface (smtp-server), with
// authentication, and the outbox row every mail leaves behind, sent or not.
interface Received {
  from: string;
  to: string[];
  user: string | undefined;
  raw: string;
}
const received: Received[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  allowInsecureAuth: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onAuth(auth, _session, callback) {
    if (auth.username === 'mailer' && auth.password === 's3cret') return callback(null, { user: auth.username });
    return callback(new Error('Invalid username or password'));
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((r) => r.address),
        user: session.user as string | undefined,
        raw: Buffer.concat(chunks).toString('utf8'),
      });
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const port = (smtp.server.address() as AddressInfo).port;
after(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

const t = await createTestApp({ env: { SMTP_URL: `smtp://mailer:s3cret@127.0.0.1:${port}`, MAIL_FROM: 'Launchyard Test <noreply@test.example>' } });

/** The text of a received message: headers, then the body decoded from quoted-printable. */
function decode(raw: string) {
  const [head, ...rest] = raw.split('\r\n\r\n');
  const body = rest.join('\r\n\r\n');
  const text = /quoted-printable/i.test(head)
    ? body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h) => String.fromCharCode(parseInt(h, 16)))
    : body;
  return { head, text };
}

async function closedPort() {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const p = (s.address() as AddressInfo).port;
  await new Promise((resolve) => s.close(resolve));
  return p;
}

test('with SMTP_URL a mail is handed to the SMTP server (authenticated) and the outbox row says sent', async () => {
  const secret = 'SECRET-TOKEN-123';
  const sent = await t.app.services.mailer.send({ to: 'reader@test.example', subject: 'Hello there', text: `Open https://x.example/?t=${secret}\n`, secrets: [secret] });
  assert.equal(sent.transport, 'smtp');
  assert.equal(sent.delivered, true);
  const mail = received.at(-1)!;
  assert.equal(mail.from, 'noreply@test.example');
  assert.deepEqual(mail.to, ['reader@test.example']);
  assert.equal(mail.user, 'mailer', 'authenticated with the credentials of SMTP_URL');
  const { head, text } = decode(mail.raw);
  assert.match(head, /^Subject: Hello there$/m);
  assert.match(head, /^From: Launchyard Test <noreply@test\.example>$/m);
  assert.match(text, new RegExp(`t=${secret}`), 'the recipient gets the real link');

  const row = await t.db.selectFrom('outbox_emails').selectAll().where('id', '=', sent.id).executeTakeFirstOrThrow();
  assert.equal(row.transport, 'smtp');
  assert.ok(row.sent_at);
  assert.equal(row.error, null);
  assert.equal(row.text_body, 'Open https://x.example/?t=[redacted]\n', 'the stored copy has no usable secret');
});

test('sign-up mails the confirmation link over SMTP; the link confirms; no token is left in the database', async () => {
  const before = received.length;
  const b = t.siteBrowser();
  const res = await b.post('/sign-up', { name: 'Smtp Person', email: 'smtp-person@test.example', password: 'smtp long password', csrf: await b.csrf('/sign-up') });
  assert.equal(res.status, 303);
  assert.equal(received.length, before + 1);
  const { head, text } = decode(received.at(-1)!.raw);
  assert.match(head, /^Subject: Confirm your email address for /m);
  const link = /http:\/\/localhost:3000(\/verify-email\?token=([\w%-]+))/.exec(text)!;
  assert.ok(link, text);
  const token = decodeURIComponent(link[2]);

  const tables = (await sql<{ table_name: string }>`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`.execute(t.db)).rows;
  for (const { table_name } of tables) {
    const n = (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table_name)} x where strpos(x::text, ${token}) > 0`.execute(t.db)).rows[0].n;
    assert.equal(n, 0, `token found in ${table_name}`);
  }
  const row = await t.db.selectFrom('outbox_emails').selectAll().where('to_address', '=', 'smtp-person@test.example').executeTakeFirstOrThrow();
  assert.match(row.text_body, /verify-email\?token=\[redacted\]/);

  assert.equal((await b.get(link[1])).status, 200);
  assert.match((await b.get('/account')).body, /\(confirmed\)/);
});

test('an SMTP failure is recorded in the outbox row, not thrown', async () => {
  const mailer = createMailer({ store: outboxStore(t.db), smtpUrl: `smtp://127.0.0.1:${await closedPort()}`, from: 'x@test.example', now: () => new Date() });
  const sent = await mailer.send({ to: 'nobody@test.example', subject: 'Lost', text: 'Nobody reads this.' });
  assert.equal(sent.delivered, false);
  assert.match(String(sent.error), /ECONNREFUSED|connect/i);
  const row = await t.db.selectFrom('outbox_emails').selectAll().where('id', '=', sent.id).executeTakeFirstOrThrow();
  assert.equal(row.sent_at, null);
  assert.match(String(row.error), /ECONNREFUSED|connect/i);
  mailer.close();
});

test('wrong SMTP credentials are a recorded failure too', async () => {
  const mailer = createMailer({ store: outboxStore(t.db), smtpUrl: `smtp://mailer:wrong@127.0.0.1:${port}`, from: 'x@test.example', now: () => new Date() });
  const sent = await mailer.send({ to: 'nobody@test.example', subject: 'Refused', text: 'x' });
  assert.equal(sent.delivered, false);
  assert.match(String(sent.error), /Invalid username or password|auth/i);
  mailer.close();
});

test('without SMTP the mail stays readable in the outbox and is logged in full', async () => {
  const logged: { level: string; message: string }[] = [];
  const mailer = createMailer({ store: outboxStore(t.db), from: 'x@test.example', now: () => new Date(), log: (level, _e, message) => logged.push({ level, message }) });
  assert.equal(mailer.transport, 'outbox');
  const sent = await mailer.send({ to: 'local@test.example', subject: 'Kept', text: 'Link: https://x.example/?t=KEEP-ME', secrets: ['KEEP-ME'] });
  assert.deepEqual([sent.transport, sent.delivered], ['outbox', false]);
  const row = await t.db.selectFrom('outbox_emails').selectAll().where('id', '=', sent.id).executeTakeFirstOrThrow();
  assert.equal(row.transport, 'outbox');
  assert.equal(row.text_body, 'Link: https://x.example/?t=KEEP-ME', 'the outbox is the delivery channel here');
  assert.equal(logged[0].level, 'info');
  assert.match(logged[0].message, /KEEP-ME/);
});

test('the admin outbox says SMTP is configured and which mails were sent', async () => {
  const admin = await t.signIn({ admin: true });
  const page = await admin.browser.get('/admin/outbox');
  assert.equal(page.status, 200);
  assert.match(page.body, /SMTP is configured/);
  assert.match(page.body, /Hello there/);
  assert.match(page.body, /· sent <time/);
  assert.match(page.body, /· failed/);
});
