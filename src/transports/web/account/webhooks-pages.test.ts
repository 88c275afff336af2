import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as cheerio from 'cheerio';
import { sql } from 'kysely';
import { createTestApp } from '../../../testing/harness.ts';
import { endpointWithDelivery } from '../../../domain/webhooks/webhooks-testing.ts';

// Account → Webhooks, as a person without JavaScript uses it: register (the secret shown once),
// refusals beside their fields, the delivery log with "Send again", enable, delete.
const t = await createTestApp({ env: { WEBHOOK_ALLOW_HOSTS: '127.0.0.1', WEBHOOK_TIMEOUT_SECONDS: '1' } });

const hits: string[] = [];
const receiver = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    hits.push(String(req.headers['webhook-id']));
    res.writeHead(503).end('down for maintenance');
  });
});
await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
after(() => receiver.close());
const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

test('register an endpoint on the page: labelled form, the secret shown once and never again', async () => {
  const { browser, csrf } = await t.signIn({ email: 'hooks@test.example' });
  const account = await browser.get('/account');
  assert.match(account.body, /href="\/account\/webhooks"/);
  const empty = await browser.get('/account/webhooks');
  assert.equal(empty.status, 200);
  const $ = cheerio.load(empty.body);
  for (const id of ['url', 'description', 'categories']) assert.equal($(`label[for="${id}"]`).length, 1, `a label for #${id}`);
  assert.equal($('fieldset legend').text(), 'Events');
  assert.equal($('input[name="events"]').length, 10);
  assert.match(empty.body, /You have no webhook endpoints yet/);

  const res = await browser.post('/account/webhooks', { csrf, url, events: ['listing.live', 'award.won'], description: 'CRM', categories: '' });
  assert.equal(res.status, 201);
  assert.equal(res.headers['cache-control'], 'no-store');
  const secret = /value="(whsec_[^"]+)"/.exec(res.body)?.[1];
  assert.ok(secret, 'the secret is on the page');
  assert.match(res.body, /only time it is shown/);

  const list = await browser.get('/account/webhooks');
  assert.ok(!list.body.includes(secret!), 'never shown again');
  assert.match(list.body, /listing\.live, award\.won/);
  assert.match(list.body, /CRM/);
});

test('refusals are shown beside their field with the input kept, status 400; nothing is stored', async () => {
  const { browser, csrf, userId } = await t.signIn();
  const cases: [Record<string, string | string[]>, string, RegExp][] = [
    [{ url: 'http://example.com/hook', events: ['listing.live'] }, 'url', /must use https/],
    [{ url: 'https://10.1.2.3/hook', events: ['listing.live'] }, 'url', /private, loopback or reserved/],
    [{ url: 'https://93.184.215.14/hook' }, 'events', /at least one event/],
    [{ url: 'https://93.184.215.14/hook', events: ['listing.live'], categories: 'Not A Slug' }, 'categories', /category slugs/],
  ];
  for (const [form, fieldName, message] of cases) {
    const res = await browser.post('/account/webhooks', { csrf, description: '', categories: '', ...form });
    assert.equal(res.status, 400, JSON.stringify(form));
    const $ = cheerio.load(res.body);
    const control = fieldName === 'events' ? $('fieldset') : $(`#${fieldName}`);
    assert.equal(control.attr('aria-invalid'), 'true', `${fieldName} is marked invalid`);
    assert.match($(`#${fieldName}-error`).text(), message);
    if (typeof form.url === 'string') assert.equal($('#url').attr('value'), form.url, 'the input is kept');
  }
  const n = await sql<{ n: number }>`select count(*)::int as n from webhook_endpoints where user_id = ${userId}`.execute(t.db);
  assert.equal(n.rows[0].n, 0);
});

test('the delivery log shows each attempt (status, duration, the answer\'s first bytes); "Send again" queues it; delete removes it', async () => {
  const { browser, csrf, userId } = await t.signIn();
  const { endpointId, deliveryId } = await endpointWithDelivery(t.app.services, t.db, userId);
  await sql`update webhook_endpoints set url = ${url} where id = ${endpointId}`.execute(t.db);
  await sql`insert into webhook_attempts (delivery_id, endpoint_id, attempted_at, duration_ms, outcome, status_code, response_excerpt)
    values (${deliveryId}, ${endpointId}, now(), 42, 'http_error', 500, '<b>oops</b>')`.execute(t.db);
  const log = await browser.get(`/account/webhooks/${endpointId}`);
  assert.equal(log.status, 200);
  assert.match(log.body, /listing\.live/);
  assert.match(log.body, /error answer/);
  assert.match(log.body, /<td>500<\/td>/);
  assert.match(log.body, /42 ms/);
  assert.match(log.body, /&lt;b&gt;oops&lt;\/b&gt;/, 'the answer is shown escaped');

  const again = await browser.post(`/account/webhooks/${endpointId}/deliveries/${deliveryId}/redeliver`, { csrf });
  assert.equal(again.status, 303);
  assert.equal(again.location, `/account/webhooks/${endpointId}?done=resent`);
  await t.jobsIdle();
  assert.equal(hits.length, 1, 'sent again to the receiver');
  const after = await browser.get(`/account/webhooks/${endpointId}?done=resent`);
  assert.match(after.body, /queued again/);
  assert.match(after.body, /<td>503<\/td>/);
  assert.match(after.body, /down for maintenance/);
  assert.match(after.body, /\(sent again\)/);
  const attempts = cheerio.load(after.body)('table[aria-labelledby="attempts-heading"] tbody tr');
  assert.equal(attempts.length, 2, 'every attempt is in the log, the first one too');

  const gone = await browser.post(`/account/webhooks/${endpointId}/delete`, { csrf });
  assert.equal(gone.status, 303);
  assert.equal((await browser.get(`/account/webhooks/${endpointId}`)).status, 404);
});

test('a disabled endpoint says why and offers Enable, not Send again', async () => {
  const { browser, csrf, userId } = await t.signIn();
  const { endpointId } = await endpointWithDelivery(t.app.services, t.db, userId, { disabled: true });
  const list = await browser.get('/account/webhooks');
  assert.match(list.body, /<strong>disabled<\/strong>/);
  assert.match(list.body, /Every delivery failed for 3 days/);
  const log = await browser.get(`/account/webhooks/${endpointId}`);
  assert.doesNotMatch(log.body, />Send again</);
  const res = await browser.post(`/account/webhooks/${endpointId}/enable`, { csrf });
  assert.equal(res.status, 303);
  assert.match((await browser.get('/account/webhooks?done=enabled')).body, /enabled again/);
});

test('another person\'s endpoint: its log is 404 and its forms change nothing', async () => {
  const alice = await t.signIn();
  const { endpointId, deliveryId } = await endpointWithDelivery(t.app.services, t.db, alice.userId);
  const bob = await t.signIn();
  assert.equal((await bob.browser.get(`/account/webhooks/${endpointId}`)).status, 404);
  for (const action of ['delete', 'enable', `deliveries/${deliveryId}/redeliver`]) {
    const res = await bob.browser.post(`/account/webhooks/${endpointId}/${action}`, { csrf: bob.csrf });
    assert.equal(res.status, 404, action);
  }
  const n = await sql<{ n: number }>`select count(*)::int as n from webhook_deliveries where endpoint_id = ${endpointId}`.execute(t.db);
  assert.equal(n.rows[0].n, 1);
});
