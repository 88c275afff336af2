import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { createTestApp } from '../../testing/harness.ts';
import { provideConnectedApps } from './account/connected-apps.ts';
import { randomUUID } from 'node:crypto';
import * as cheerio from 'cheerio';
import { aiField, insertDraft } from '../../operations/drafts/drafts-testing.ts';
import { submittedListing } from '../../operations/orders/orders-testing.ts';
import { addDays, localDate, mondayOf } from '../../domain/launches/weeks.ts';
import { treeToYaml } from '../../contract/category-tree-yaml.ts';
import sharp from 'sharp';
import { endpointWithDelivery } from '../../domain/webhooks/webhooks-testing.ts';

// CSRF: every form of the site refuses a post without its token, with a wrong token, or sent from
// another origin (even with the right token), and changes nothing; the right token works.
const t = await createTestApp();
await t.fx.listing({ slug: 'csrf-target' });
const revokedApps: string[] = [];
provideConnectedApps(t.app.services, {
  list: async () => [{ id: 'grant-1', name: 'Test App', scopes: ['account:read'], connectedAt: new Date() }],
  revoke: async (_userId, id) => (revokedApps.push(id), id === 'grant-1'),
});

type Browser = ReturnType<typeof t.siteBrowser>;
interface FormCase {
  /** A browser ready to post, the form's other fields, its good token, and what the post changes. */
  setup(): Promise<{ browser: Browser; url: string; form: Record<string, string | string[]>; csrf: string; effect: () => Promise<unknown>; file?: UploadFile }>;
}
/** A form with a file field: posted as multipart/form-data, as the browser sends it. */
type UploadFile = { field: string; name: string; type: string; bytes: Uint8Array };
const post = (browser: Browser, url: string, form: Record<string, string | string[]>, file: UploadFile | undefined, headers?: Record<string, string | undefined>) =>
  file ? browser.upload(url, form as Record<string, string>, file, headers) : browser.post(url, form, headers);
/** A small square PNG, made once. */
const logoPng = sharp({ create: { width: 96, height: 96, channels: 3, background: '#2f5bd3' } }).png().toBuffer();
const count = async (q: ReturnType<typeof sql<{ n: number }>>) => (await q.execute(t.db)).rows[0].n;
const live = (userId: string) => count(sql`select count(*)::int as n from sessions where user_id = ${userId} and revoked_at is null`);

/** The product the checkout form's orders buy, made once. */
let orderProduct: Promise<void> | undefined;
/** The paid launch the launch page's checkout form buys, made once. */
let launchProduct: Promise<void> | undefined;
/** The interview question the interview form answers. */
const question = await t.fx.question('What did you build first?', 1);
/** This week's Monday (launch weeks of the admin listings) and one a few weeks ahead (a paid launch week). */
const thisWeek = mondayOf(localDate(new Date(), 'UTC'));
const paidWeek = addDays(thisWeek, 21);

/** The values a browser would send with the form posting to `action` on `page` (no csrf: the table gives it), with `changes`. */
async function formOf(browser: Browser, page: string, action: string, changes: Record<string, string> = {}) {
  const $ = cheerio.load((await browser.get(page)).body);
  const form = $(`form[action="${action}"]`).first();
  assert.equal(form.length, 1, `a form posting to ${action} on ${page}`);
  const out: Record<string, string> = {};
  form.find('input[name], textarea[name], select[name]').each((_, el) => {
    const e = $(el);
    const type = e.attr('type');
    if ((type === 'checkbox' || type === 'radio') && e.attr('checked') === undefined) return;
    if (el.tagName === 'select') out[e.attr('name')!] = e.find('option[selected]').attr('value') ?? '';
    else out[e.attr('name')!] = el.tagName === 'textarea' ? e.text() : (e.attr('value') ?? '');
  });
  delete out.csrf;
  return { ...out, ...changes };
}

/** A draft form: a signed-in founder's ready draft, the editor's form posting to /drafts/:id/<form> with `changes`, its column. */
function draftForm(form: string, column: string, changes: Record<string, string>): FormCase {
  return {
    async setup() {
      const s = await t.signIn();
      const id = await insertDraft(t, s.userId, { fields: { name: aiField('Acme') } });
      const url = `/drafts/${id}/${form}`;
      return {
        browser: s.browser,
        url,
        form: await formOf(s.browser, `/drafts/${id}`, url, changes),
        csrf: s.csrf,
        effect: async () => (await sql<{ v: string | null }>`select ${sql.ref(column)}::text as v from drafts where id = ${id}`.execute(t.db)).rows[0].v,
      };
    },
  };
}

/** A signed-in owner's submitted listing (status draft, free plan) and a fresh Idempotency-Key. */
async function ownedListing(p: Parameters<typeof t.fx.listing>[0] = {}) {
  const s = await t.signIn();
  const id = Number(Object.keys(p).length ? await t.fx.listing({ owner_id: s.userId, ...p }) : await submittedListing(t, s.userId));
  return { ...s, id, key: randomUUID() };
}
const column = async (table: string, col: string, id: string | number) =>
  (await sql<{ v: string | null }>`select ${sql.ref(col)}::text as v from ${sql.table(table)} where id = ${String(id)}`.execute(t.db)).rows[0].v;

