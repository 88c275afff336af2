import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { PageLink, PageSnapshot } from '../crawler/types.ts';
import type { DraftField, Evidence, Extraction, FieldProposal, FieldValue } from './types.ts';
import { DRAFT_FIELDS } from './types.ts';
import { verifyExtraction } from './verify.ts';
import { pageFromHtml } from './page-fixture.ts';

const HOME = 'https://acme.example/';
const ABOUT = 'https://acme.example/about';

function snap(url: string, text: string, extra: { lang?: string; links?: PageLink[]; html?: string } = {}): PageSnapshot {
  return {
    url,
    finalUrl: url,
    fetchedAt: new Date('2026-01-05T10:00:00Z'),
    status: 200,
    contentType: 'text/html',
    hash: '0'.repeat(64),
    title: '',
    lang: extra.lang ?? 'en',
    html: extra.html ?? '<html><body></body></html>',
    text,
    links: extra.links ?? [],
  };
}

const q = (quote: string, url = HOME): Evidence => ({ url, quote });
const field = (f: DraftField, value: FieldValue, ...evidence: Evidence[]): FieldProposal => ({ field: f, value, evidence });
const only = (...fields: FieldProposal[]): Extraction => ({ fields, faqs: [], founders: [], socials: {} });

function verdict(pages: PageSnapshot[], proposal: FieldProposal, categoryNames?: string[]) {
  return verifyExtraction(only(proposal), pages, { categoryNames }).fields[proposal.field];
}

const home = snap(
  HOME,
  [
    'Acme',
    'Invoices that   get paid on time.',
    'Acme sends your invoices and chases late payments. Built for freelancers.',
    'We are based in Berlin, Germany.',
    'Founded in 2019 by Jane Doe and John Roe.',
    'Plans from €9 per month.',
    '“Great tool!” — Mia Sommer, CEO of Foo',
    'Write to hello@acme.example',
    '© 2017 Acme GmbH. All rights reserved.',
  ].join('\n'),
  { links: [{ url: 'https://www.youtube.com/watch?v=abc123', text: 'Watch the demo', kind: 'a' }, { url: 'https://acme.example/logo.png', text: 'Acme', kind: 'img' }, { url: 'https://x.com/acme', text: 'X', kind: 'a' }] },
);
const about = snap(ABOUT, 'About Acme\nAcme is a team of six in Berlin.');
const pages = [home, about];

test('a value whose quotes are on the cited page is kept, with the quotes as evidence', () => {
  const v = verdict(pages, field('name', 'Acme', q('Acme sends your invoices')));
  assert.deepEqual(v, { field: 'name', state: 'ai', value: 'Acme', evidence: [q('Acme sends your invoices')] });
});

test('quotes match across whitespace, case, curly quotes and dashes; nothing else is forgiven', () => {
  assert.equal(verdict(pages, field('tagline', 'Invoices that get paid on time', q('invoices THAT get\n paid ON TIME.'))).state, 'ai');
  assert.equal(verdict(pages, field('name', 'Mia Sommer', q('"Great tool!" - Mia Sommer'))).state, 'ai');
  assert.equal(verdict(pages, field('tagline', 'Invoices that get paid on time', q('Invoices which get paid on time'))).state, 'not_found');
});

test('a city is kept when its quote places the company: a "based in" statement or an address', () => {
  assert.equal(verdict(pages, field('city', 'Berlin', q('We are based in Berlin, Germany.'))).value, 'Berlin');
});

