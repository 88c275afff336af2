import { test } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from './config.ts';
import { BACKUP_KEEP_DEFAULT } from './domain/privacy/retention.ts';

test('defaults: port 3000 on 127.0.0.1, public URL from the port, ./data, no PostgreSQL or Redis', () => {
  const c = loadConfig({});
  assert.equal(c.port, 3000);
  assert.equal(c.host, '127.0.0.1');
  assert.equal(c.publicUrl, 'http://localhost:3000');
  assert.equal(c.dataDir, './data');
  assert.equal(c.databaseUrl, undefined);
  assert.equal(c.redisUrl, undefined);
  assert.equal(loadConfig({ PORT: '8080' }).publicUrl, 'http://localhost:8080');
  assert.equal(loadConfig({ PUBLIC_URL: 'https://launch.example/' }).publicUrl, 'https://launch.example');
  assert.equal(loadConfig({ DATABASE_URL: '' }).databaseUrl, undefined, 'empty means unset');
});

const bad: [string, Record<string, string>, RegExp][] = [
  ['port out of range', { PORT: '70000' }, /^config error: PORT /],
  ['port not a number', { PORT: 'http' }, /^config error: PORT /],
  ['public url not http(s)', { PUBLIC_URL: 'ftp://x' }, /^config error: PUBLIC_URL /],
  ['database url scheme', { DATABASE_URL: 'mysql://db/x' }, /^config error: DATABASE_URL must start with postgres/],
  ['redis url scheme', { REDIS_URL: 'http://cache' }, /^config error: REDIS_URL must start with redis/],
  ['log level', { LOG_LEVEL: 'loud' }, /^config error: LOG_LEVEL /],
  ['smtp url scheme', { SMTP_URL: 'http://mail.example' }, /^config error: SMTP_URL must be smtp:\/\//],
  ['smtp url without a host', { SMTP_URL: 'smtp://' }, /^config error: SMTP_URL must be smtp:\/\//],
  ['mail from without an address', { MAIL_FROM: 'Launchyard' }, /^config error: MAIL_FROM must be an address/],
  ['a DNS server by name', { DNS_SERVERS: 'dns.example' }, /^config error: DNS_SERVERS must be comma-separated IP addresses/],
  ['a DNS server with a bad port', { DNS_SERVERS: '1.1.1.1,127.0.0.1:99999' }, /^config error: DNS_SERVERS must be/],
  ['claims pending for 0 days', { CLAIM_PENDING_DAYS: '0' }, /^config error: CLAIM_PENDING_DAYS/],
  ['an embedded heap bound below 256 MiB', { EMBEDDED_HEAP_MIB: '128' }, /^config error: EMBEDDED_HEAP_MIB must be 0 \(V8 sizes the heap itself\) or/],
  ['an embedded heap bound that is not a number', { EMBEDDED_HEAP_MIB: 'lots' }, /^config error: EMBEDDED_HEAP_MIB /],
  ['a media bucket without keys', { MEDIA_S3_BUCKET: 'pictures' }, /^config error: MEDIA_S3_BUCKET needs MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY$/],
  ['a media bucket without its secret', { MEDIA_S3_BUCKET: 'pictures', MEDIA_S3_ACCESS_KEY_ID: 'AKIA1' }, /^config error: MEDIA_S3_BUCKET needs/],
  ['media keys without a bucket', { MEDIA_S3_ACCESS_KEY_ID: 'AKIA1', MEDIA_S3_SECRET_ACCESS_KEY: 's3-secret' }, /^config error: MEDIA_S3_ACCESS_KEY_ID is set but MEDIA_S3_BUCKET is not/],
  ['a media endpoint without a bucket', { MEDIA_S3_ENDPOINT: 'http://127.0.0.1:9000' }, /^config error: MEDIA_S3_ENDPOINT is set but MEDIA_S3_BUCKET is not/],
  ['a media endpoint not http(s)', { MEDIA_S3_ENDPOINT: 's3://pictures' }, /^config error: MEDIA_S3_ENDPOINT /],
  ['a media bucket name with capitals', { MEDIA_S3_BUCKET: 'Pictures', MEDIA_S3_ACCESS_KEY_ID: 'a', MEDIA_S3_SECRET_ACCESS_KEY: 'b' }, /^config error: MEDIA_S3_BUCKET must be a bucket name/],
  ['a media region with a slash', { MEDIA_S3_REGION: 'eu/west' }, /^config error: MEDIA_S3_REGION must be a region name/],
  ['media path style not a boolean', { MEDIA_S3_FORCE_PATH_STYLE: 'maybe' }, /^config error: MEDIA_S3_FORCE_PATH_STYLE /],
];
test('media: files under DATA_DIR/media by default; S3 with a bucket and its keys, path style with an endpoint of one\'s own', () => {
  assert.deepEqual(loadConfig({}).media, { s3: undefined });
  const keys = { MEDIA_S3_ACCESS_KEY_ID: 'AKIA1', MEDIA_S3_SECRET_ACCESS_KEY: 's3-secret' };
  assert.deepEqual(loadConfig({ MEDIA_S3_BUCKET: 'pictures', ...keys }).media.s3, {
    endpoint: undefined,
    region: 'us-east-1',
    bucket: 'pictures',
    accessKeyId: 'AKIA1',
    secretAccessKey: 's3-secret',
    forcePathStyle: false,
  });
  const own = loadConfig({ MEDIA_S3_BUCKET: 'pictures', MEDIA_S3_ENDPOINT: 'http://127.0.0.1:9000/', MEDIA_S3_REGION: 'auto', ...keys }).media.s3;
  assert.equal(own?.endpoint, 'http://127.0.0.1:9000');
  assert.equal(own?.region, 'auto');
  assert.equal(own?.forcePathStyle, true);
  assert.equal(loadConfig({ MEDIA_S3_BUCKET: 'pictures', MEDIA_S3_ENDPOINT: 'https://r2.example', MEDIA_S3_FORCE_PATH_STYLE: 'false', ...keys }).media.s3?.forcePathStyle, false);
});
test('media: a bad S3 setting never prints the secret', () => {
  for (const env of [{ MEDIA_S3_SECRET_ACCESS_KEY: 'very-secret-value' }, { MEDIA_S3_BUCKET: 'pictures', MEDIA_S3_SECRET_ACCESS_KEY: 'very-secret-value' }]) {
    assert.throws(() => loadConfig(env), (err: Error) => err instanceof ConfigError && !err.message.includes('very-secret-value'));
  }
});
test('claims: pending 7 days and the system resolvers by default; DNS_SERVERS and CLAIM_PENDING_DAYS are read', () => {
  assert.deepEqual(loadConfig({}).claims, { pendingMs: 7 * 86_400_000, dnsServers: [] });
  const c = loadConfig({ DNS_SERVERS: ' 1.1.1.1, 127.0.0.1:5353,[::1]:53 ', CLAIM_PENDING_DAYS: '3' });
  assert.deepEqual(c.claims, { pendingMs: 3 * 86_400_000, dnsServers: ['1.1.1.1', '127.0.0.1:5353', '[::1]:53'] });
});
test('mail: no SMTP by default (the outbox only), a default sender; SMTP_URL and MAIL_FROM are read', () => {
  assert.deepEqual(loadConfig({}).mail, { smtpUrl: undefined, from: 'Launchyard <no-reply@localhost>', dkim: undefined });
  const c = loadConfig({ SMTP_URL: 'smtp://user:pass@mail.example:587', MAIL_FROM: 'Launches <hello@launch.example>' });
  assert.deepEqual(c.mail, { smtpUrl: 'smtp://user:pass@mail.example:587', from: 'Launches <hello@launch.example>', dkim: undefined });
  assert.equal(loadConfig({ SMTP_URL: 'smtps://mail.example', MAIL_FROM: 'plain@launch.example' }).mail.from, 'plain@launch.example');
});

for (const [name, env, message] of bad) {
  test(`a bad environment is one clear line: ${name}`, () => {
    assert.throws(
      () => loadConfig(env),
      (err: Error) => err instanceof ConfigError && message.test(err.message) && !err.message.includes('\n'),
    );
  });
}

test('sign in with GitHub / Google: off by default; on with both its id and secret, at the real endpoints unless overridden', () => {
  assert.deepEqual(loadConfig({}).signInProviders, { github: undefined, google: undefined });
  const on = loadConfig({ GITHUB_CLIENT_ID: 'Iv1.abc', GITHUB_CLIENT_SECRET: 'gh-secret', GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 'g-secret' });
  assert.deepEqual(on.signInProviders, {
    github: {
      clientId: 'Iv1.abc',
      clientSecret: 'gh-secret',
      authorizeUrl: 'https://github.com/login/oauth/authorize',
      tokenUrl: 'https://github.com/login/oauth/access_token',
      apiUrl: 'https://api.github.com',
    },
    google: { clientId: 'id.apps.googleusercontent.com', clientSecret: 'g-secret', issuer: 'https://accounts.google.com' },
  });
  const own = loadConfig({
    GITHUB_CLIENT_ID: 'a',
    GITHUB_CLIENT_SECRET: 'b',
    GITHUB_AUTHORIZE_URL: 'https://ghe.example/login/oauth/authorize',
    GITHUB_TOKEN_URL: 'https://ghe.example/login/oauth/access_token',
    GITHUB_API_URL: 'https://ghe.example/api/v3/',
    GOOGLE_CLIENT_ID: 'c',
    GOOGLE_CLIENT_SECRET: 'd',
    GOOGLE_ISSUER: 'http://127.0.0.1:4000/',
  }).signInProviders;
  assert.equal(own.github?.apiUrl, 'https://ghe.example/api/v3');
  assert.equal(own.github?.tokenUrl, 'https://ghe.example/login/oauth/access_token');
  assert.equal(own.google?.issuer, 'http://127.0.0.1:4000');
  assert.equal(loadConfig({ GITHUB_AUTHORIZE_URL: 'https://ghe.example/x' }).signInProviders.github, undefined, 'endpoints alone turn nothing on');
});

const badSignIn: [string, Record<string, string>, RegExp][] = [
  ['a GitHub client id without its secret', { GITHUB_CLIENT_ID: 'Iv1.abc' }, /^config error: GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET go together/],
  ['a Google client secret without its id', { GOOGLE_CLIENT_SECRET: 'g-secret' }, /^config error: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together/],
  ['a Google issuer that is not a URL', { GOOGLE_ISSUER: 'accounts.google.com' }, /^config error: GOOGLE_ISSUER /],
  ['a GitHub API root that is not http(s)', { GITHUB_API_URL: 'ftp://api.github.com' }, /^config error: GITHUB_API_URL /],
];
for (const [name, env, message] of badSignIn) {
  test(`a bad sign-in setting is one clear line: ${name}`, () => {
    assert.throws(() => loadConfig(env), (err: Error) => err instanceof ConfigError && message.test(err.message) && !err.message.includes('\n'));
  });
}

// A real key for the DKIM rows: as a PEM in the variable (line breaks written \n), and as a file.
const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const keyDir = mkdtempSync(path.join(os.tmpdir(), 'launchyard-dkim-'));
const keyFile = path.join(keyDir, 'dkim.pem');
writeFileSync(keyFile, rsa);
const ed25519 = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const shortRsa = generateKeyPairSync('rsa', { modulusLength: 512 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

test('newsletter: 50 messages a second by default; NEWSLETTER_RATE_PER_SECOND is read', () => {
  assert.deepEqual(loadConfig({}).newsletter, { ratePerSecond: 50 });
  assert.equal(loadConfig({ NEWSLETTER_RATE_PER_SECOND: '400' }).newsletter.ratePerSecond, 400);
});

test('DKIM: off by default; the key as a PEM (\\n for line breaks) or as a file path, with its domain and selector', () => {
  assert.equal(loadConfig({}).mail.dkim, undefined);
  const oneLine = rsa.trim().split('\n').join('\\n');
  for (const key of [rsa, oneLine, keyFile]) {
    const dkim = loadConfig({ MAIL_DKIM_DOMAIN: 'Launch.Example', MAIL_DKIM_SELECTOR: 'mail2026', MAIL_DKIM_PRIVATE_KEY: key }).mail.dkim;
    assert.equal(dkim?.domainName, 'launch.example');
    assert.equal(dkim?.keySelector, 'mail2026');
    assert.equal(dkim?.privateKey.trim(), rsa.trim());
  }
});

const secret = (pem: string) => pem.split('\n')[1];
const badDkim: [string, Record<string, string>, RegExp][] = [
  ['a key without domain and selector', { MAIL_DKIM_PRIVATE_KEY: rsa }, /^config error: MAIL_DKIM_DOMAIN, MAIL_DKIM_SELECTOR and MAIL_DKIM_PRIVATE_KEY go together: MAIL_DKIM_DOMAIN and MAIL_DKIM_SELECTOR missing$/],
  ['a key without its selector', { MAIL_DKIM_PRIVATE_KEY: rsa, MAIL_DKIM_DOMAIN: 'launch.example' }, /go together: MAIL_DKIM_SELECTOR missing$/],
  ['a domain and selector without a key', { MAIL_DKIM_DOMAIN: 'launch.example', MAIL_DKIM_SELECTOR: 's1' }, /go together: MAIL_DKIM_PRIVATE_KEY missing$/],
  ['a domain that is one label', { MAIL_DKIM_DOMAIN: 'localhost', MAIL_DKIM_SELECTOR: 's1', MAIL_DKIM_PRIVATE_KEY: rsa }, /^config error: MAIL_DKIM_DOMAIN must be a domain name/],
  ['a selector with a space', { MAIL_DKIM_DOMAIN: 'launch.example', MAIL_DKIM_SELECTOR: 'mail 1', MAIL_DKIM_PRIVATE_KEY: rsa }, /^config error: MAIL_DKIM_SELECTOR must be a DNS label/],
  ['a key file that is not there', { MAIL_DKIM_DOMAIN: 'launch.example', MAIL_DKIM_SELECTOR: 's1', MAIL_DKIM_PRIVATE_KEY: path.join(keyDir, 'missing.pem') }, /^config error: MAIL_DKIM_PRIVATE_KEY is neither a PEM private key nor a readable file \(ENOENT\)$/],
  ['a damaged PEM', { MAIL_DKIM_DOMAIN: 'launch.example', MAIL_DKIM_SELECTOR: 's1', MAIL_DKIM_PRIVATE_KEY: rsa.replace(secret(rsa), 'AAAA' + secret(rsa).slice(8)) }, /^config error: MAIL_DKIM_PRIVATE_KEY is not a PEM private key that can be read/],
  ['an Ed25519 key', { MAIL_DKIM_DOMAIN: 'launch.example', MAIL_DKIM_SELECTOR: 's1', MAIL_DKIM_PRIVATE_KEY: ed25519 }, /^config error: MAIL_DKIM_PRIVATE_KEY must be an RSA private key/],
  ['a 512-bit RSA key', { MAIL_DKIM_DOMAIN: 'launch.example', MAIL_DKIM_SELECTOR: 's1', MAIL_DKIM_PRIVATE_KEY: shortRsa }, /^config error: MAIL_DKIM_PRIVATE_KEY must be an RSA key of at least 1024 bits/],
  ['a newsletter rate of 0', { NEWSLETTER_RATE_PER_SECOND: '0' }, /^config error: NEWSLETTER_RATE_PER_SECOND /],
];
for (const [name, env, message] of badDkim) {
  test(`a bad mail setting is one clear line that never shows the key: ${name}`, () => {
    assert.throws(
      () => loadConfig(env),
      (err: Error) =>
        err instanceof ConfigError &&
        message.test(err.message) &&
        !err.message.includes('\n') &&
        ![rsa, ed25519, shortRsa].some((k) => err.message.includes(secret(k).slice(0, 20))),
    );
  });
}

test('scheduled backups: off without BACKUP_DIR; BACKUP_KEEP from the retention rules; BACKUP_TIME HH:MM in UTC', () => {
  const off = loadConfig({});
  assert.deepEqual(off.backup, { dir: undefined, keep: BACKUP_KEEP_DEFAULT, hour: 3, minute: 30 });
  assert.deepEqual(loadConfig({ BACKUP_DIR: '/var/backups/launchyard', BACKUP_KEEP: '14', BACKUP_TIME: '23:05' }).backup, { dir: '/var/backups/launchyard', keep: 14, hour: 23, minute: 5 });
  assert.deepEqual(loadConfig({ BACKUP_TIME: '00:00' }).backup, { dir: undefined, keep: BACKUP_KEEP_DEFAULT, hour: 0, minute: 0 });
  const bad: [Record<string, string>, RegExp][] = [
    [{ BACKUP_TIME: '24:00' }, /^config error: BACKUP_TIME must be a time of day HH:MM in UTC, e\.g\. 03:30$/],
    [{ BACKUP_TIME: '3:30' }, /^config error: BACKUP_TIME must be a time of day HH:MM/],
    [{ BACKUP_TIME: '03:60' }, /^config error: BACKUP_TIME must be a time of day HH:MM/],
    [{ BACKUP_KEEP: '0' }, /^config error: BACKUP_KEEP /],
    [{ BACKUP_KEEP: 'all' }, /^config error: BACKUP_KEEP /],
    [{ BACKUP_DIR: '/backups', DATABASE_URL: 'postgres://db/launch' }, /^config error: BACKUP_DIR backs up the embedded database; with DATABASE_URL back up PostgreSQL with pg_dump/],
  ];
  for (const [env, message] of bad) assert.throws(() => loadConfig(env), (err: Error) => err instanceof ConfigError && message.test(err.message), JSON.stringify(env));
});
