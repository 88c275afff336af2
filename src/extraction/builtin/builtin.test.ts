import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { PageSnapshot } from '../../crawler/types.ts';
import { createBuiltinExtractor } from './index.ts';
import { verifyExtraction } from '../verify.ts';
import { englishSite, germanSite, sparseSite } from '../sample-sites.ts';
import { normalizeForMatch } from '../quote-match.ts';
import { pageFromHtml } from '../page-fixture.ts';
import type { Extraction } from '../types.ts';

const CATEGORIES = ['Invoicing', 'Accounting', 'Developer Tools', 'Scheduling', 'Time Tracking'];

async function draft(pages: PageSnapshot[]) {
  const extraction = await createBuiltinExtractor().extract({ pages, categoryNames: CATEGORIES });
  return { extraction, draft: verifyExtraction(extraction, pages, { categoryNames: CATEGORIES }) };
}

/** Every quote the extractor proposes is a stretch of the cited page's stored text. */
function assertQuotesVerbatim(extraction: Extraction, pages: PageSnapshot[]) {
  const all = [...extraction.fields, ...extraction.faqs, ...extraction.founders].flatMap((p) => p.evidence);
  assert.ok(all.length > 0);
  for (const e of all) {
    const page = pages.find((p) => p.finalUrl === e.url);
    assert.ok(page, `cites a crawled page: ${e.url}`);
    const inText = normalizeForMatch(page.text).includes(normalizeForMatch(e.quote));
    assert.ok(inText || page.links.some((l) => l.url === e.quote), `on ${e.url}: ${e.quote}`);
  }
}

test('an English multi-page site: every field the site states is drafted, with quotes', async () => {
  const pages = englishSite();
  const { extraction, draft: d } = await draft(pages);
  assertQuotesVerbatim(extraction, pages);
  const value = (f: keyof typeof d.fields) => d.fields[f].value;
  assert.equal(value('name'), 'TallyHQ');
  assert.equal(value('tagline'), 'Invoices that get paid on time');
  assert.equal(value('short_description'), 'TallyHQ sends your invoices, chases late payments and keeps your books tidy. Built for freelancers and small studios.');
  assert.match(value('description') as string, /^TallyHQ was founded in 2019 by Maya Lindqvist and Tom Okafor/);
  assert.doesNotMatch(value('description') as string, /design studio for ten years/, 'a team card is not the description');
  assert.equal(value('stage'), 'Public beta');
  assert.deepEqual(value('categories'), ['Invoicing']);
  assert.equal(value('pricing_model'), 'freemium');
  assert.equal(value('pricing_summary'), 'Starter Free; Pro $12 per month; Studio $29 per month');
  assert.equal(value('country'), 'GB');
  assert.equal(value('city'), 'Edinburgh');
  assert.equal(value('founded_year'), '2019');
  assert.deepEqual(
    [...new Set(extraction.fields.filter((f) => f.field === 'founded_year').map((f) => f.value))],
    ['2019'],
    'never proposed: 2024 from the copyright line, 2015 from the testimonial',
  );
  assert.ok(!extraction.founders.some((f) => f.name === 'Priya Raman'), 'the testimonial author is never proposed');
  assert.deepEqual(value('features'), ['Recurring invoices in 30 currencies', 'Automatic payment reminders', 'Bank feeds for 2,000 banks', 'Expense tracking with receipt scanning']);
  assert.deepEqual(value('usps'), ['Set up in five minutes', 'Your data stays in the EU']);
  assert.deepEqual(value('keywords'), ['invoicing', 'freelancers', 'late payments']);
  assert.equal(value('contact_email'), 'hello@tallyhq.example');
  assert.equal(value('demo_video_url'), 'https://www.youtube.com/embed/dQw4w9WgXcQ');
  assert.equal(value('logo_url'), 'https://tallyhq.example/img/tallyhq-logo.png');
  assert.deepEqual(d.notFound, ['tags']);
  assert.equal(d.fields.tags.state, 'not_found');

  assert.deepEqual(
    d.faqs.map((f) => [f.question, f.answer]),
    [
      ['Can I import invoices from another tool?', 'Yes. TallyHQ imports CSV files from most invoicing tools.'],
      ['Is there a free plan?', 'Yes, the Starter plan is free for up to 3 clients.'],
      ['Where is my data stored?', 'All data is stored in data centres in Frankfurt, Germany.'],
    ],
  );
  assert.deepEqual(
    d.founders.map((f) => [f.name, f.title, f.bio]),
    [
      ['Maya Lindqvist', 'Co-founder & CEO', 'Maya ran a design studio for ten years before starting TallyHQ.'],
      ['Tom Okafor', 'Co-founder & CTO', null],
    ],
    'not Lena Fischer (support), not Priya Raman (a testimonial)',
  );
  assert.deepEqual(d.socials, { x: 'https://x.com/tallyhq', linkedin: 'https://www.linkedin.com/company/tallyhq', github: 'https://github.com/tallyhq' });
});

