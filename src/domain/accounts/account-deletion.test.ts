import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { createTestApp } from '../../testing/harness.ts';
import { obtainTokens } from '../../testing/oauth.ts';
import { SCOPES } from '../actor.ts';
import { ACCOUNT_DELETION_GRACE_DAYS } from '../privacy/retention.ts';
import { erasedEmail } from './account-deletion.ts';
import { runAccountErasure } from '../../jobs/account-erasure.ts';
import { gitHubUpstream } from '../../testing/github-upstream.ts';

// "Delete my account" as a table of rules (docs/decisions.md#account-deletion-issue-31): each row
// starts from a fresh person (signed in, with an API key, an OAuth grant and a live listing), puts
// the account in a state, does one thing, and checks what became of it.

const DAY = 86_400_000;
const start = new Date();
let clock = start;
const github = await gitHubUpstream({ clientId: 'ly-github', clientSecret: 'github-client-secret' });
after(() => github.close());
const t = await createTestApp({ now: () => clock, env: github.env });
const admin = await t.signIn({ email: 'admin@deletion.test', admin: true });
const deletion = t.app.services.accountDeletion;
const PASSWORD = 'a long and correct password';
let serial = 0;

async function person() {
  const email = `person-${++serial}@deletion.test`;
  const site = await t.signIn({ email, name: `Person ${serial}`, password: PASSWORD });
  const { key } = await t.app.services.accounts.createApiKey(site.userId, { name: 'everything', scopes: [...SCOPES] });
  const oauth = await obtainTokens(t.app, { userId: site.userId, scopes: [...SCOPES], resource: '/api/v1' });
  const listing = await t.fx.listing({ owner_id: site.userId, status: 'live', slug: `deletion-listing-${serial}` });
  return { ...site, key: { authorization: `Bearer ${key}` }, oauth: oauth.auth, listing };
}
type Person = Awaited<ReturnType<typeof person>>;

/** What a row checks: the request, the ways in, the listing, the row itself. */
async function stateOf(p: Person) {
  const u = await t.db.selectFrom('users').select(['email', 'name', 'deletion_due_at', 'erased_at', 'password_hash']).where('id', '=', p.userId).executeTakeFirstOrThrow();
  const l = await t.db.selectFrom('listings').select(['status', 'owner_id']).where('id', '=', p.listing).executeTakeFirstOrThrow();
  return {
    pendingFor: u.deletion_due_at ? Math.round((new Date(u.deletion_due_at).getTime() - clock.getTime()) / DAY) : null,
    erased: u.erased_at !== null,
    siteSession: (await p.browser.get('/account')).status === 200,
    apiKey: (await t.get('/api/v1/me', p.key)).status,
    oauth: (await t.get('/api/v1/me', p.oauth)).status,
    listing: `${l.status}${l.owner_id ? '' : ', no owner'}`,
  };
}

const ACTIVE = { pendingFor: null, erased: false, siteSession: true, apiKey: 200, oauth: 200, listing: 'live' };
const PENDING = { pendingFor: ACCOUNT_DELETION_GRACE_DAYS, erased: false, siteSession: false, apiKey: 401, oauth: 401, listing: 'live' };
const ERASED = { pendingFor: null, erased: true, siteSession: false, apiKey: 401, oauth: 401, listing: 'archived, no owner' };

/** Asks for the deletion on the page, with the right password, now. */
async function requestDeletion(p: Person) {
  const res = await p.browser.post('/account/delete', { csrf: p.csrf, password: PASSWORD });
  assert.equal(res.status, 200, res.body.slice(0, 300));
  return res;
}

interface Row {
  rule: string;
  given: (p: Person) => Promise<unknown>;
  act: (p: Person) => Promise<unknown>;
  then: Record<string, unknown> | ((p: Person) => Record<string, unknown>);
  also?: (p: Person, acted: any) => Promise<void>;
}

const signInAgain = async (p: Person) => {
  const browser = t.siteBrowser();
  const res = await browser.post('/sign-in', { email: p.email, password: PASSWORD, csrf: await browser.csrf('/sign-in') });
  p.browser = browser;
  return res;
};