/** A listing without an owner (to claim), on a homepage nothing answers: a check reads nothing from the network. */
let claimable = 0;
const unclaimed = () => t.fx.listing({ slug: `csrf-claim-${++claimable}-${Math.random().toString(36).slice(2, 6)}`, url: 'http://127.0.0.1:9/', domain: '127.0.0.1' });
const FORMS: Record<string, FormCase> = {
  '/sign-in': {
    async setup() {
      const email = `in-${Math.random()}@test.example`;
      const userId = await t.app.services.accounts.createUser({ email, name: 'In', password: 'sign in password' });
      const browser = t.siteBrowser();
      return { browser, url: '/sign-in', form: { email, password: 'sign in password' }, csrf: await browser.csrf('/sign-in'), effect: () => live(userId) };
    },
  },
  '/sign-up': {
    async setup() {
      const email = `up-${Math.random()}@test.example`;
      const browser = t.siteBrowser();
      return {
        browser,
        url: '/sign-up',
        form: { name: 'Up', email, password: 'sign up password' },
        csrf: await browser.csrf('/sign-up'),
        effect: () => count(sql`select count(*)::int as n from users where email = ${email}`),
      };
    },
  },
  '/newsletter/subscribe': {
    async setup() {
      const email = `nl-${Math.random().toString(36).slice(2)}@test.example`;
      const browser = t.siteBrowser({ ip: `198.18.${Math.floor(Math.random() * 250)}.1` });
      return {
        browser,
        url: '/newsletter/subscribe',
        form: await formOf(browser, '/newsletter/subscribe', '/newsletter/subscribe', { email }),
        csrf: await browser.csrf('/newsletter/subscribe'),
        effect: () => count(sql`select count(*)::int as n from newsletter_subscribers where email = ${email}`),
      };
    },
  },
  '/newsletter/confirm/:token': {
    async setup() {
      const email = `nl-${Math.random().toString(36).slice(2)}@test.example`;
      await t.app.services.newsletter.subscribe({ email, consent: { page: '/newsletter/subscribe', text: 'The newsletter' }, ip: `198.18.${Math.floor(Math.random() * 250)}.2` });
      await t.app.services.newsletter.idle();
      const mail = await t.db.selectFrom('outbox_emails').select('text_body').where('to_address', '=', email).executeTakeFirstOrThrow();
      const url = /\/newsletter\/confirm\/[A-Za-z0-9_-]+/.exec(mail.text_body)![0];
      const browser = t.siteBrowser();
      return {
        browser,
        url,
        form: {},
        csrf: await browser.csrf(url),
        effect: async () => (await sql<{ s: string }>`select status as s from newsletter_subscribers where email = ${email}`.execute(t.db)).rows[0].s,
      };
    },
  },
  '/sign-out': {
    async setup() {
      const s = await t.signIn();
      return { browser: s.browser, url: '/sign-out', form: {}, csrf: s.csrf, effect: () => live(s.userId) };
    },
  },
  '/account/verify-email': {
    async setup() {
      const s = await t.signIn({ verified: false });
      return { browser: s.browser, url: '/account/verify-email', form: {}, csrf: s.csrf, effect: () => count(sql`select count(*)::int as n from email_tokens where user_id = ${s.userId}`) };
    },
  },
  '/account/sign-out-everywhere': {
    async setup() {
      const s = await t.signIn();
      return { browser: s.browser, url: '/account/sign-out-everywhere', form: {}, csrf: s.csrf, effect: () => live(s.userId) };
    },
  },
  '/account/api-keys': {
    async setup() {
      const s = await t.signIn();
      return {
        browser: s.browser,
        url: '/account/api-keys',
        form: { name: 'csrf', scopes: ['account:read'], expires: '' },
        csrf: s.csrf,
        effect: () => count(sql`select count(*)::int as n from api_keys where user_id = ${s.userId}`),
      };
    },
  },
  '/account/api-keys/:id/revoke': {
    async setup() {
      const s = await t.signIn();
      const { record } = await t.app.services.accounts.createApiKey(s.userId, { name: 'k', scopes: ['account:read'] });
      return {
        browser: s.browser,
        url: `/account/api-keys/${record.id}/revoke`,
        form: {},
        csrf: s.csrf,
        effect: () => count(sql`select count(*)::int as n from api_keys where id = ${record.id} and revoked_at is null`),
      };
    },
  },
  '/account/webhooks': {
    async setup() {
      const s = await t.signIn();
      return {
        browser: s.browser,
        url: '/account/webhooks',
        form: { url: 'https://93.184.215.14/hook', events: ['award.won'], description: '', categories: '' },
        csrf: s.csrf,
        effect: () => count(sql`select count(*)::int as n from webhook_endpoints where user_id = ${s.userId}`),
      };
    },
  },
  '/account/webhooks/:id/delete': {
    async setup() {
      const s = await t.signIn();
      const { endpointId } = await endpointWithDelivery(t.app.services, t.db, s.userId);
      return { browser: s.browser, url: `/account/webhooks/${endpointId}/delete`, form: {}, csrf: s.csrf, effect: () => count(sql`select count(*)::int as n from webhook_endpoints where id = ${endpointId}`) };
    },
  },
  '/account/webhooks/:id/enable': {
    async setup() {
      const s = await t.signIn();
      const { endpointId } = await endpointWithDelivery(t.app.services, t.db, s.userId, { disabled: true });
      return { browser: s.browser, url: `/account/webhooks/${endpointId}/enable`, form: {}, csrf: s.csrf, effect: () => count(sql`select count(*)::int as n from webhook_endpoints where id = ${endpointId} and disabled_at is null`) };
    },
  },
  '/account/webhooks/:id/deliveries/:delivery/redeliver': {
    async setup() {
      const s = await t.signIn();
      const { endpointId, deliveryId } = await endpointWithDelivery(t.app.services, t.db, s.userId);
      return {
        browser: s.browser,
        url: `/account/webhooks/${endpointId}/deliveries/${deliveryId}/redeliver`,
        form: {},
        csrf: s.csrf,
        effect: () => count(sql`select count(*)::int as n from webhook_deliveries where endpoint_id = ${endpointId}`),
      };
    },
  },
  '/account/apps/:id/revoke': {
    async setup() {
      const s = await t.signIn();
      revokedApps.length = 0;
      return { browser: s.browser, url: '/account/apps/grant-1/revoke', form: {}, csrf: s.csrf, effect: async () => revokedApps.length };
    },
  },
  '/listings/:slug/vote': {
    async setup() {
      const s = await t.signIn();
      return {
        browser: s.browser,
        url: '/listings/csrf-target/vote',
        form: { intent: 'add' },
        csrf: s.csrf,
        effect: () => count(sql`select count(*)::int as n from votes where user_id = ${s.userId}`),
      };
    },
  },
  '/listings/:slug/follow': {
    async setup() {
      const s = await t.signIn();
      return {
        browser: s.browser,
        url: '/listings/csrf-target/follow',
        form: { intent: 'add' },
        csrf: s.csrf,
        effect: () => count(sql`select count(*)::int as n from follows where user_id = ${s.userId}`),
      };
    },
  },
  '/invites/:token': {
    async setup() {
      const owner = await t.apiKey(['listings:write']);
      const draftId = await insertDraft(t, owner.userId, { fields: { name: aiField('Acme') }, founders: [{ name: 'Ada', title: null, bio: null, evidence: [] }] });
      const email = `invitee-${Math.random().toString(36).slice(2)}@test.example`;
      await t.rest('POST', `/api/v1/drafts/${draftId}/invites`, { email }, owner.auth);
      const mail = await t.db.selectFrom('outbox_emails').select('text_body').where('to_address', '=', email).executeTakeFirstOrThrow();
      const token = /\/invites\/([A-Za-z0-9_-]+)/.exec(mail.text_body)![1];
      const s = await t.signIn();
      return {
        browser: s.browser,
        url: `/invites/${token}`,
        form: { name: 'Grace', title: 'CTO', bio: '' },
        csrf: s.csrf,
        effect: () => count(sql`select count(*)::int as n from draft_invites where accepted_by = ${s.userId}`),
      };
    },
  },
  '/listings/:slug/reviews': {
    async setup() {
      const s = await t.signIn();
      return {
        browser: s.browser,
        url: '/listings/csrf-target/reviews',
        form: { rating: '4', body: 'Good.' },
        csrf: s.csrf,
        effect: () => count(sql`select count(*)::int as n from reviews where user_id = ${s.userId}`),
      };
    },
  },
  '/listings/:slug/comments': {
    async setup() {
      const s = await t.signIn();
      return {
        browser: s.browser,
        url: '/listings/csrf-target/comments',
        form: { body: `A question ${Math.random()}`, website: '' },
        csrf: s.csrf,
        effect: () => count(sql`select count(*)::int as n from comments where user_id = ${s.userId}`),
      };
    },
  },
  ...Object.fromEntries((['edit', 'delete', 'upvote', 'pin'] as const).map((action) => [`/comments/:id/${action}`, {
    async setup() {
      // The owner acts on their own comment (edit, delete, pin); an upvote is another person's.
      const owner = await t.signIn();
      const slug = `csrf-talk-${action}-${Math.random().toString(36).slice(2, 8)}`;
      await t.fx.listing({ slug, owner_id: owner.userId });
      const actor = (userId: string) => ({ kind: 'user', via: 'session', userId, scopes: [], ip: '203.0.113.1' }) as never;
      const c = await t.app.services.discussions.post(actor(owner.userId), slug, { body: `The maker's word on ${action}` });
      const s = action === 'upvote' ? await t.signIn() : owner;
      const effects = {
        edit: sql`select count(*)::int as n from comments where id = ${c.id} and edited_at is not null`,
        delete: sql`select count(*)::int as n from comments where id = ${c.id}`,
        upvote: sql`select count(*)::int as n from comment_upvotes where comment_id = ${c.id}`,
        pin: sql`select count(*)::int as n from comments where id = ${c.id} and pinned_at is not null`,
      };
      const forms: Record<typeof action, Record<string, string>> = { edit: { body: 'Better words', slug }, delete: {}, upvote: { intent: 'add' }, pin: { intent: 'add' } };
      return {
        browser: s.browser,
        url: `/comments/${c.id}/${action}`,
        form: forms[action],
        csrf: s.csrf,
        effect: () => count(effects[action] as never),
      };
    },
  } satisfies FormCase])),
  '/account/email': {
    async setup() {
      const s = await t.signIn();
      return {
        browser: s.browser,
        url: '/account/email',
        form: { on: ['replies'] },
        csrf: s.csrf,
        effect: () => count(sql`select count(*)::int as n from email_preferences where user_id = ${s.userId} and not enabled`),
      };
    },
  },
  '/account/data': {
    async setup() {
      const s = await t.signIn();
      return { browser: s.browser, url: '/account/data', form: {}, csrf: s.csrf, effect: () => count(sql`select count(*)::int as n from data_exports where user_id = ${s.userId}`) };
    },
  },
  '/report': {
    async setup() {
      const s = await t.signIn();
      const author = await t.signIn();
      const c = await t.app.services.discussions.post({ kind: 'user', via: 'session', userId: author.userId, scopes: [], ip: '203.0.113.1' } as never, 'csrf-target', { body: `A comment to report ${Math.random()}` });
      return {
        browser: s.browser,
        url: '/report',
        form: { type: 'comment', id: String(c.id), reason: 'spam', details: '' },
        csrf: s.csrf,
        effect: () => count(sql`select count(*)::int as n from reports where reporter_id = ${s.userId}`),
      };
    },
  },
  ...Object.fromEntries((['hide', 'restore', 'dismiss'] as const).map((action) => [`/admin/reports/${action}`, {
    async setup() {
      const s = await t.signIn({ admin: true });
      const author = await t.signIn();
      const reporter = await t.signIn();
      const actor = (userId: string) => ({ kind: 'user', via: 'session', userId, scopes: [], ip: '203.0.113.1' }) as never;
      const c = await t.app.services.discussions.post(actor(author.userId), 'csrf-target', { body: `Reported for ${action} ${Math.random()}` });
      await t.app.services.reports.file(actor(reporter.userId), { subject_type: 'comment', subject_id: c.id, reason: 'spam' });
      if (action === 'restore') await t.app.services.contentModeration.hide(s.userId, 'comment', String(c.id), 'off topic');
      return {
        browser: s.browser,
        url: `/admin/reports/${action}`,
        form: { type: 'comment', id: String(c.id), reason: 'off topic', back: '/admin/reports' },
        csrf: s.csrf,
        effect: () => count(sql`select count(*)::int as n from admin_actions where subject_type = 'comment' and subject_id = ${String(c.id)}`),
      };
    },
  } satisfies FormCase])),
  ...Object.fromEntries((['release', 'confirm'] as const).map((action) => [`/admin/votes/${action}`, {
    async setup() {
      const s = await t.signIn({ admin: true });
      const listingId = await t.fx.listing();
      const group = `fresh_burst:${listingId}`;
      for (let i = 0; i < 3; i++) await t.fx.vote(listingId, await t.fx.user());
      await sql`update votes set held_reason = 'fresh_burst', held_group = ${group}, held_at = now(), points = 0 where listing_id = ${listingId}`.execute(t.db);
      return {
        browser: s.browser,
        url: `/admin/votes/${action}`,
        form: { group, listing_id: listingId },
        csrf: s.csrf,
        effect: () => count(sql`select count(*)::int as n from votes where listing_id = ${listingId} and review is not null`),
      };
    },
  } satisfies FormCase])),
  '/admin/reports/disable-author': {
    async setup() {
      const s = await t.signIn({ admin: true });
      const user = await t.fx.user();
      return {
        browser: s.browser,
        url: '/admin/reports/disable-author',
        form: { user_id: user, back: '/admin/reports' },
        csrf: s.csrf,
        effect: () => count(sql`select count(*)::int as n from users where id = ${user} and disabled_at is not null`),
      };
    },
  },
  '/checkout/:number/pay': {
    async setup() {
      await (orderProduct ??= t.fx.product({ code: 'csrf-story', price_cents: 2900, kind: 'section_unlock', options: { section: 'story' } }));
      const buyer = await t.fx.user();
      const listingId = Number(await t.fx.listing({ owner_id: buyer, status: 'draft' }));
      const order = await t.app.services.orders.createCheckout(buyer, { items: [{ product: 'csrf-story', listing_id: listingId }], billing_country: 'US' });
      const page = order.checkout_url.replace('http://localhost:3000', '');
      const browser = t.siteBrowser();
      return {
        browser,
        url: `/checkout/${order.number}/pay`,
        form: { token: new URL(order.checkout_url).searchParams.get('token')!, name: 'Acme', address: '1 Main St', postal_code: '', city: 'Springfield' },
        csrf: await browser.csrf(page),
        effect: async () => (await t.db.selectFrom('orders').select('status').where('number', '=', order.number).executeTakeFirstOrThrow()).status,
      };
    },
  },
  '/admin/products': {
    async setup() {
      const s = await t.signIn({ admin: true });
      const code = `csrf-new-${Math.random().toString(36).slice(2, 8)}`;
      return {
        browser: s.browser,
        url: '/admin/products',
        form: { code, name: 'New', kind: 'paid_launch', price_cents: '100' },
        csrf: s.csrf,
        effect: () => count(sql`select count(*)::int as n from products where code = ${code}`),
      };
    },
  },
  '/admin/products/:code/price': {
    async setup() {
      const s = await t.signIn({ admin: true });
      const code = `csrf-price-${Math.random().toString(36).slice(2, 8)}`;
      await t.fx.product({ code, price_cents: 100 });
      return {
        browser: s.browser,
        url: `/admin/products/${code}/price`,
        form: { price_cents: '4321' },
        csrf: s.csrf,
        effect: () => count(sql`select price_cents as n from products where code = ${code}`),
      };
    },
  },
  '/admin/products/:code/retire': {
    async setup() {
      const s = await t.signIn({ admin: true });
      const code = `csrf-retire-${Math.random().toString(36).slice(2, 8)}`;
      await t.fx.product({ code, price_cents: 100 });
      return {
        browser: s.browser,
        url: `/admin/products/${code}/retire`,
        form: {},
        csrf: s.csrf,
        effect: () => count(sql`select count(*)::int as n from products where code = ${code} and active`),
      };
    },
  },

  '/admin/newsletter/test': {
    async setup() {
      const s = await t.signIn({ admin: true });
      return {
        browser: s.browser,
        url: '/admin/newsletter/test',
        form: {},
        csrf: s.csrf,
        effect: () => count(sql`select count(*)::int as n from outbox_emails where to_address = ${s.email}`),
      };
    },
  },
  '/admin/newsletter/intro': {
    async setup() {
      const s = await t.signIn({ admin: true });
      return {
        browser: s.browser,
        url: '/admin/newsletter/intro',
        form: await formOf(s.browser, '/admin/newsletter', '/admin/newsletter/intro', { intro: `Hello ${Math.random()}` }),
        csrf: s.csrf,
        effect: () => count(sql`select count(*)::int as n from admin_actions where action = 'newsletter_intro_saved' and admin_id = ${s.userId}`),
      };
    },
  },
  '/admin/newsletter/settings': {
    async setup() {
      const s = await t.signIn({ admin: true });
      const { hour } = await t.app.services.newsletterEditions.settings();
      return {
        browser: s.browser,
        url: '/admin/newsletter/settings',
        form: { auto: 'on', hour: String((hour + 1) % 24) },
        csrf: s.csrf,
        effect: () => count(sql`select newsletter_hour::int as n from site_settings where id = 1`),
      };
    },
  },
  '/admin/newsletter/send': {
    async setup() {
      // Last week (of the real clock) had no launch: decided at once. Each case sends it afresh.
      await sql`delete from newsletter_editions`.execute(t.db);
      const s = await t.signIn({ admin: true });
      return {
        browser: s.browser,
        url: '/admin/newsletter/send',
        form: await formOf(s.browser, '/admin/newsletter', '/admin/newsletter/send'),
        csrf: s.csrf,
        effect: () => count(sql`select count(*)::int as n from admin_actions where action = 'newsletter_sending_started' and admin_id = ${s.userId}`),
      };
    },
  },

  '/admin/categories': {
    async setup() {
      const s = await t.signIn({ admin: true });
      const slug = `csrf-add-${Math.random().toString(36).slice(2, 8)}`;
      return {
        browser: s.browser,
        url: '/admin/categories',
        form: { slug, name: `New ${slug}`, parent: 'software', description: '', keywords: '' },
        csrf: s.csrf,
        effect: () => count(sql`select count(*)::int as n from categories where slug = ${slug}`),
      };
    },
  },
  '/admin/categories/move': {
    async setup() {
      const s = await t.signIn({ admin: true });
      const slug = `csrf-move-${Math.random().toString(36).slice(2, 8)}`;
      await t.fx.category({ slug, parent: 'software' });
      return {
        browser: s.browser,
        url: '/admin/categories/move',
        form: { category: slug, parent: 'hosting' },
        csrf: s.csrf,
        effect: () => count(sql`select parent_id::int as n from categories where slug = ${slug}`),
      };
    },
  },
  '/admin/categories/retire': {
    async setup() {
      const s = await t.signIn({ admin: true });
      const slug = `csrf-retire-${Math.random().toString(36).slice(2, 8)}`;
      await t.fx.category({ slug, parent: 'software' });
      return {
        browser: s.browser,
        url: '/admin/categories/retire',
        form: { category: slug, into: '' },
        csrf: s.csrf,
        effect: () => count(sql`select count(*)::int as n from categories where slug = ${slug}`),
      };
    },
  },
  '/admin/categories/import': {
    async setup() {
      const s = await t.signIn({ admin: true });
      const slug = `csrf-import-${Math.random().toString(36).slice(2, 8)}`;
      const doc = await t.app.services.categoryTree.export();
      const extra = { slug, name: `Imported ${slug}`, description: '', parent: 'software', keywords: [], attributes: [], faqs: [] };
      return {
        browser: s.browser,
        url: '/admin/categories/import',
        form: { yaml: treeToYaml({ categories: [...doc.categories, extra] }), act: 'apply' },
        csrf: s.csrf,
        effect: () => count(sql`select count(*)::int as n from categories where slug = ${slug}`),
      };
    },
  },
  '/submit': {
    async setup() {
      const s = await t.signIn();
      return {
        browser: s.browser,
        url: '/submit',
        // A loopback address the crawler refuses at once: the draft is made, nothing is fetched.
        form: { url: 'http://127.0.0.1:9/', idempotency_key: randomUUID() },
        csrf: s.csrf,
        effect: () => count(sql`select count(*)::int as n from drafts where owner_id = ${s.userId}`),
      };
    },
  },
  '/drafts/:id/fields': draftForm('fields', 'fields', { 'fields.name': 'Acme Books', act: 'save' }),
  '/drafts/:id/faqs': draftForm('faqs', 'faqs', { 'faqs.0.question': 'Is there a free plan?', 'faqs.0.answer': 'Yes.' }),
  '/drafts/:id/founders': draftForm('founders', 'founders', { 'founders.0.name': 'Ada Founder', 'founders.0.title': 'CEO' }),
  '/drafts/:id/company-links': draftForm('company-links', 'company_socials', { 'company_socials.x': 'https://x.com/acme' }),
  '/drafts/:id/story': draftForm('story', 'story', { 'story.why_started': 'Invoices took us hours.' }),
  '/drafts/:id/milestones': draftForm('milestones', 'milestones', { 'milestones.0.date': '2024-02-29', 'milestones.0.title': 'Launch' }),
  '/drafts/:id/competitor': draftForm('competitor', 'competitor', { competitor_url: 'http://127.0.0.1:9/pricing' }),
  '/drafts/:id/seo': draftForm('seo', 'seo', { 'seo.title': 'Acme: invoices in one click', 'seo.meta': 'Invoices in one click.' }),
  '/drafts/:id/invites': {
    async setup() {
      const s = await t.signIn();
      const id = await insertDraft(t, s.userId, { fields: { name: aiField('Acme') } });
      const url = `/drafts/${id}/invites`;
      return {
        browser: s.browser,
        url,
        form: await formOf(s.browser, `/drafts/${id}`, url, { email: `cofounder-${Math.random().toString(36).slice(2)}@test.example` }),
        csrf: s.csrf,
        effect: () => count(sql`select count(*)::int as n from draft_invites where draft_id = ${id}`),
      };
    },
  },
  '/drafts/:id/submit': {
    async setup() {
      const s = await t.signIn();
      const id = await insertDraft(t, s.userId, { fields: { name: aiField('Acme') } });
      const url = `/drafts/${id}/submit`;
      return {
        browser: s.browser,
        url,
        form: await formOf(s.browser, `/drafts/${id}`, url),
        csrf: s.csrf,
        effect: () => count(sql`select count(*)::int as n from listings where owner_id = ${s.userId}`),
      };
    },
  },
  '/my/listings/:id': {
    async setup() {
      const o = await ownedListing();
      return {
        browser: o.browser,
        url: `/my/listings/${o.id}`,
        form: { idempotency_key: o.key, 'fields.tagline': 'Invoices in one click' },
        csrf: o.csrf,
        effect: () => column('listings', 'tagline', o.id),
      };
    },
  },
  '/my/listings/:id/updates': {
    async setup() {
      const o = await ownedListing();
      return {
        browser: o.browser,
        url: `/my/listings/${o.id}/updates`,
        form: { idempotency_key: o.key, title: 'Hello', body: 'News.' },
        csrf: o.csrf,
        effect: () => count(sql`select count(*)::int as n from listing_updates where listing_id = ${String(o.id)}`),
      };
    },
  },
  '/my/listings/:id/milestones': {
    async setup() {
      const o = await ownedListing();
      return {
        browser: o.browser,
        url: `/my/listings/${o.id}/milestones`,
        form: { idempotency_key: o.key, date: '2026-03-01', title: 'First customer', description: '', url: '' },
        csrf: o.csrf,
        effect: () => count(sql`select count(*)::int as n from milestones where listing_id = ${String(o.id)}`),
      };
    },
  },
  '/my/listings/:id/milestones/:milestone/delete': {
    async setup() {
      const o = await ownedListing();
      const m = await t.db.insertInto('milestones').values({ listing_id: String(o.id), date: '2026-03-01', title: 'First customer', description: null, url: null }).returning('id').executeTakeFirstOrThrow();
      return {
        browser: o.browser,
        url: `/my/listings/${o.id}/milestones/${m.id}/delete`,
        form: { idempotency_key: o.key },
        csrf: o.csrf,
        effect: () => count(sql`select count(*)::int as n from milestones where id = ${m.id}`),
      };
    },
  },
  '/my/listings/:id/story': {
    async setup() {
      const o = await ownedListing();
      return {
        browser: o.browser,
        url: `/my/listings/${o.id}/story`,
        form: { idempotency_key: o.key, title: 'How Acme began', story: 'In a garage.' },
        csrf: o.csrf,
        effect: () => column('listings', 'story', o.id),
      };
    },
  },
  '/my/listings/:id/pictures/logo': {
    async setup() {
      const o = await ownedListing();
      return {
        browser: o.browser,
        url: `/my/listings/${o.id}/pictures/logo`,
        form: {},
        file: { field: 'logo', name: 'logo.png', type: 'image/png', bytes: await logoPng },
        csrf: o.csrf,
        effect: () => column('listings', 'logo_url', o.id),
      };
    },
  },
  '/my/listings/:id/pictures/images': {
    async setup() {
      const o = await ownedListing();
      return {
        browser: o.browser,
        url: `/my/listings/${o.id}/pictures/images`,
        form: { alt: 'A blue square', caption: '' },
        file: { field: 'image', name: 'shot.png', type: 'image/png', bytes: await sharp({ create: { width: 400, height: 300, channels: 3, background: '#2f5bd3' } }).png().toBuffer() },
        csrf: o.csrf,
        effect: () => count(sql`select count(*)::int as n from listing_media where listing_id = ${String(o.id)}`),
      };
    },
  },
  '/my/listings/:id/pictures/logo/remove': {
    async setup() {
      const o = await ownedListing();
      await t.app.services.pictures.setLogo(o.userId, o.id, await logoPng);
      return {
        browser: o.browser,
        url: `/my/listings/${o.id}/pictures/logo/remove`,
        form: {},
        csrf: o.csrf,
        effect: () => column('listings', 'logo_url', o.id),
      };
    },
  },
  '/my/listings/:id/pictures/videos': {
    async setup() {
      const o = await ownedListing();
      return {
        browser: o.browser,
        url: `/my/listings/${o.id}/pictures/videos`,
        form: { video_url: 'https://vimeo.com/76979871', caption: '' },
        csrf: o.csrf,
        effect: () => count(sql`select count(*)::int as n from listing_media where listing_id = ${String(o.id)}`),
      };
    },
  },
  '/my/listings/:id/pictures/items/:item': {
    async setup() {
      const o = await ownedListing();
      const item = await t.app.services.pictures.addVideo(o.userId, o.id, { url: 'https://vimeo.com/76979871', caption: 'Before' });
      return {
        browser: o.browser,
        url: `/my/listings/${o.id}/pictures/items/${item}`,
        form: { action: 'save', caption: 'After', alt: '' },
        csrf: o.csrf,
        effect: () => count(sql`select count(*)::int as n from listing_media where id = ${item} and caption = 'After'`),
      };
    },
  },
  '/my/listings/:id/interview': {
    async setup() {
      const o = await ownedListing();
      return {
        browser: o.browser,
        url: `/my/listings/${o.id}/interview`,
        form: { idempotency_key: o.key, 'answers.0.question_id': String(question), 'answers.0.answer': 'A spreadsheet.' },
        csrf: o.csrf,
        effect: () => count(sql`select count(*)::int as n from interview_answers where user_id = ${o.userId}`),
      };
    },
  },
  '/my/listings/:id/launch/free': {
    async setup() {
      const o = await ownedListing();
      return { browser: o.browser, url: `/my/listings/${o.id}/launch/free`, form: { idempotency_key: o.key }, csrf: o.csrf, effect: () => column('listings', 'status', o.id) };
    },
  },
  '/my/listings/:id/launch/check': {
    async setup() {
      // Waiting for its badge on a homepage the crawler refuses at once (loopback): the check asks nothing of the network.
      const o = await ownedListing({ status: 'awaiting_badge', plan: 'free', launch_week: paidWeek, url: 'http://127.0.0.1:9/', domain: '127.0.0.1' });
      return {
        browser: o.browser,
        url: `/my/listings/${o.id}/launch/check`,
        form: { idempotency_key: o.key },
        csrf: o.csrf,
        effect: async () => [await column('listings', 'badge_check_requested_at', o.id), await column('listings', 'badge_checked_at', o.id)],
      };
    },
  },
  '/my/listings/:id/launch/checkout': {
    async setup() {
      await (launchProduct ??= t.fx.product({ code: 'csrf-paid-launch', price_cents: 4900, kind: 'paid_launch', position: 0 }));
      const o = await ownedListing();
      return {
        browser: o.browser,
        url: `/my/listings/${o.id}/launch/checkout`,
        form: { idempotency_key: o.key, week: paidWeek, billing_country: 'US' },
        csrf: o.csrf,
        effect: () => count(sql`select count(*)::int as n from orders where user_id = ${o.userId}`),
      };
    },
  },
  '/listings/:slug/claim': {
    async setup() {
      const s = await t.signIn();
      const id = await unclaimed();
      const slug = (await column('listings', 'slug', id))!;
      return {
        browser: s.browser,
        url: `/listings/${slug}/claim`,
        form: { idempotency_key: randomUUID(), method: 'meta', email: '' },
        csrf: s.csrf,
        effect: () => count(sql`select count(*)::int as n from listing_claims where user_id = ${s.userId}`),
      };
    },
  },
  '/my/claims/:id/verify': {
    async setup() {
      const s = await t.signIn();
      const slug = (await column('listings', 'slug', await unclaimed()))!;
      const started = await s.browser.post(`/listings/${slug}/claim`, { csrf: s.csrf, idempotency_key: randomUUID(), method: 'meta' });
      const claimId = /^\/my\/claims\/(\d+)/.exec(started.location ?? '')?.[1];
      assert.ok(claimId, `the claim started: ${started.status} ${started.body.slice(0, 300)}`);
      return {
        browser: s.browser,
        url: `/my/claims/${claimId}/verify`,
        form: { idempotency_key: randomUUID() },
        csrf: s.csrf,
        effect: () => column('listing_claims', 'checked_at', claimId),
      };
    },
  },
  '/admin/listing-versions/:id/review': {
    async setup() {
      const s = await t.signIn({ admin: true });
      const listingId = await t.fx.listing({ launch_week: thisWeek });
      const v = await t.db
        .insertInto('listing_versions')
        .values({ listing_id: listingId, editor_id: null, source: 'update_my_listing', before: JSON.stringify({ tagline: null }), after: JSON.stringify({ tagline: 'Edited' }) } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      return {
        browser: s.browser,
        url: `/admin/listing-versions/${v.id}/review`,
        form: {},
        csrf: s.csrf,
        effect: () => count(sql`select count(*)::int as n from listing_version_reviews where version_id = ${v.id}`),
      };
    },
  },
  '/admin/listings/:id/hide': {
    async setup() {
      const s = await t.signIn({ admin: true });
      const id = await t.fx.listing({ launch_week: thisWeek });
      return {
        browser: s.browser,
        url: `/admin/listings/${id}/hide`,
        form: { reason: 'Spam: not a product.' },
        csrf: s.csrf,
        effect: () => count(sql`select count(*)::int as n from listing_moderation where listing_id = ${id}`),
      };
    },
  },
  '/admin/listings/:id/restore': {
    async setup() {
      const s = await t.signIn({ admin: true });
      const id = await t.fx.listing({ launch_week: thisWeek });
      await t.app.services.admin.moderation.hide(s.userId, id, 'Spam: not a product.');
      return {
        browser: s.browser,
        url: `/admin/listings/${id}/restore`,
        form: {},
        csrf: s.csrf,
        effect: () => count(sql`select count(*)::int as n from listing_moderation where listing_id = ${id}`),
      };
    },
  },
  '/admin/users/:id/disable': {
    async setup() {
      const s = await t.signIn({ admin: true });
      const user = await t.fx.user();
      return {
        browser: s.browser,
        url: `/admin/users/${user}/disable`,
        form: {},
        csrf: s.csrf,
        effect: () => count(sql`select count(*)::int as n from users where id = ${user} and disabled_at is not null`),
      };
    },
  },
  '/admin/users/:id/enable': {
    async setup() {
      const s = await t.signIn({ admin: true });
      const user = await t.fx.user();
      await t.app.services.admin.accounts.disable(s.userId, { id: user });
      return {
        browser: s.browser,
        url: `/admin/users/${user}/enable`,
        form: {},
        csrf: s.csrf,
        effect: () => count(sql`select count(*)::int as n from users where id = ${user} and disabled_at is not null`),
      };
    },
  },
  '/account/delete': {
    async setup() {
      const s = await t.signIn();
      return {
        browser: s.browser,
        url: '/account/delete',
        form: { password: s.password },
        csrf: s.csrf,
        effect: () => column('users', 'deletion_due_at', s.userId),
      };
    },
  },
  '/account/delete/confirm': {
    async setup() {
      // An account without a password confirms by the e-mailed link; its page is the form.
      const s = await t.signIn();
      await t.db.updateTable('users').set({ password_hash: null }).where('id', '=', s.userId).execute();
      assert.equal((await s.browser.post('/account/delete', { csrf: s.csrf })).status, 303);
      const mail = await t.db.selectFrom('outbox_emails').select('text_body').where('to_address', '=', s.email).where('subject', 'like', 'Confirm the deletion%').executeTakeFirstOrThrow();
      const link = /http:\/\/localhost:3000(\/account\/delete\/confirm\?token=\S+)/.exec(mail.text_body)![1];
      const browser = t.siteBrowser();
      const page = (await browser.get(link)).body;
      return {
        browser,
        url: '/account/delete/confirm',
        form: { token: /name="token" value="([^"]+)"/.exec(page)![1] },
        csrf: /name="csrf" value="([^"]+)"/.exec(page)![1],
        effect: () => column('users', 'deletion_due_at', s.userId),
      };
    },
  },
  '/admin/users/:id/erase': {
    async setup() {
      const s = await t.signIn({ admin: true });
      const user = await t.fx.user();
      return {
        browser: s.browser,
        url: `/admin/users/${user}/erase`,
        form: { when: 'now', note: '' },
        csrf: s.csrf,
        effect: () => column('users', 'erased_at', user),
      };
    },
  },
};

