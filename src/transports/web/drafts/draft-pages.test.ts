import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import * as cheerio from 'cheerio';
import { createTestApp } from '../../../testing/harness.ts';
import { loopbackSite } from '../../../testing/loopback-site.ts';
import { draftStores, type DraftRecord } from '../../../store/drafts-store.ts';
import { DRAFT_FIELDS } from '../../../extraction/types.ts';
import { blankField } from '../../../domain/drafts/field-states.ts';

// The draft pages over HTTP: submit (PRG, a double click is one draft), the progress page (and its
// refresh without JavaScript), the editor (states in words, evidence, edit / lock / restore /
// regenerate, lists of rows, messages beside fields with the input kept), invites, submit, failures
// with their reasons and the way to fill in by hand, and another person's draft as a 404 page.
const t = await createTestApp({ env: { CRAWLER_ALLOW_HOSTS: '127.0.0.1' } });
await t.fx.category({ slug: 'draft-page-tests', name: 'Draft Page Tests' });

const layout = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><title>${title}</title><meta name="description" content="${title}: invoices in one click."></head><body>${body}</body></html>`;
const site = await loopbackSite({
  '/robots.txt': { type: 'text/plain', body: 'User-agent: *\nAllow: /\n' },
  '/': layout(
    'Acme Invoicing',
    `<header><a href="/">Acme Invoicing</a> <a href="/about">About</a> <a href="/pricing">Pricing</a></header>
     <main><h1>Acme Invoicing</h1><p>Invoices in one click for freelancers and small agencies.</p>
     <h2>Features</h2><ul><li>PDF export</li><li>Payment reminders</li><li>Multi-currency invoices</li></ul>
     <p>Contact us at hello@acme.test.</p></main>
     <footer><a href="https://github.com/acme-invoicing">GitHub</a> © 2021 Acme Invoicing GmbH, Berlin, Germany</footer>`,
  ),
  '/about': layout('About Acme Invoicing', '<main><h1>About us</h1><p>Acme Invoicing was founded in 2019 in Berlin, Germany.</p></main>'),
  '/pricing': layout('Pricing', '<main><h1>Pricing</h1><p>Free for up to 5 invoices a month. Pro is $9 per month.</p></main>'),
});
const blocked = await loopbackSite({ '/robots.txt': { type: 'text/plain', body: 'User-agent: *\nDisallow: /\n' }, '/': layout('Secret', '<p>Secret</p>') });
const pdf = await loopbackSite({ '/robots.txt': { type: 'text/plain', body: '' }, '/': { type: 'application/pdf', body: '%PDF-1.4' } });
after(() => Promise.all([site.close(), blocked.close(), pdf.close()]));

type Browser = Awaited<ReturnType<typeof t.signIn>>['browser'];

/** The values a form would send as the page shows it (checked boxes only, no buttons). */
function formValues(body: string, action: string): Record<string, string> {
  const $ = cheerio.load(body);
  const form = $(`form[action="${action}"]`).first();
  assert.equal(form.length, 1, `a form posting to ${action}`);
  const out: Record<string, string> = {};
  form.find('input[name], textarea[name], select[name]').each((_, el) => {
    const e = $(el);
    const type = e.attr('type');
    if ((type === 'checkbox' || type === 'radio') && e.attr('checked') === undefined) return;
    out[e.attr('name')!] = el.tagName === 'textarea' ? e.text() : (e.attr('value') ?? '');
  });
  return out;
}

/** Loads the page, fills the form with `changes` and posts it, as a browser would. */
async function send(b: Browser, page: string, action: string, changes: Record<string, string> = {}) {
  const values = { ...formValues((await b.get(page)).body, action), ...changes };
  return { values, res: await b.post(action, values) };
}

const draftIdOf = (location: string | undefined) => {
  assert.match(location ?? '', /^\/drafts\/[0-9a-f-]{36}$/);
  return location!.slice('/drafts/'.length);
};

/** A founder who submitted the local site and waited for the draft to be ready. */
async function readyDraft() {
  const s = await t.signIn({ name: 'Ada Founder' });
  const { res } = await send(s.browser, '/submit', '/submit', { url: `${site.origin}/` });
  assert.equal(res.status, 303);
  const id = draftIdOf(res.location);
  await t.jobsIdle();
  return { ...s, id, page: `/drafts/${id}` };
}

const $of = async (b: Browser, url: string) => cheerio.load((await b.get(url)).body);
const draftRow = async (id: string) => (await t.db.selectFrom('drafts').selectAll().where('id', '=', id).executeTakeFirstOrThrow()) as unknown as DraftRecord;

test('submit: a URL starts a draft and redirects to it (303); a double click is one draft; /drafts lists it', async () => {
  const s = await t.signIn();
  const form = await s.browser.get('/submit');
  assert.equal(form.status, 200);
  const $ = cheerio.load(form.body);
  assert.equal($('label[for=url]').text(), 'Your product’s website');
  assert.equal($('a[href="/drafts"]').length > 0, true, 'My drafts is linked');
  const values: Record<string, string> = { ...formValues(form.body, '/submit'), url: `${site.origin}/` };
  assert.ok(values.idempotency_key, 'the form carries an Idempotency-Key');
  const [first, second] = await Promise.all([s.browser.post('/submit', values), s.browser.post('/submit', values)]);
  assert.equal(first.status, 303);
  assert.equal(second.status, 303);
  assert.equal(first.location, second.location, 'the second post answers as the first');
  const again = await s.browser.post('/submit', values);
  assert.equal(again.location, first.location);
  const drafts = await t.db.selectFrom('drafts').select('id').where('owner_id', '=', s.userId).execute();
  assert.equal(drafts.length, 1, 'one draft');
  await t.jobsIdle();

  const list = await $of(s.browser, '/drafts');
  assert.equal(list(`a[href="${first.location}"]`).length, 1);
  assert.match(list('tbody').text(), /Ready to review/);
});

test('submit: an invalid URL is refused beside the field, the input kept; signed out it asks to sign in', async () => {
  const s = await t.signIn();
  const { res } = await send(s.browser, '/submit', '/submit', { url: 'ftp://example.com/<b>' });
  assert.equal(res.status, 400);
  const $ = cheerio.load(res.body);
  assert.equal($('#url').attr('value'), 'ftp://example.com/<b>');
  assert.equal($('#url').attr('aria-invalid'), 'true');
  assert.match($('#url-error').text(), /Must be an absolute http\(s\) URL/);
  assert.match($('[role=alert]').text(), /correct the fields/);
  assert.equal((await t.db.selectFrom('drafts').select('id').where('owner_id', '=', s.userId).execute()).length, 0);

  const anon = t.siteBrowser();
  const page = await anon.get('/submit');
  assert.equal(page.status, 303);
  assert.match(page.location ?? '', /^\/sign-in\?return_to=%2Fsubmit/);
  assert.equal((await anon.post('/submit', { url: `${site.origin}/`, csrf: 'x' })).status, 401);
});

test('the progress page: stage, bar, pages read with their URLs, fields found; reloads itself without JavaScript', async () => {
  const s = await t.signIn();
  const stores = draftStores(t.db);
  const d = await stores.drafts.create({ ownerId: s.userId, url: 'https://acme.test/', fields: Object.fromEntries(DRAFT_FIELDS.map((f) => [f, blankField()])), at: new Date() });
  await stores.drafts.progress(
    d.id,
    { stage: 'fetching', pages_fetched: 2, pages_planned: 5, pages_read: [{ url: 'https://acme.test/', title: 'Acme' }, { url: 'https://acme.test/pricing', title: 'Pricing' }], skipped: [{ url: 'https://acme.test/big', reason: 'took too long' }] },
    new Date(),
  );
  const res = await s.browser.get(`/drafts/${d.id}`);
  assert.equal(res.status, 200);
  const $ = cheerio.load(res.body);
  assert.match($('head noscript').html() ?? '', /<meta http-equiv="refresh" content="3">/, 'a refresh for browsers without JavaScript');
  assert.equal($('#progress-bar').attr('value'), '30');
  assert.match($('#live-status').text(), /Reading your site’s pages \(2 of about 5\): 30% done/);
  assert.equal($('.stages [aria-current=step]').text(), 'Reading your site’s pages');
  assert.deepEqual($('.pages-read a').map((_, a) => $(a).attr('href')).get(), ['https://acme.test/', 'https://acme.test/pricing']);
  assert.match($('.pages-read').text(), /https:\/\/acme\.test\/pricing/);
  assert.match($('#draft-progress').text(), /https:\/\/acme\.test\/big: took too long/);
  assert.match($('#draft-progress').text(), /0 of 18 profile fields/);
  assert.equal($('#draft-progress').attr('data-live'), '', 'draft.js keeps the region fresh');
  assert.ok($('script[src^="/assets/draft."]').length === 1);
  assert.match(String(res.headers['content-security-policy']), /script-src 'self'; connect-src 'self'/);

  // Once drafted, the same URL is the editor.
  await stores.drafts.progress(d.id, { stage: 'verifying', fields_drafted: 7 }, new Date());
  assert.match((await $of(s.browser, `/drafts/${d.id}`))('#draft-progress').text(), /7 of 18 profile fields/);
  await stores.drafts.update(d.id, { status: 'ready', stage: 'done' }, new Date());
  const ready = await $of(s.browser, `/drafts/${d.id}`);
  assert.doesNotMatch(ready('head').html() ?? '', /http-equiv="refresh"/);
  assert.equal(ready('#profile form').length, 1);
});

test('the editor: every field with its state in words; AI values with their quotes and a link to their page', async () => {
  const { browser, page, id } = await readyDraft();
  const $ = await $of(browser, page);
  assert.equal($('h1').text(), (await draftRow(id)).fields.name?.value);
  for (const f of DRAFT_FIELDS) assert.equal($(`#field-${f}`).length, 1, f);
  const name = $('#field-name');
  assert.match(name.find('.state').text(), /Drafted by AI from your site/);
  const quote = name.find('.evidence li').first();
  assert.match(quote.find('blockquote').text(), /Acme/);
  assert.match(quote.find('a').attr('href') ?? '', new RegExp(`^${site.origin}/`));
  assert.match($('#field-demo_video_url .state').text(), /Not found on your site: left blank on purpose/);
  // The pages read are recorded as the crawl reads them, and get_draft carries them.
  const read = (await draftRow(id)).pages_read.map((p) => p.url);
  assert.ok(read.includes(`${site.origin}/`) && read.includes(`${site.origin}/pricing`), read.join(' '));
  assert.match($('main > p').first().text(), new RegExp(`It read ${read.length} pages`));
  assert.match($('#completeness').text(), /% complete/);
  assert.match($('#completeness').text(), /Still missing:/);
  assert.ok($('#completeness a[href="#faqs"]').length + $('#completeness a[href^="#field-"]').length > 0, 'missing items link to their place');
  const ids = $('[id]').map((_, e) => $(e).attr('id')).get();
  assert.deepEqual(ids.filter((x, i) => ids.indexOf(x) !== i), [], 'every id once');
  for (const label of $('label[for]').toArray()) assert.equal($(`#${$(label).attr('for')}`).length, 1, `label for ${$(label).attr('for')}`);
});