const ROWS: Row[] = [
  {
    rule: 'a wrong password: the message beside the field, and nothing changes',
    given: async () => {},
    act: (p) => p.browser.post('/account/delete', { csrf: p.csrf, password: 'not the password at all' }),
    then: ACTIVE,
    also: async (_p, res) => {
      assert.equal(res.status, 400);
      assert.match(res.body, /id="password"[^>]*aria-describedby="password-hint password-error" aria-invalid="true"/);
      assert.match(res.body, /<p class="field-error" id="password-error">This is not your current password\.<\/p>/);
    },
  },
  {
    rule: 'no password given: the message beside the field, and nothing changes',
    given: async () => {},
    act: (p) => p.browser.post('/account/delete', { csrf: p.csrf, password: '' }),
    then: ACTIVE,
    also: async (_p, res) => {
      assert.equal(res.status, 400);
      assert.match(res.body, /<p class="field-error" id="password-error">Enter your current password\.<\/p>/);
    },
  },
  {
    rule: `the right password: signed out everywhere, keys and apps refused, erased in ${ACCOUNT_DELETION_GRACE_DAYS} days, a mail says when`,
    given: async () => {},
    act: requestDeletion,
    then: PENDING,
    also: async (p, res) => {
      const due = new Date(clock.getTime() + ACCOUNT_DELETION_GRACE_DAYS * DAY).toISOString().slice(0, 16).replace('T', ' ');
      assert.match(res.body, new RegExp(`It will be erased on <strong>${due} UTC</strong>`));
      const mail = await t.db.selectFrom('outbox_emails').selectAll().where('to_address', '=', p.email).orderBy('id', 'desc').executeTakeFirstOrThrow();
      assert.match(mail.subject, /will be deleted on/);
      assert.match(mail.text_body, new RegExp(`It will be erased on ${due} UTC\\.`));
      assert.match(mail.text_body, /signing in cancels the deletion/);
    },
  },
  {
    rule: 'signing in during the grace cancels the request, and the page after sign-in says so',
    given: async (p) => {
      await requestDeletion(p);
      clock = new Date(clock.getTime() + 3 * DAY);
    },
    act: signInAgain,
    then: { ...ACTIVE, siteSession: true, apiKey: 401, oauth: 401 },
    also: async (p, res) => {
      assert.equal(res.status, 303);
      assert.equal(res.headers.location, '/account?notice=deletion-cancelled');
      assert.match((await p.browser.get(res.headers.location)).body, /signing in cancelled the deletion of your account/);
    },
  },
  {
    rule: 'the job before the grace is over erases nothing',
    given: async (p) => {
      await requestDeletion(p);
      clock = new Date(clock.getTime() + ACCOUNT_DELETION_GRACE_DAYS * DAY - 60_000);
    },
    act: () => runAccountErasure(deletion),
    then: { ...PENDING, pendingFor: 0 },
    also: async (_p, summary) => assert.equal(summary.erased, 0),
  },
  {
    rule: 'the job once the grace is over erases the account; its listing is unlisted without an owner',
    given: async (p) => {
      await requestDeletion(p);
      clock = new Date(clock.getTime() + ACCOUNT_DELETION_GRACE_DAYS * DAY);
    },
    act: () => runAccountErasure(deletion),
    then: ERASED,
    also: async (p, summary) => {
      // Earlier rows' requests are due by now too: the count includes them.
      assert.ok(summary.erased >= 1);
      const u = await t.db.selectFrom('users').select(['email', 'name', 'password_hash', 'disabled_at']).where('id', '=', p.userId).executeTakeFirstOrThrow();
      assert.deepEqual([u.email, u.name, u.password_hash], [erasedEmail(p.userId), 'Deleted account', null]);
      assert.ok(u.disabled_at);
      assert.equal((await runAccountErasure(deletion)).erased, 0, 'a second run erases nothing again');
      const signIn = await signInAgain(p);
      assert.equal(signIn.status, 401, 'the old address and password sign in no more');
    },
  },
  {
    rule: 'an administrator erases at once, on request: the action log names the account by its id alone',
    given: async () => {},
    act: (p) => admin.browser.post(`/admin/users/${p.userId}/erase`, { csrf: admin.csrf, when: 'now', note: 'mail of 2 March' }),
    then: ERASED,
    also: async (p, res) => {
      assert.equal(res.status, 303);
      assert.equal(res.headers.location, '/admin/users?done=erased');
      const log = await t.db.selectFrom('admin_actions').selectAll().where('subject_id', '=', p.userId).where('action', '=', 'user_erased').executeTakeFirstOrThrow();
      assert.equal(log.admin_id, admin.userId);
      assert.equal(log.summary, `Erased account #${p.userId} at its owner's request: mail of 2 March`);
      assert.ok(!JSON.stringify(log).includes(p.email));
    },
  },
  {
    rule: 'an administrator schedules the erasure after the grace: as the person\'s own request, with a log entry',
    given: async () => {},
    act: (p) => admin.browser.post(`/admin/users/${p.userId}/erase`, { csrf: admin.csrf, when: 'after_grace', note: '' }),
    then: PENDING,
    also: async (p, res) => {
      assert.equal(res.headers.location, '/admin/users?done=erasure-scheduled');
      const log = await t.db.selectFrom('admin_actions').select('summary').where('subject_id', '=', p.userId).where('action', '=', 'user_deletion_scheduled').executeTakeFirstOrThrow();
      assert.match(log.summary, new RegExp(`^Scheduled the erasure of account #${p.userId} for `));
      const mail = await t.db.selectFrom('outbox_emails').select('text_body').where('to_address', '=', p.email).orderBy('id', 'desc').executeTakeFirstOrThrow();
      assert.match(mail.text_body, /the administrators of .* scheduled the deletion of your account/);
    },
  },
];

