import { test } from 'node:test';
import assert from 'node:assert/strict';
import { candidatesFrom, pageKey, pickNext, siteKey } from './page-picker.ts';
import type { Candidate } from './page-picker.ts';
import type { PageLink } from './types.ts';

const site = new Set([siteKey(new URL('https://acme.test/'))]);
const a = (url: string, text = ''): PageLink => ({ url, text, kind: 'a' });

function order(links: PageLink[], n = 20): string[] {
  const pool = candidatesFrom(links, site);
  const topics = new Map<string, number>();
  const picked: string[] = [];
  for (let next: Candidate | null; picked.length < n && (next = pickNext(pool, topics)); ) {
    pool.splice(pool.indexOf(next), 1);
    if (next.topic) topics.set(next.topic, (topics.get(next.topic) ?? 0) + 1);
    picked.push(new URL(next.url).pathname);
  }
  return picked;
}

test('fact pages come first; blog posts, news, sign-in, careers and assets never', () => {
  const links = [
    a('https://acme.test/blog/how-we-price-things', 'How we price things'),
    a('https://acme.test/2025/10/about-our-journey', 'About our journey'),
    a('https://acme.test/news/pricing-update', 'Pricing update'),
    a('https://acme.test/login', 'Log in'),
    a('https://acme.test/careers', 'Careers'),
    a('https://acme.test/brochure.pdf', 'Brochure'),
    a('https://acme.test/integrations', 'Integrations'),
    a('https://acme.test/privacy', 'Privacy'),
    a('https://acme.test/contact', 'Contact'),
    a('https://acme.test/faq', 'FAQ'),
    a('https://acme.test/pricing', 'Pricing'),
    a('https://acme.test/about', 'About'),
    a('https://acme.test/features', 'Features'),
    a('https://acme.test/team', 'Team'),
    a('https://acme.test/imprint', 'Imprint'),
  ];
  assert.deepEqual(order(links), ['/pricing', '/about', '/features', '/faq', '/team', '/contact', '/imprint', '/privacy', '/integrations']);
});

test('non-English pages are recognised by path or by link text', () => {
  const links = [
    a('https://acme.test/de/karriere', 'Karriere'),
    a('https://acme.test/de/kontakt', 'Kontakt'),
    a('https://acme.test/de/ueber-uns', 'Über uns'),
    a('https://acme.test/de/preise', 'Preise'),
    a('https://acme.test/impressum', 'Impressum'),
    a('https://acme.test/fr/a-propos', 'À propos'),
    a('https://acme.test/fr/tarifs', 'Tarifs'),
    a('https://acme.test/es/precios', 'Precios'),
    a('https://acme.test/es/sobre-nosotros', 'Sobre nosotros'),
    a('https://acme.test/es/contacto', 'Contacto'),
    a('https://acme.test/p/17', 'Über uns'),
  ];
  const pool = candidatesFrom(links, site);
  const topic = (path: string) => pool.find((c) => new URL(c.url).pathname === path)?.topic;
  assert.equal(topic('/de/preise'), 'pricing');
  assert.equal(topic('/fr/tarifs'), 'pricing');
  assert.equal(topic('/es/precios'), 'pricing');
  assert.equal(topic('/de/ueber-uns'), 'about');
  assert.equal(topic('/fr/a-propos'), 'about');
  assert.equal(topic('/es/sobre-nosotros'), 'about');
  assert.equal(topic('/p/17'), 'about');
  assert.equal(topic('/de/kontakt'), 'contact');
  assert.equal(topic('/es/contacto'), 'contact');
  assert.equal(topic('/impressum'), 'imprint');
  assert.equal(topic('/de/karriere'), undefined);
});

test('only the same site: the www. variant counts, other hosts, subdomains and ports do not', () => {
  const links = [
    a('https://www.acme.test/pricing', 'Pricing'),
    a('http://acme.test/about', 'About'),
    a('https://docs.acme.test/faq', 'FAQ'),
    a('https://acme.test:8443/team', 'Team'),
    a('https://acme-partner.test/about', 'About'),
    { url: 'https://acme.test/features', text: 'Features', kind: 'img' as const },
  ];
  assert.deepEqual(
    candidatesFrom(links, site).map((c) => c.url),
    ['https://www.acme.test/pricing', 'http://acme.test/about'],
  );
});

test('a second page of one topic waits until other topics had their turn', () => {
  const links = [
    a('https://acme.test/pricing', 'Pricing'),
    a('https://acme.test/plans', 'Plans'),
    a('https://acme.test/contact', 'Contact'),
  ];
  assert.deepEqual(order(links), ['/pricing', '/contact', '/plans']);
});

test('page keys ignore fragments, trailing slashes and www.', () => {
  assert.equal(pageKey(new URL('https://www.acme.test/about/#team')), pageKey(new URL('https://acme.test/about')));
  assert.notEqual(pageKey(new URL('https://acme.test/about?lang=de')), pageKey(new URL('https://acme.test/about')));
});

test('Cyrillic and Japanese link texts name their topics; a static site’s /pages/ folder is not a level', () => {
  const picked = order([
    a('https://acme.test/p1', 'Тарифы'),
    a('https://acme.test/p2', '会社概要'),
    a('https://acme.test/pages/smashroom.html', 'Smash room'),
    a('https://acme.test/deep/er/page', 'Deep'),
  ]);
  assert.deepEqual(picked.slice(0, 2), ['/p1', '/p2']);
  assert.ok(picked.includes('/pages/smashroom.html'));
  assert.ok(!picked.includes('/deep/er/page'));
});

test('a page in a named folder (/services/web-design, /prestations/facilitation) has the folder\'s topic, after the folder\'s own page; an unnamed folder\'s pages none', () => {
  const links = [
    a('https://acme.test/prestations/facilitation/', 'facilitation'),
    a('https://acme.test/stories/our-first-client', 'Our first client'),
    a('https://acme.test/services', 'Services'),
    a('https://acme.test/about', 'About'),
  ];
  assert.deepEqual(order(links), ['/about', '/services', '/prestations/facilitation/']);
  const [candidate] = candidatesFrom([a('https://acme.test/solutions/retail', 'Retail')], site);
  assert.equal(candidate.topic, 'features');
});