/** The POST routes of the site, read from Fastify's route tree (OAuth, MCP and API routes aside). */
function sitePostRoutes() {
  const tree = t.app.http.printRoutes({ commonPrefix: false, method: 'POST' } as never);
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1].length / 4;
    stack[depth] = (depth ? stack[depth - 1] : '') + m[2];
    stack.length = depth + 1;
    if (m[3]) routes.push(stack[depth]);
  }
  // Payment webhooks are the provider's calls, signed by it (payment-webhooks.ts), not forms of the site;
  // the one-click unsubscribe links are a mail client's POST (RFC 8058), their token the credential
  // (account/email-pages.ts, newsletter/unsubscribe-page.ts; tested there: another origin, no cookie,
  // a bad token or another address's changes nothing).
  return routes.filter((r) => !/^(\/oauth\/|\/\.well-known\/|\/mcp$|\/api\/|\/webhooks\/|\/unsubscribe\/|\/newsletter\/unsubscribe\/|\*)/.test(r));
}

test('every form of the site has CSRF scenarios here', () => {
  assert.deepEqual(sitePostRoutes().sort(), Object.keys(FORMS).sort());
});

const attacks: [string, (good: string, other: string) => { csrf?: string; headers?: Record<string, string | undefined> }][] = [
  ['no token', () => ({})],
  ['an empty token', () => ({ csrf: '' })],
  ['a wrong token', () => ({ csrf: 'x'.repeat(32) })],
  ["another browser's token", (_good, other) => ({ csrf: other })],
  ['the right token from another origin', (good) => ({ csrf: good, headers: { origin: 'https://evil.example' } })],
  ['the right token with Origin: null', (good) => ({ csrf: good, headers: { origin: 'null' } })],
  ['the right token, Sec-Fetch-Site: cross-site', (good) => ({ csrf: good, headers: { origin: undefined, 'sec-fetch-site': 'cross-site' } })],
  ['the right token, Sec-Fetch-Site: same-site (a sibling subdomain)', (good) => ({ csrf: good, headers: { origin: undefined, 'sec-fetch-site': 'same-site' } })],
];