const rejections: Array<[string, FieldProposal, RegExp]> = [
  ['a quote that is not on the page', field('name', 'Acme', q('Acme is loved by 10,000 teams')), /quote not found on https:\/\/acme\.example\/: "Acme is loved/],
  ['a quote citing another crawled page', field('city', 'Berlin', q('We are based in Berlin, Germany.', ABOUT)), /quote not found on https:\/\/acme\.example\/about/],
  ['a quote citing a page that was not crawled', field('name', 'Acme', q('Acme', 'https://elsewhere.example/')), /not a crawled page/],
  ['an empty quote', field('name', 'Acme', q('Acme'), q('   ')), /empty quote/],
  ['no quotes at all', field('name', 'Acme'), /no evidence quotes/],
  ['one good quote and one invented', field('name', 'Acme', q('Acme'), q('Acme, the market leader')), /quote not found/],
  ['a short value absent from its quotes', field('city', 'Munich', q('We are based in Berlin, Germany.')), /no quote contains the city "Munich"/],
  ['a short value only inside a longer word', field('city', 'Berl', q('We are based in Berlin, Germany.')), /no quote contains the city/],
  ['a city from a quote that does not place the company anywhere', field('city', 'Freelancers', q('Built for freelancers.')), /no quote places the company in Freelancers/],
  ["the site's own name as a city", field('city', 'Acme', q('Acme')), /"Acme" is the name of a company, not a city/],
  ['a city from a testimonial name', field('city', 'Mia', q('“Great tool!” — Mia Sommer, CEO of Foo')), /no quote places the company in Mia/],
  ['a long value that rewords its quote', field('short_description', 'Acme sends invoices and chases payments.', q('Acme sends your invoices and chases late payments.')), /not built from its quotes/],
  ['a long value with a sentence of its own', field('short_description', 'Acme sends your invoices and chases late payments. Trusted by banks.', q('Acme sends your invoices and chases late payments.')), /not built from its quotes/],
];
for (const [name, proposal, reason] of rejections) {
  test(`rejected, left blank with the reason: ${name}`, () => {
    const v = verdict(pages, proposal);
    assert.equal(v.state, 'not_found');
    assert.equal(v.value, null);
    assert.deepEqual(v.evidence, []);
    assert.match((v as { rejected?: string }).rejected ?? '', reason);
  });
}

test('long texts may join quoted sentences and drop some; each sentence must be quoted', () => {
  const v = verdict(
    pages,
    field('description', 'Acme sends your invoices and chases late payments.\n\nAcme is a team of six in Berlin', q('Acme sends your invoices and chases late payments. Built for freelancers.'), q('Acme is a team of six in Berlin.', ABOUT)),
  );
  assert.equal(v.state, 'ai');
  assert.equal(v.value, 'Acme sends your invoices and chases late payments.\n\nAcme is a team of six in Berlin');
});

test('founded_year: only a stated founding year; never a copyright year, never out of range', () => {
  assert.deepEqual(verdict(pages, field('founded_year', '2019', q('Founded in 2019 by Jane Doe'))).value, '2019');
  const copyright = verdict(pages, field('founded_year', '2017', q('© 2017 Acme GmbH')));
  assert.equal(copyright.state, 'not_found');
  assert.match((copyright as { rejected?: string }).rejected!, /copyright/);
  assert.equal(verdict(pages, field('founded_year', '2017', q('2017 Acme GmbH. All rights reserved'))).state, 'not_found');
  assert.equal(verdict(pages, field('founded_year', '2019', q('2019'))).state, 'not_found', 'a bare year states nothing');
  assert.equal(verdict(pages, field('founded_year', '19', q('Founded in 2019'))).state, 'not_found');
  const old = snap(HOME, 'Founded in 1750 in London. Since 2019 on the web.');
  assert.match((verdict([old], field('founded_year', '1750', q('Founded in 1750'))) as { rejected?: string }).rejected!, /1800 to 2100/);
  const german = snap(HOME, 'Schichtwerk wurde 2020 in Leipzig gegründet.', { lang: 'de' });
  assert.equal(verdict([german], field('founded_year', '2020', q('Schichtwerk wurde 2020 in Leipzig gegründet.'))).value, '2020');
});

test('founded_year: a day\'s ordinal dot ends no sentence; a year against Japanese characters is a whole word', () => {
  const german = snap(HOME, 'Seit 10.September 2020 betreuen wir Hunde. Seit 3. Mai 2018 online.', { lang: 'de' });
  assert.equal(verdict([german], field('founded_year', '2020', q('Seit 10.September 2020 betreuen wir Hunde.'))).value, '2020');
  assert.equal(verdict([german], field('founded_year', '2018', q('Seit 3. Mai 2018 online.'))).value, '2018');
  // A year's own dot still ends its sentence: 2005 is not stated as a founding here.
  const ended = snap(HOME, 'Founded in 1999. In 2005 we moved to Leeds.');
  assert.equal(verdict([ended], field('founded_year', '2005', q('Founded in 1999. In 2005 we moved to Leeds.'))).state, 'not_found');
  const japanese = snap(HOME, '当社は2019年創業の会社です。', { lang: 'ja' });
  assert.equal(verdict([japanese], field('founded_year', '2019', q('当社は2019年創業の会社です。'))).value, '2019');
});

test('founded_year from the JSON-LD foundingDate of the cited page', () => {
  const page = pageFromHtml(HOME, '<html><head><script type="application/ld+json">{"@type":"Organization","name":"Acme","foundingDate":"2016-04-01"}</script></head><body><p>Acme</p></body></html>');
  assert.equal(verdict([page], field('founded_year', '2016', q('foundingDate: 2016-04-01'))).value, '2016');
});

test('country: an ISO code named in a quote; never from a currency', () => {
  assert.equal(verdict(pages, field('country', 'DE', q('We are based in Berlin, Germany.'))).value, 'DE');
  assert.equal(verdict(pages, field('country', 'germany', q('We are based in Berlin, Germany.'))).value, 'DE', 'a name becomes its code');
  assert.equal(verdict(pages, field('country', 'DE', q('€9 per month'))).state, 'not_found');
  assert.equal(verdict(pages, field('country', 'DE', q('Plans from €9 per month.'))).state, 'not_found');
  assert.equal(verdict(pages, field('country', 'XX', q('We are based in Berlin, Germany.'))).state, 'not_found');
  const german = snap(HOME, 'Musterstraße 1, 10115 Berlin, Deutschland', { lang: 'de' });
  assert.equal(verdict([german], field('country', 'DE', q('10115 Berlin, Deutschland'))).value, 'DE', 'the name in the page language');
  const coded = snap(HOME, 'Acme AG, Bahnhofstrasse 1, 8001 Zürich, CH');
  assert.equal(verdict([coded], field('country', 'CH', q('8001 Zürich, CH'))).value, 'CH', 'a bare code in an address');
  const swiss = snap(HOME, 'All prices in Swiss francs. CH plans.');
  assert.equal(verdict([swiss], field('country', 'CH', q('All prices in Swiss francs. CH plans.'))).state, 'not_found');
  const dollars = snap(HOME, 'Billed in United States dollars.');
  assert.equal(verdict([dollars], field('country', 'US', q('Billed in United States dollars.'))).state, 'not_found');
});

test('contact_email: a valid address written in a quote', () => {
  assert.equal(verdict(pages, field('contact_email', 'hello@acme.example', q('Write to hello@acme.example'))).value, 'hello@acme.example');
  assert.equal(verdict(pages, field('contact_email', 'sales@acme.example', q('Write to hello@acme.example'))).state, 'not_found');
  assert.equal(verdict(pages, field('contact_email', 'hello at acme', q('Write to hello@acme.example'))).state, 'not_found');
});

test('logo_url and demo_video_url: http(s) links of the cited page; a demo must be a video link', () => {
  assert.equal(verdict(pages, field('logo_url', 'https://acme.example/logo.png', q('https://acme.example/logo.png'))).value, 'https://acme.example/logo.png');
  assert.equal(verdict(pages, field('logo_url', 'https://cdn.example/other.png', q('Acme'))).state, 'not_found');
  assert.equal(verdict(pages, field('logo_url', 'javascript:alert(1)', q('Acme'))).state, 'not_found');
  assert.equal(verdict(pages, field('demo_video_url', 'https://www.youtube.com/watch?v=abc123', q('https://www.youtube.com/watch?v=abc123'))).state, 'ai');
  assert.equal(verdict(pages, field('demo_video_url', 'https://x.com/acme', q('https://x.com/acme'))).state, 'not_found');
  assert.equal(verdict(pages, field('demo_video_url', 'https://vimeo.com/12345', q('Acme'))).state, 'not_found', 'a video the page does not link');
});

test('pricing_model: one of the known models, stated by the quotes', () => {
  assert.equal(verdict(pages, field('pricing_model', 'Subscription', q('Plans from €9 per month.'))).value, 'subscription');
  assert.equal(verdict(pages, field('pricing_model', 'free', q('Plans from €9 per month.'))).state, 'not_found');
  assert.equal(verdict(pages, field('pricing_model', 'cheap', q('Plans from €9 per month.'))).state, 'not_found');
  const trial = snap(HOME, 'Start your 14-day free trial. Then $9 per month.');
  assert.equal(verdict([trial], field('pricing_model', 'free', q('Start your 14-day free trial.'))).state, 'not_found', 'a free trial is not a free plan');
});

test('categories: names from the category list whose words the quotes use', () => {
  const v = verdict(pages, field('categories', ['invoicing', 'Accounting', 'Made Up'], q('Acme sends your invoices and chases late payments.')), ['Invoicing', 'Accounting']);
  assert.equal(v.state, 'not_found', '"invoices" does not start with "invoicing"');
  const page = snap(HOME, 'Invoicing and accounting for freelancers.');
  const kept = verdict([page], field('categories', ['invoicing', 'Accounting', 'Made Up', 'Payroll'], q('Invoicing and accounting for freelancers.')), ['Invoicing', 'Accounting', 'Payroll']);
  assert.deepEqual(kept.value, ['Invoicing', 'Accounting']);
});

test('list fields keep the items their quotes contain, trimmed, at most 20 of at most 200 characters', () => {
  const items = Array.from({ length: 25 }, (_, i) => `Feature number ${i + 1}`);
  const page = snap(HOME, [...items, 'x'.repeat(300)].join('\n'));
  const v = verdict([page], field('features', [...items.map((i) => ` ${i} `), 'Invented feature', 'x'.repeat(300)], ...items.map((i) => q(i)), q('x'.repeat(300))));
  assert.equal(v.state, 'ai');
  assert.equal((v.value as string[]).length, 20);
  assert.equal((v.value as string[])[0], 'Feature number 1');
  assert.ok(!(v.value as string[]).includes('Invented feature'));
  const none = verdict([page], field('usps', ['Invented'], q('Feature number 1')));
  assert.equal(none.state, 'not_found');
});

test('values are cut to the spec limits: 500 for strings, 20000 for the description', () => {
  const paragraphs = Array.from({ length: 6 }, (_, i) => `Paragraph ${i} ${'word '.repeat(800).trim()}`);
  const page = snap(HOME, paragraphs.join('\n'));
  const quotes = paragraphs.map((p) => q(p));
  const tagline = verdict([page], field('tagline', paragraphs[0], quotes[0]));
  assert.ok((tagline.value as string).length <= 500 && (tagline.value as string).length >= 495);
  const desc = verdict([page], field('description', paragraphs.join('\n'), ...quotes));
  assert.ok((desc.value as string).length <= 20000 && (desc.value as string).length >= 19995, 'cut at 20000, a trailing space trimmed');
  assert.ok(paragraphs.join('\n').startsWith(desc.value as string));
});

test('founders: named next to a founder word; never a customer quoted in a testimonial', () => {
  const extraction: Extraction = {
    fields: [],
    faqs: [],
    founders: [
      { name: 'Jane Doe', title: 'Founder', bio: null, evidence: [q('Founded in 2019 by Jane Doe and John Roe.')] },
      { name: 'Mia Sommer', title: 'CEO', bio: null, evidence: [q('“Great tool!” — Mia Sommer, CEO of Foo')] },
      { name: 'Mia Sommer', title: 'CEO', bio: null, evidence: [q('Mia Sommer, CEO of Foo')] },
      { name: 'Ghost Writer', title: 'Founder', bio: null, evidence: [q('Ghost Writer, Founder')] },
      { name: 'Acme GmbH', title: null, bio: null, evidence: [q('Acme GmbH')] },
    ],
    socials: {},
  };
  const v = verifyExtraction(extraction, pages);
  assert.deepEqual(v.founders.map((f) => f.name), ['Jane Doe']);
  assert.equal(v.founders[0].title, null, 'a title the quotes do not state is dropped');
});

test('founders: a name inside testimonial markup does not count, the same words on the team page do', () => {
  const html = `<html><body><section class="testimonials"><p>Lea Brandt, Founder</p></section><div class="team"><p>Ravi Nair, Co-founder</p></div></body></html>`;
  const page = pageFromHtml(HOME, html);
  const v = verifyExtraction(
    {
      fields: [],
      faqs: [],
      founders: [
        { name: 'Lea Brandt', title: 'Founder', bio: null, evidence: [q('Lea Brandt, Founder')] },
        { name: 'Ravi Nair', title: 'Co-founder', bio: null, evidence: [q('Ravi Nair, Co-founder')] },
      ],
      socials: {},
    },
    [page],
  );
  assert.deepEqual(v.founders, [{ name: 'Ravi Nair', title: 'Co-founder', bio: null, evidence: [q('Ravi Nair, Co-founder')] }]);
});

test('founders: a self-introduction counts only on an "About me" page and outside testimonials', () => {
  const about = pageFromHtml(HOME, '<html><body><h1>Über mich</h1><p>Ich heiße Bernd Bauer und bin Imker.</p><blockquote><p>Mein Name ist Anna Kunde, der Honig ist köstlich.</p></blockquote></body></html>');
  const shop = pageFromHtml('https://acme.test/shop', '<html><body><h1>Shop</h1><p>My name is Carl Smith and I love this honey.</p></body></html>');
  const v = verifyExtraction(
    {
      fields: [],
      faqs: [],
      founders: [
        { name: 'Bernd Bauer', title: null, bio: null, evidence: [q('Ich heiße Bernd Bauer und bin Imker.')] },
        { name: 'Anna Kunde', title: null, bio: null, evidence: [q('Mein Name ist Anna Kunde, der Honig ist köstlich.')] },
        { name: 'Carl Smith', title: null, bio: null, evidence: [q('My name is Carl Smith and I love this honey.', 'https://acme.test/shop')] },
      ],
      socials: {},
    },
    [about, shop],
  );
  assert.deepEqual(v.founders.map((f) => f.name), ['Bernd Bauer']);
});

test('FAQs: question and answer must be quoted; limits 300 / 1500, at most 10', () => {
  const page = snap(HOME, 'Can I export? Yes, as CSV or PDF.');
  const v = verifyExtraction(
    {
      fields: [],
      faqs: [
        { question: 'Can I export?', answer: 'Yes, as CSV or PDF.', evidence: [q('Can I export?'), q('Yes, as CSV or PDF.')] },
        { question: 'Is it free?', answer: 'Yes, forever.', evidence: [q('Can I export?')] },
        { question: 'Can I export?', answer: 'Yes, as CSV or PDF.', evidence: [q('Can I export? Yes, as CSV or PDF.')] },
      ],
      founders: [],
      socials: {},
    },
    [page],
  );
  assert.deepEqual(v.faqs.map((f) => f.question), ['Can I export?']);
});

test('socials: known platform keys, linked from a crawled page, on that platform', () => {
  const v = verifyExtraction(
    { fields: [], faqs: [], founders: [], socials: { x: 'https://x.com/acme', github: 'https://x.com/acme', linkedin: 'https://www.linkedin.com/company/invented', myspace: 'https://myspace.com/acme' } },
    pages,
  );
  assert.deepEqual(v.socials, { x: 'https://x.com/acme' });
});

test('candidates for one field: the first that passes wins; notFound lists every blank field', () => {
  const v = verifyExtraction(only(field('name', 'Acme Pro', q('Acme Pro')), field('name', 'Acme', q('Acme'))), pages);
  assert.equal(v.fields.name.value, 'Acme');
  assert.deepEqual(v.notFound, DRAFT_FIELDS.filter((f) => f !== 'name'));
  const none = verifyExtraction(only(), pages);
  assert.deepEqual(none.notFound, [...DRAFT_FIELDS]);
  assert.equal((none.fields.city as { rejected?: string }).rejected, undefined, 'not proposed is not rejected');
});

test('garbage proposals are rejected, not thrown', () => {
  const garbage = {
    fields: [{ field: 'name', value: 42, evidence: 'nope' }, { field: 'city', value: ['Berlin'], evidence: [q('Berlin')] }, null, { field: 'nonsense', value: 'x', evidence: [] }],
    faqs: 'x',
    founders: [{ name: null }],
    socials: null,
  } as unknown as Extraction;
  const v = verifyExtraction(garbage, pages);
  assert.deepEqual(v.notFound, [...DRAFT_FIELDS]);
  assert.deepEqual(v.faqs, []);
  assert.deepEqual(v.founders, []);
  assert.deepEqual(v.socials, {});
});

test('founders: a role before the name is a statement, a dash after a sentence signs a quote', () => {
  const page = snap(HOME, 'Co-founder & CEO – Nora Vale\nSaved me hours every week! — Omar Haddad, Founder\nAcme was founded by Ines Roth in Porto.');
  const founder = (name: string, quote: string) => ({ name, title: null, bio: null, evidence: [q(quote)] });
  const v = verifyExtraction(
    {
      fields: [],
      faqs: [],
      founders: [founder('Nora Vale', 'Co-founder & CEO – Nora Vale'), founder('Omar Haddad', 'Saved me hours every week! — Omar Haddad, Founder'), founder('Ines Roth', 'Acme was founded by Ines Roth in Porto.')],
      socials: {},
    },
    [page],
  );
  assert.deepEqual(v.founders.map((f) => f.name), ['Nora Vale', 'Ines Roth']);
});

// Truth defects found on real sites: a copyright footer is no address, a company or a person is
// no city, and a four-digit year is no postcode.
const imprint = snap(
  'https://acme.example/imprint',
  [
    '© 2023 Foo Hosting, a project run by Jane Doe',
    '© 2023 Jersey Hosting. All rights reserved.',
    '© 2024 Acme GmbH · Hauptstraße 1 · 10115 Berlin',
    'Since 2023 Foo Hosting serves small shops.',
    'Acme AG, Bahnhofstrasse 1, 8001 Zürich',
    'Foo Hosting GmbH, based in Hamburg',
    'Jane Doe, based in Lisbon',
  ].join('\n'),
);
const location: Array<[string, FieldProposal, 'ai' | 'not_found', Extraction['founders']?]> = [
  ['a company named in a copyright line is no city', field('city', 'Foo Hosting', q('© 2023 Foo Hosting, a project run by Jane Doe', imprint.finalUrl)), 'not_found'],
  ['a person named in a copyright line is no city', field('city', 'Jane Doe', q('© 2023 Foo Hosting, a project run by Jane Doe', imprint.finalUrl)), 'not_found'],
  ['a country-like word in a copyright line is no country', field('country', 'JE', q('© 2023 Jersey Hosting. All rights reserved.', imprint.finalUrl)), 'not_found'],
  ['an address beside the copyright clause counts', field('city', 'Berlin', q('© 2024 Acme GmbH · Hauptstraße 1 · 10115 Berlin', imprint.finalUrl)), 'ai'],
  ['a year before a name is no postcode', field('city', 'Foo Hosting', q('Since 2023 Foo Hosting serves small shops.', imprint.finalUrl)), 'not_found'],
  ['a four-digit postcode outside the years counts', field('city', 'Zürich', q('Acme AG, Bahnhofstrasse 1, 8001 Zürich', imprint.finalUrl)), 'ai'],
  ['a legal form makes a company, not a city', field('city', 'Foo Hosting GmbH', q('Foo Hosting GmbH, based in Hamburg', imprint.finalUrl)), 'not_found'],
  ['the city of a "based in" statement', field('city', 'Hamburg', q('Foo Hosting GmbH, based in Hamburg', imprint.finalUrl)), 'ai'],
  ['a founder\'s name is no city', field('city', 'Jane Doe', q('Jane Doe, based in Lisbon', imprint.finalUrl)), 'not_found', [{ name: 'Jane Doe', title: null, bio: null, evidence: [q('Jane Doe, based in Lisbon', imprint.finalUrl)] }]],
];
for (const [name, proposal, state, founders] of location) {
  test(`location evidence: ${name}`, () => {
    const v = verifyExtraction({ fields: [proposal], faqs: [], founders: founders ?? [], socials: {} }, [home, imprint]).fields[proposal.field];
    assert.equal(v.state, state, JSON.stringify(v));
  });
}

/** A value each field could take, none of which the quote below states. */
const UNSTATED: Record<DraftField, FieldValue> = {
  name: 'Globex',
  tagline: 'Payroll for plumbers',
  short_description: 'Globex pays your plumbers.',
  description: 'Globex pays your plumbers on time.',
  stage: 'Beta',
  categories: ['Payroll'],
  tags: ['payroll'],
  pricing_model: 'freemium',
  pricing_summary: 'Pro $12 per month',
  country: 'FR',
  city: 'Paris',
  founded_year: '2011',
  features: ['Payroll runs'],
  usps: ['Loved by plumbers'],
  keywords: ['payroll'],
  contact_email: 'sales@globex.example',
  demo_video_url: 'https://www.youtube.com/watch?v=zzz',
  logo_url: 'https://globex.example/logo.png',
};
for (const f of DRAFT_FIELDS) {
  test(`evidence must state the value, whoever proposed it: ${f}`, () => {
    const v = verifyExtraction(only(field(f, UNSTATED[f], q('Acme sends your invoices and chases late payments. Built for freelancers.'))), pages, { categoryNames: ['Payroll', 'Invoicing'] }).fields[f];
    assert.equal(v.state, 'not_found', JSON.stringify(v));
  });
}