test('edit, lock, restore and regenerate fields; messages beside the field and the input kept on error', async () => {
  const { browser, page, id } = await readyDraft();
  const aiName = (await draftRow(id)).fields.name!.value;

  const edited = await send(browser, page, `${page}/fields`, { 'fields.name': 'Acme Books', act: 'save' });
  assert.equal(edited.res.status, 303);
  assert.equal(edited.res.location, `${page}?saved=fields#profile`);
  let row = await draftRow(id);
  assert.equal(row.fields.name!.state, 'edited');
  assert.equal(row.fields.tagline!.state, (await draftRow(id)).fields.tagline!.state, 'untouched fields stay as they were');
  let $ = await $of(browser, `${page}?saved=fields`);
  assert.match($('.notice').text(), /The profile is saved/);
  assert.match($('#field-name .state').text(), /Edited by you/);
  assert.match($('#field-name').text(), new RegExp(`The AI’s value: ${aiName}`));

  // Too long: refused with the message beside the field, every box as typed.
  const tooLong = 'x'.repeat(501);
  const refused = await send(browser, page, `${page}/fields`, { 'fields.tagline': tooLong, 'fields.city': 'Hamburg', act: 'save' });
  assert.equal(refused.res.status, 400);
  $ = cheerio.load(refused.res.body);
  assert.equal($('#fields-tagline').attr('value'), tooLong);
  assert.equal($('#fields-city').attr('value'), 'Hamburg');
  assert.equal($('#fields-tagline').attr('aria-invalid'), 'true');
  assert.equal($('#fields-tagline-error').text(), 'Too long: at most 500 characters.');
  assert.match($('#fields-tagline').attr('aria-describedby') ?? '', /fields-tagline-error/);
  assert.equal((await draftRow(id)).fields.city!.value, null, 'nothing half-written');

  // A list item too long names its item; an unknown category says so.
  const listRefused = await send(browser, page, `${page}/fields`, { 'fields.tags': `fine\n${'y'.repeat(201)}`, act: 'save' });
  assert.equal(listRefused.res.status, 400);
  assert.equal(cheerio.load(listRefused.res.body)('#fields-tags-error').text(), 'Item 2: Too long: at most 200 characters.');
  const unknown = await send(browser, page, `${page}/fields`, { 'fields.categories': 'draft page tests\nNo such thing', act: 'save' });
  assert.equal(unknown.res.status, 400);
  $ = cheerio.load(unknown.res.body);
  assert.equal($('#fields-categories-error').text(), 'Item 2: Unknown category "No such thing": use a name from the category list.');
  assert.equal($('#fields-categories').text(), 'draft page tests\nNo such thing');

  // Lock a field whose box was also changed: the new value, locked.
  const locked = await send(browser, page, `${page}/fields`, { 'fields.tagline': 'Our own tagline', act: 'lock:tagline' });
  assert.equal(locked.res.location, `${page}?saved=lock#profile`);
  row = await draftRow(id);
  assert.equal(row.fields.tagline!.state, 'override');
  assert.equal(row.fields.tagline!.value, 'Our own tagline');
  $ = await $of(browser, page);
  assert.match($('#field-tagline .state').text(), /Locked by you/);
  assert.equal($('#field-tagline button[value="regenerate:tagline"]').length, 0, 'a locked field is not regenerated');

  // Restore the AI's name; regenerate a field from the stored pages (the site is not read again).
  assert.equal((await send(browser, page, `${page}/fields`, { act: 'restore:name' })).res.location, `${page}?saved=restore#profile`);
  row = await draftRow(id);
  assert.equal(row.fields.name!.state, 'ai');
  assert.equal(row.fields.name!.value, aiName);
  await send(browser, page, `${page}/fields`, { 'fields.short_description': '', act: 'save' });
  assert.equal((await draftRow(id)).fields.short_description!.state, 'deleted');
  const before = site.requests.length;
  const regenerated = await send(browser, page, `${page}/fields`, { act: 'regenerate:short_description' });
  assert.equal(regenerated.res.location, `${page}?saved=regenerate#profile`);
  assert.notEqual((await draftRow(id)).fields.short_description!.state, 'deleted');
  assert.equal(site.requests.length, before, 'regenerate reads the stored pages');

  // Saving without a change changes nothing.
  assert.equal((await send(browser, page, `${page}/fields`, { act: 'save' })).res.location, `${page}?saved=unchanged#profile`);
});