test('a German site: values stay German, facts come from the imprint and the about page', async () => {
  const pages = germanSite();
  const { extraction, draft: d } = await draft(pages);
  assertQuotesVerbatim(extraction, pages);
  const value = (f: keyof typeof d.fields) => d.fields[f].value;
  assert.equal(value('name'), 'Schichtwerk');
  assert.equal(value('tagline'), 'Dienstpläne in Minuten statt Stunden');
  assert.equal(value('short_description'), 'Schichtwerk plant Dienste, tauscht Schichten und erfasst Arbeitszeiten. Gemacht für Restaurants, Cafés und Hotels.');
  assert.match(value('description') as string, /^Schichtwerk wurde 2020 in Leipzig gegründet\./);
  assert.deepEqual(value('features'), ['Dienstplan per Drag & Drop', 'Schichttausch mit einem Klick', 'Zeiterfassung mit GPS']);
  assert.equal(value('founded_year'), '2020', '"wurde 2020 … gegründet", not "© 2021"');
  assert.equal(value('country'), 'DE', 'from "Deutschland" in the imprint address');
  assert.equal(value('city'), 'Leipzig');
  assert.equal(value('pricing_model'), 'subscription');
  assert.equal(value('pricing_summary'), 'Basis 3 € pro Mitarbeiter im Monat; Plus 5 € pro Mitarbeiter im Monat');
  assert.equal(value('contact_email'), 'hallo@schichtwerk.example');
  assert.equal(value('logo_url'), 'https://schichtwerk.example/logo.svg');
  assert.equal(d.fields.stage.state, 'not_found');
  assert.equal(d.fields.categories.state, 'not_found', 'no category name is a word of the site');
  assert.deepEqual(d.faqs.map((f) => [f.question, f.answer]), [['Kann ich Schichtwerk kostenlos testen?', 'Ja, 30 Tage lang und ohne Kreditkarte.']]);
  assert.deepEqual(d.founders.map((f) => f.name), ['Anna Becker']);
});

test('a sparse site yields blanks, not guesses: no year from ©, no country from €, no founder from a testimonial', async () => {
  const pages = sparseSite();
  const { extraction, draft: d } = await draft(pages);
  for (const f of ['founded_year', 'country', 'city', 'description', 'contact_email', 'demo_video_url', 'logo_url', 'categories'] as const) {
    assert.equal(d.fields[f].state, 'not_found', f);
    assert.ok(d.notFound.includes(f), `${f} is listed in notFound`);
  }
  assert.deepEqual(extraction.founders, [], 'the customer is not even proposed');
  assert.deepEqual(d.founders, []);
  assert.equal(d.fields.name.value, 'Acme');
});

test('regenerate: only the asked fields are proposed, and no FAQs, founders or socials', async () => {
  const pages = englishSite();
  const e = await createBuiltinExtractor().extract({ pages, categoryNames: CATEGORIES, only: ['tagline', 'city'] });
  assert.deepEqual([...new Set(e.fields.map((f) => f.field))].sort(), ['city', 'tagline']);
  assert.deepEqual([e.faqs, e.founders, e.socials], [[], [], {}]);
});

test('a cancelled extraction stops with the signal\'s reason', async () => {
  const controller = new AbortController();
  controller.abort(new Error('draft deleted'));
  await assert.rejects(createBuiltinExtractor().extract({ pages: englishSite(), categoryNames: [] }, { signal: controller.signal }), /draft deleted/);
});

test('no usable page: an empty extraction, every field not_found', async () => {
  const error = { ...sparseSite()[0], status: 500 };
  const { extraction, draft: d } = await draft([error]);
  assert.deepEqual(extraction, { fields: [], faqs: [], founders: [], socials: {} });
  assert.equal(d.notFound.length, 18);
});