for (const row of ROWS) {
  test(row.rule, async () => {
    clock = start;
    const p = await person();
    await row.given(p);
    const acted = await row.act(p);
    const expected = typeof row.then === 'function' ? row.then(p) : row.then;
    assert.deepEqual(await stateOf(p), expected);
    await row.also?.(p, acted);
  });
}

test('an account without a password confirms by the e-mailed link: opening it asks, the button schedules, the link works once', async () => {
  clock = start;
  const p = await person();
  await t.db.updateTable('users').set({ password_hash: null }).where('id', '=', p.userId).execute();
  const page = await p.browser.get('/account/delete');
  assert.match(page.body, /Your account has no password/);
  assert.equal((await p.browser.post('/account/delete', { csrf: p.csrf })).headers.location, '/account/delete?notice=deletion-link-sent');
  const again = await p.browser.post('/account/delete', { csrf: p.csrf });
  assert.equal(again.status, 429, 'a second link within a minute is refused');
  const mail = await t.db.selectFrom('outbox_emails').select('text_body').where('to_address', '=', p.email).where('subject', 'like', 'Confirm the deletion%').executeTakeFirstOrThrow();
  const link = /http:\/\/localhost:3000(\/account\/delete\/confirm\?token=\S+)/.exec(mail.text_body)![1];
  assert.deepEqual((await stateOf(p)).pendingFor, null, 'the mail alone deletes nothing');

  const anywhere = t.siteBrowser();
  const ask = await anywhere.get(link);
  assert.equal(ask.status, 200);
  assert.deepEqual((await stateOf(p)).pendingFor, null, 'opening the link deletes nothing');
  const token = /name="token" value="([^"]+)"/.exec(ask.body)![1];
  const csrf = /name="csrf" value="([^"]+)"/.exec(ask.body)![1];
  const done = await anywhere.post('/account/delete/confirm', { csrf, token });
  assert.equal(done.status, 200);
  assert.deepEqual(await stateOf(p), PENDING);
  const twice = await anywhere.post('/account/delete/confirm', { csrf, token });
  assert.equal(twice.status, 400);
  assert.match(twice.body, /This link was already used/);
  assert.equal((await anywhere.get('/account/delete/confirm?token=nonsense')).status, 400);
});

test('an erased account is not erased again; an administrator cannot erase their own account; a member cannot erase anyone', async () => {
  clock = start;
  const p = await person();
  await deletion.adminErase(null, { email: p.email }, 'now');
  await assert.rejects(deletion.adminErase(null, { id: p.userId }, 'now'), { code: 'user_not_found' });
  await assert.rejects(deletion.adminErase(admin.userId, { id: admin.userId }, 'now'), { code: 'cannot_erase_self' });
  const bob = await person();
  await assert.rejects(deletion.adminErase(bob.userId, { id: p.userId }, 'now'), { code: 'admin_only' });
  const rows = await sql<{ n: number }>`select count(*)::int as n from users where erased_at is not null and id = ${admin.userId}`.execute(t.db);
  assert.equal(rows.rows[0].n, 0);
});

test('signing in with GitHub during the grace cancels the request too, and the page after sign-in says so', async () => {
  clock = start;
  const p = await person();
  const linked = await t.app.services.identities.link(p.userId, { provider: 'github', subject: '4242', email: p.email, emailVerified: true, name: null, createdAt: null });
  assert.equal(linked.ok, true);
  await requestDeletion(p);
  github.state.person = { id: 4242, login: 'person4242', name: null, created_at: '2015-03-01T10:00:00Z', emails: [{ email: p.email, primary: true, verified: true }] };
  // From the site's button through the provider's redirects (its own cookie jar) back to our callback.
  const b = t.siteBrowser();
  let location = (await b.get('/sign-in/github')).location!;
  const jar = new Map<string, string>();
  while (!location.startsWith('http://localhost:3000/')) {
    const res = await fetch(location, { redirect: 'manual', headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
    for (const line of res.headers.getSetCookie()) jar.set(line.split(';')[0].split('=')[0], line.split(';')[0].split('=').slice(1).join('='));
    location = new URL(res.headers.get('location')!, location).href;
  }
  const back = await b.get(location.slice('http://localhost:3000'.length));
  assert.equal(back.status, 303, back.body.slice(0, 300));
  assert.equal(back.location, '/account?notice=deletion-cancelled');
  p.browser = b;
  assert.deepEqual(await stateOf(p), { ...ACTIVE, apiKey: 401, oauth: 401 });
});