test('FAQs, founders (the chosen primary first), milestones, story, links, competitor and SEO: saved, or refused beside the row', async () => {
  const { browser, page, id } = await readyDraft();

  const faqPage = cheerio.load((await browser.get(page)).body);
  const newRow = faqPage('#faqs fieldset').length - 1;
  const faq = await send(browser, page, `${page}/faqs`, { [`faqs.${newRow}.question`]: 'Is there a free plan?', [`faqs.${newRow}.answer`]: 'Yes, up to 5 invoices a month.' });
  assert.equal(faq.res.status, 303);
  assert.ok((await draftRow(id)).faqs.some((f) => f.question === 'Is there a free plan?'));

  let $ = await $of(browser, page);
  const row = $('#faqs fieldset').length - 1;
  const badFaq = await send(browser, page, `${page}/faqs`, { [`faqs.${row}.question`]: '', [`faqs.${row}.answer`]: 'An answer without a question' });
  assert.equal(badFaq.res.status, 400);
  $ = cheerio.load(badFaq.res.body);
  assert.equal($(`#faqs-${row}-question-error`).text(), 'This is required.');
  assert.equal($(`#faqs-${row}-answer`).text(), 'An answer without a question');

  // Founders: two added, the second chosen as primary comes first.
  const founders = await send(browser, page, `${page}/founders`, {
    'founders.0.name': 'Ada Founder',
    'founders.0.title': 'CEO',
    'founders.1.name': 'Bo Builder',
    primary: '1',
    'founder_socials.github': 'https://github.com/bo',
  });
  assert.equal(founders.res.status, 303);
  let draft = await draftRow(id);
  assert.deepEqual(draft.founders.map((f) => f.name), ['Bo Builder', 'Ada Founder']);
  assert.deepEqual(draft.founder_socials, { github: 'https://github.com/bo' });
  $ = await $of(browser, page);
  assert.equal($('#founders fieldset').first().find('legend').text(), 'Primary founder');
  assert.equal($('#founders-0-name').attr('value'), 'Bo Builder');

  const tooManyChars = await send(browser, page, `${page}/founders`, { 'founders.1.bio': 'b'.repeat(3001) });
  assert.equal(tooManyChars.res.status, 400);
  assert.equal(cheerio.load(tooManyChars.res.body)('#founders-1-bio-error').text(), 'Too long: at most 3000 characters.');

  const removed = await send(browser, page, `${page}/founders`, { 'founders.1.remove': '1' });
  assert.equal(removed.res.status, 303);
  assert.deepEqual((await draftRow(id)).founders.map((f) => f.name), ['Bo Builder']);

  const links = await send(browser, page, `${page}/company-links`, { 'company_socials.x': 'https://x.com/acme', 'company_socials.github': '' });
  assert.equal(links.res.status, 303);
  assert.deepEqual((await draftRow(id)).company_socials, { x: 'https://x.com/acme' });

  const story = await send(browser, page, `${page}/story`, { 'story.why_started': 'Invoices took us hours.' });
  assert.equal(story.res.status, 303);
  assert.equal((await draftRow(id)).story?.why_started, 'Invoices took us hours.');

  const badMilestone = await send(browser, page, `${page}/milestones`, { 'milestones.0.date': '2024-02-30', 'milestones.0.title': 'Launch', 'milestones.0.url': 'http://insecure.test' });
  assert.equal(badMilestone.res.status, 400);
  $ = cheerio.load(badMilestone.res.body);
  assert.equal($('#milestones-0-date-error').text(), 'Must be a real date YYYY-MM-DD.');
  assert.equal($('#milestones-0-url-error').text(), 'Must be an https link.');
  assert.equal($('#milestones-0-title').attr('value'), 'Launch');
  const milestone = await send(browser, page, `${page}/milestones`, { 'milestones.0.date': '2024-02-29', 'milestones.0.title': 'Launch' });
  assert.equal(milestone.res.status, 303);
  draft = await draftRow(id);
  assert.deepEqual(draft.milestones.map((m) => [m.id, m.date, m.title]), [[1, '2024-02-29', 'Launch']]);
  // Sent back with its id, the milestone keeps it.
  await send(browser, page, `${page}/milestones`, { 'milestones.0.title': 'Public launch' });
  assert.deepEqual((await draftRow(id)).milestones.map((m) => [m.id, m.title]), [[1, 'Public launch']]);

  const seo = await send(browser, page, `${page}/seo`, { 'seo.title': 't'.repeat(71), 'seo.meta': 'Fine' });
  assert.equal(seo.res.status, 400);
  $ = cheerio.load(seo.res.body);
  assert.equal($('#seo-title-error').text(), 'Too long: at most 70 characters.');
  assert.match($('#seo-title-hint').text(), /At most 70 characters\. 71 of 70 characters: 1 too many\./);
  assert.equal($('#seo-title').attr('data-limit'), '70');
  assert.equal($('#seo-meta').text(), 'Fine');
  assert.equal((await send(browser, page, `${page}/seo`, { 'seo.title': 'Acme: invoices in one click' })).res.status, 303);
  assert.equal((await draftRow(id)).seo?.title, 'Acme: invoices in one click');

  const competitor = await send(browser, page, `${page}/competitor`, { competitor_url: 'not a url' });
  assert.equal(competitor.res.status, 400);
  assert.match(cheerio.load(competitor.res.body)('#competitor_url-error').text(), /Must be an absolute http\(s\) URL/);
  const compared = await send(browser, page, `${page}/competitor`, { competitor_url: `${site.origin}/pricing` });
  assert.equal(compared.res.location, `${page}?saved=competitor#competitor`);
  $ = await $of(browser, page);
  if ((await draftRow(id)).competitor?.status === 'pending') assert.equal($('#competitor-state').attr('data-live'), '', 'a pending comparison refreshes itself');
  await t.jobsIdle();
  $ = await $of(browser, page);
  assert.equal((await draftRow(id)).competitor?.status, 'ready');
  assert.match($('#competitor-state caption').text(), /Your draft and/);
  assert.ok($('#competitor-state tbody tr').length > 0, 'the stored comparison is shown');
});