test('French markup: a founding statement, an address and a founder in French', async () => {
  const html = `<html lang="fr"><head><title>Cadran – Agenda partagé</title></head><body><main>
<h1>L'agenda partagé des cabinets médicaux</h1>
<p>Cadran a été fondée en 2018 à Lyon par Claire Martin.</p>
<address>Cadran SAS, 12 rue de la République, 69002 Lyon, France</address>
</main><footer>© 2025 Cadran</footer></body></html>`;
  const pages = [pageFromHtml('https://cadran.example/', html)];
  const { draft: d } = await draft(pages);
  assert.equal(d.fields.founded_year.value, '2018');
  assert.equal(d.fields.country.value, 'FR');
  assert.equal(d.fields.city.value, 'Lyon');
  assert.equal(d.fields.tagline.value, "L'agenda partagé des cabinets médicaux");
  assert.deepEqual(d.founders.map((f) => f.name), ['Claire Martin']);
});

test('the name is the site\'s own part of a title like "Home | Acme"', async () => {
  const pages = [pageFromHtml('https://acme.example/', '<html><head><title>Home | Acme</title></head><body><h1>Acme</h1><p>Dashboards for small shops.</p></body></html>')];
  const { draft: d } = await draft(pages);
  assert.equal(d.fields.name.value, 'Acme');
});

test('"based in City, Country." at the end of a sentence: the full stop is not part of the country', async () => {
  const pages = [pageFromHtml('https://tally.example/about', '<html lang="en"><body><p>We are based in Edinburgh, United Kingdom.</p></body></html>')];
  const { draft: d } = await draft(pages);
  assert.equal(d.fields.city.value, 'Edinburgh');
  assert.equal(d.fields.country.value, 'GB');
});

test('tagline: the line under the main heading, never a lone section heading such as "Features"', async () => {
  const hero = pageFromHtml(
    'https://acme.test/',
    `<html><head><title>Acme Invoicing</title></head><body><main><h1>Acme Invoicing</h1>
     <p>Invoices in one click for freelancers and small agencies.</p>
     <h2>Features</h2><ul><li>PDF export</li></ul></main></body></html>`,
  );
  assert.equal((await draft([hero])).draft.fields.tagline.value, 'Invoices in one click for freelancers and small agencies.');

  const headingOnly = pageFromHtml(
    'https://acme.test/',
    `<html><head><title>Acme Invoicing</title></head><body><main><h1>Acme Invoicing</h1>
     <h2>Features</h2><ul><li>PDF export</li></ul></main></body></html>`,
  );
  const { draft: d } = await draft([headingOnly]);
  assert.equal(d.fields.tagline.value, null, 'nothing stated, so the tagline stays blank');
  assert.equal(d.fields.tagline.state, 'not_found');
});

test('JSON-LD keywords without a meta keywords tag are the keywords, never the tags (the directory labels a listing, not its site)', async () => {
  const page = pageFromHtml(
    'https://clavier.test/',
    `<html lang="fr"><head><title>Clavier Libre</title><script type="application/ld+json">{"@context":"https://schema.org","@type":"SoftwareApplication","name":"Clavier Libre","keywords":"clavier, disposition, typographie"}</script></head><body><h1>Clavier Libre</h1><p>Une disposition de clavier pour écrire le français sans effort.</p></body></html>`,
  );
  const { draft: d } = await draft([page]);
  assert.deepEqual(d.fields.keywords.value, ['clavier', 'disposition', 'typographie']);
  assert.equal(d.fields.tags.state, 'not_found');
});

test('a stage badge on one card of a grid of products is that product\'s, not the site\'s', async () => {
  const card = (name: string, badge: string) => `<div class="card"><h3>${name}</h3><p>Risponde ai clienti su WhatsApp.</p><span>${badge}</span></div>`;
  const home = (cards: string) =>
    pageFromHtml('https://botready.test/', `<!doctype html><html lang="it"><head><title>BotReady</title></head><body><main><h1>BotReady</h1><p>Il tuo assistente WhatsApp.</p><section><h2>I nostri prodotti</h2><div class="grid">${cards}</div></section></main></body></html>`);
  const grid = [home(card('BotReady', 'Disponibile ora') + card('BotSocial', 'Coming soon') + card('BotLead', 'Coming soon'))];
  assert.equal((await draft(grid)).draft.fields.stage.state, 'not_found');
  // The same badge in the hero, beside the product's own heading, is its stage.
  const hero = [pageFromHtml('https://botready.test/', '<!doctype html><html lang="it"><head><title>BotReady</title></head><body><main><div class="hero"><span>Coming soon</span><h1>BotReady</h1><p>Il tuo assistente WhatsApp.</p></div></main></body></html>')];
  assert.equal((await draft(hero)).draft.fields.stage.value, 'Coming soon');
});