/** The forms of people not signed in (a double-submit token: the signed ly_csrf cookie). */
const PRE_SESSION_FORMS = new Set(['/sign-in', '/sign-up', '/newsletter/subscribe', '/newsletter/confirm/:token', '/account/delete/confirm']);

/** Tokens of another browser: a signed-in one's, and a pre-session one (the sign-in and sign-up forms); made once. */
let otherTokens: Promise<{ signed: string; preSession: string }> | undefined;
const othersOnce = () => (otherTokens ??= (async () => ({ signed: (await t.signIn()).csrf, preSession: await t.siteBrowser().csrf('/sign-in') }))());

/** The post was taken: no refusal, and its effect changed. */
async function accepted(sent: Promise<{ status: number; body: string }>, effect: () => Promise<unknown>, before: unknown) {
  const res = await sent;
  assert.ok(res.status < 400, `${res.status}: ${res.body.slice(0, 300)}`);
  assert.notDeepEqual(await effect(), before, 'the post took effect');
}

for (const [route, c] of Object.entries(FORMS)) {
  // One browser and form serve every attack on a route: each must leave the effect as it was
  // (asserted), so the next attack meets the same state.
  test(`POST ${route}: every forged post → 403, nothing changes`, async (tt) => {
    const { browser, url, form, csrf, effect, file } = await c.setup();
    const others = await othersOnce();
    const other = PRE_SESSION_FORMS.has(route) ? others.preSession : others.signed;
    const before = await effect();
    for (const [name, attack] of attacks) {
      await tt.test(`with ${name}`, async () => {
        const a = attack(csrf, other);
        const res = await post(browser, url, { ...form, ...(a.csrf === undefined ? {} : { csrf: a.csrf }) }, file, a.headers);
        assert.equal(res.status, 403, res.body.slice(0, 300));
        assert.match(res.body, /This form has expired or was sent from another site/);
        assert.deepEqual(await effect(), before);
      });
    }
    // The same browser's right token, with no Origin header, still works: each refusal above was
    // the attack's, not a token the refusals had spoiled.
    await tt.test('then with the right token and no Origin header → it works', () => accepted(post(browser, url, { ...form, csrf }, file, { origin: undefined }), effect, before));
  });

  test(`POST ${route} with the right token and Sec-Fetch-Site: same-origin works`, async () => {
    const { browser, url, form, csrf, effect, file } = await c.setup();
    const before = await effect();
    await accepted(post(browser, url, { ...form, csrf }, file, { 'sec-fetch-site': 'same-origin' }), effect, before);
  });
}

test('the pre-session token needs its signed cookie: the field alone, or an unsigned cookie, is refused', async () => {
  const donor = t.siteBrowser();
  const token = await donor.csrf('/sign-in');
  const fresh = t.siteBrowser();
  const noCookie = await fresh.post('/sign-in', { email: 'a@test.example', password: 'whatever whatever', csrf: token });
  assert.equal(noCookie.status, 403);
  const unsigned = await fresh.post('/sign-in', { email: 'a@test.example', password: 'whatever whatever', csrf: token }, { cookie: `ly_csrf=${token}` });
  assert.equal(unsigned.status, 403);
});