test('co-founder invites: sent, listed with their status, refused beside the field, at most 10', async () => {
  const { browser, page, id } = await readyDraft();
  const bad = await send(browser, page, `${page}/invites`, { email: 'not-an-address' });
  assert.equal(bad.res.status, 400);
  let $ = cheerio.load(bad.res.body);
  assert.equal($('#email').attr('value'), 'not-an-address');
  assert.equal($('#email-error').text(), 'Invalid email address.');

  const sent = await send(browser, page, `${page}/invites`, { email: 'bo@test.example' });
  assert.equal(sent.res.location, `${page}?saved=invite#invites`);
  $ = await $of(browser, page);
  assert.match($('#invites tbody').text(), /bo@test\.example\s*Invited, not yet accepted/);
  const mail = await t.db.selectFrom('outbox_emails').select('text_body').where('to_address', '=', 'bo@test.example').executeTakeFirstOrThrow();
  assert.match(mail.text_body, /\/invites\//);

  for (let i = 1; i < 10; i++) await send(browser, page, `${page}/invites`, { email: `c${i}@test.example` });
  const full = await send(browser, page, `${page}/invites`, { email: 'one-more@test.example' });
  assert.equal(full.res.status, 409);
  $ = cheerio.load(full.res.body);
  assert.match($('#invites [role=alert]').text(), /at most 10 invites/);
  assert.equal($('#email').attr('value'), 'one-more@test.example');
  assert.equal((await t.db.selectFrom('draft_invites').select('id').where('draft_id', '=', id).execute()).length, 10);
});

test('submit: the draft becomes the owner’s listing (303 to /my/listings/:id); a draft without a name says what is missing', async () => {
  const { browser, page, id } = await readyDraft();
  const res = await send(browser, page, `${page}/submit`);
  assert.equal(res.res.status, 303);
  const row = await draftRow(id);
  assert.equal(res.res.location, `/my/listings/${row.listing_id}`);
  const $ = await $of(browser, page);
  assert.equal($(`#submit a[href="/my/listings/${row.listing_id}"]`).length, 1);
  const edited = await send(browser, page, `${page}/fields`, { 'fields.city': 'Berlin', act: 'save' });
  assert.equal(edited.res.status, 303);
  assert.match((await $of(browser, `${page}?saved=fields`))('.notice').text(), /Your listing is updated too/);

  const other = await readyDraft();
  await send(other.browser, other.page, `${other.page}/fields`, { 'fields.name': '', act: 'save' });
  const incomplete = await send(other.browser, other.page, `${other.page}/submit`);
  assert.equal(incomplete.res.status, 409);
  assert.match(cheerio.load(incomplete.res.body)('#submit [role=alert]').text(), /A listing needs a name/);
});

test('a site that cannot be read ends with its reason, a retry and the editor to fill in by hand', async () => {
  const s = await t.signIn();
  for (const [origin, words] of [
    [blocked.origin, /robots\.txt does not allow our crawler/],
    [pdf.origin, /does not lead to a web page/],
  ] as const) {
    const { res } = await send(s.browser, '/submit', '/submit', { url: `${origin}/` });
    const id = draftIdOf(res.location);
    await t.jobsIdle();
    const page = await s.browser.get(`/drafts/${id}`);
    assert.equal(page.status, 200);
    const $ = cheerio.load(page.body);
    assert.match($('h1').text(), /We could not read/);
    assert.match($('[role=alert]').first().text(), words);
    assert.equal($('form[action="/submit"] input[name=url]').attr('value'), `${origin}/`, 'try again submits the address once more');
    assert.equal($('.ways a[href="#profile"]').text(), 'Fill in the profile by hand');
    assert.equal($('#profile form').length, 1);
    assert.equal($('button[value^="regenerate:"]').length, 0, 'nothing to regenerate from');
  }
  // By hand: a name, then saved as a listing.
  const { res } = await send(s.browser, '/submit', '/submit', { url: `${blocked.origin}/` });
  const id = draftIdOf(res.location);
  await t.jobsIdle();
  const page = `/drafts/${id}`;
  const filled = await send(s.browser, page, `${page}/fields`, { 'fields.name': 'Secret Product', 'fields.tagline': 'Made by hand', act: 'save' });
  assert.equal(filled.res.status, 303);
  assert.equal((await draftRow(id)).fields.name!.state, 'manual');
  assert.match((await $of(s.browser, page))('#field-name .state').text(), /Filled in by you/);
  const submitted = await send(s.browser, page, `${page}/submit`);
  assert.equal(submitted.res.status, 303);
  assert.match(submitted.res.location ?? '', /^\/my\/listings\/\d+$/);
});

test("another person's draft is a 404 page, for reading and for every form; so is a malformed id", async () => {
  const { id, page } = await readyDraft();
  const stranger = await t.signIn();
  const read = await stranger.browser.get(page);
  assert.equal(read.status, 404);
  assert.match(String(read.headers['content-type']), /text\/html/);
  assert.match(cheerio.load(read.body)('h1').text(), /Not found/);
  for (const form of ['fields', 'faqs', 'founders', 'company-links', 'story', 'milestones', 'competitor', 'seo', 'invites', 'submit']) {
    const res = await stranger.browser.post(`${page}/${form}`, { csrf: stranger.csrf, idempotency_key: `k-${form}`, 'fields.name': 'Mine now', act: 'save', email: 'x@test.example', competitor_url: '' });
    assert.equal(res.status, 404, form);
    assert.match(String(res.headers['content-type']), /text\/html/);
  }
  assert.notEqual((await draftRow(id)).fields.name!.value, 'Mine now');
  assert.equal((await stranger.browser.get('/drafts/not-a-uuid')).status, 404);
  assert.equal((await stranger.browser.get('/drafts/not-a-uuid')).body.includes('No draft of yours has this id'), true);
});

test('a form sent again with other values under the same key (the Back button) is explained, the values kept', async () => {
  const { browser, page } = await readyDraft();
  const values = formValues((await browser.get(page)).body, `${page}/seo`);
  assert.equal((await browser.post(`${page}/seo`, { ...values, 'seo.title': 'First title' })).status, 303);
  const again = await browser.post(`${page}/seo`, { ...values, 'seo.title': 'Second title' });
  assert.equal(again.status, 422);
  const $ = cheerio.load(again.body);
  assert.match($('#seo [role=alert]').text(), /already been sent with other values/);
  assert.equal($('#seo-title').attr('value'), 'Second title');
  assert.notEqual(formValues(again.body, `${page}/seo`).idempotency_key, values.idempotency_key, 'the form shown again has a fresh key');
});
