import type { Element } from 'domhandler';
import type { Evidence, FieldProposal } from '../types.ts';
import { elementText } from '../element-text.ts';
import { normalizeForMatch, phraseIndexes } from '../quote-match.ts';
import { headingsMatching, inChrome, listedItems, paragraphs } from './sections.ts';
import { clean, propose, type Site, type SitePage } from './site.ts';
import { jsonLdDescription, jsonLdKeywords, jsonLdName, splitKeywords } from './structured-data.ts';

/**
 * The descriptive fields, all in the site's own words and language: name, tagline, short and
 * long description, features, USPs, keywords, tags, categories and stage. Each field may get
 * several candidates, best first; the verifier keeps the first whose quotes hold.
 */
export function textProposals(site: Site, categoryNames: readonly string[]): FieldProposal[] {
  const home = site.home;
  const name = nameCandidates(home, site.ownNames);
  const out: Array<FieldProposal | null> = [];
  for (const n of name) out.push(propose('name', n, [home.quote(n)]));
  for (const t of taglineCandidates(home, name[0] ?? '')) out.push(propose('tagline', t, [home.quote(t)]));
  for (const d of shortDescriptionCandidates(home)) out.push(propose('short_description', d, [home.quote(d)]));
  out.push(description(site));
  out.push(sectionList(site, 'features', FEATURE_HEADINGS, ['features', 'home']));
  out.push(sectionList(site, 'usps', USP_HEADINGS, ['home', 'about', 'features']));
  out.push(...keywordProposals(home));
  out.push(categories(site, categoryNames));
  out.push(stage(home));
  return out.filter((p): p is FieldProposal => p !== null);
}

/** From the first space of a run only: tried from each space, a long run is read again and again. */
const SEPARATOR = /(?<!\s)\s+[|\u2013\u2014:\u00b7\u2022-]\s+/;

/** Stated names first; then the part of the title that is the site's own name ("Home | Acme" → Acme), else its first part. */
function nameCandidates(home: SitePage, ownNames: readonly string[]): string[] {
  const m = home.meta;
  const titled = (t: string) => {
    const parts = t.split(SEPARATOR).map((p) => p.trim());
    const own = parts.find((p) => {
      const key = normalizeForMatch(p).replace(/[^\p{L}\p{N}]/gu, '');
      return key !== '' && ownNames.some((n) => n === key || n.startsWith(key) || key.startsWith(n));
    });
    return [own ?? '', parts[0] ?? ''];
  };
  const list = [m.siteName, jsonLdName(home.jsonLd) ?? '', m.applicationName, ...titled(m.title), ...titled(m.ogTitle)];
  return unique(list.map(clean).filter((n) => n.length >= 1 && n.length <= 80));
}

function taglineCandidates(home: SitePage, name: string): string[] {
  const $ = home.$;
  const first = $('h1').first()[0] as Element | undefined;
  const h1 = clean(elementText(first));
  const titleRest = home.meta.title.split(SEPARATOR).slice(1).join(' - ').trim();
  const h2 = clean(elementText($('h2').toArray().find((h) => !inChrome($, h as Element))));
  const n = normalizeForMatch(name);
  // A lone section heading ("Features", "Pricing") names a section, not the product: an h2 is a
  // tagline only when it reads as a phrase.
  const phrase = (t: string) => t.split(' ').filter(Boolean).length >= 3;
  return unique([h1, titleRest, home.meta.ogDescription, heroSubline($, first), phrase(h2) ? h2 : ''].map(clean)).filter(
    (t) => t.length >= 8 && t.length <= 160 && normalizeForMatch(t) !== n,
  );
}

/** The line under the page's main heading (the hero's sub-line): the first paragraph after the h1, before the next heading. */
function heroSubline($: SitePage['$'], h1: Element | undefined): string {
  if (!h1 || inChrome($, h1)) return '';
  for (let el = h1.next; el; el = el.next) {
    if (!isTag(el)) continue;
    if (/^h[1-6]$/.test(el.name)) return '';
    if (el.name === 'p') return clean(elementText(el));
  }
  return '';
}

const isTag = (node: unknown): node is Element => typeof node === 'object' && node !== null && (node as { type?: string }).type === 'tag';

function shortDescriptionCandidates(home: SitePage): string[] {
  const m = home.meta;
  const first = paragraphs(home.$, 40)[0] ?? '';
  return unique([m.description, m.ogDescription, m.twitterDescription, jsonLdDescription(home.jsonLd) ?? '', first].map((d) => sentencesUpTo(clean(d), 500))).filter(
    (d) => d.length >= 20,
  );
}

/** Whole sentences from the start of `text`, at most `max` characters ('' when even one is longer). */
export function sentencesUpTo(text: string, max: number): string {
  if (text.length <= max) return text;
  let out = '';
  for (const s of text.split(/(?<=[.!?\u3002])\s+/)) {
    const next = out ? `${out} ${s}` : s;
    if (next.length > max) break;
    out = next;
  }
  return out;
}

const DESCRIPTION_CHARS = 3000;

/** The about page's running text (else the home page's), paragraph by paragraph. */
function description(site: Site): FieldProposal | null {
  for (const page of site.byRole('about', 'home')) {
    const chosen: string[] = [];
    const evidence: Evidence[] = [];
    let length = 0;
    for (const p of paragraphs(page.$, 40)) {
      const e = page.quote(p);
      if (!e || chosen.includes(p)) continue;
      if (length + p.length > DESCRIPTION_CHARS && chosen.length > 0) break;
      chosen.push(p);
      evidence.push(e);
      length += p.length;
    }
    if (chosen.length > 0) return propose('description', chosen.join('\n\n'), evidence);
  }
  const d = jsonLdDescription(site.home.jsonLd);
  return d ? propose('description', d, [site.home.quote(d)]) : null;
}

// "what … does", "why …?": the words between stop at the next "what " / "why ", so from each one
// only its own stretch is read (with ".*" each read the rest of the heading).
const FEATURE_HEADINGS = /features|funktionen|fonctionnalit|caract[eé]ristiques|caracter[ií]sticas|funzionalit|what you get|everything you need|capabilities|leistungen|highlights|what (?:(?!what )[^\n])* does|was (?:(?!was )[^\n])* kann/i;
const USP_HEADINGS = /^why\b|why (?:(?!why )[^?\n])*\?|warum|pourquoi|por qu[eé]|perch[eé]|benefits|vorteile|avantages|ventajas|vantaggi|what makes|reasons to/i;

function sectionList(site: Site, field: 'features' | 'usps', headings: RegExp, roles: Parameters<Site['byRole']>): FieldProposal | null {
  const items: string[] = [];
  const evidence: Evidence[] = [];
  for (const page of site.byRole(...roles)) {
    for (const h of headingsMatching(page.$, headings)) {
      for (const item of listedItems(page.$, h)) {
        const e = page.quote(item);
        if (!e || items.some((i) => normalizeForMatch(i) === normalizeForMatch(item))) continue;
        items.push(clean(e.quote));
        evidence.push(e);
        if (items.length === 20) return propose(field, items, evidence);
      }
    }
  }
  return items.length ? propose(field, items, evidence) : null;
}

/** keywords from the meta keywords (else JSON-LD keywords); tags from JSON-LD keywords. */
function keywordProposals(home: SitePage): Array<FieldProposal | null> {
  const fromMeta = home.meta.keywords ? { stated: home.meta.keywords, items: splitKeywords(home.meta.keywords) } : null;
  const fromJsonLd = jsonLdKeywords(home.jsonLd);
  return [listFromStated('keywords', home, fromMeta ?? fromJsonLd), listFromStated('tags', home, fromJsonLd)];
}

/**
 * A list the site states in one place (a keywords attribute): quoted whole when the stored text
 * holds it, else item by item where the text uses the word (a keyword the site never writes is
 * dropped).
 */
function listFromStated(field: 'keywords' | 'tags', page: SitePage, stated: { stated: string; items: string[] } | null): FieldProposal | null {
  if (!stated || stated.items.length === 0) return null;
  const whole = stated.stated ? page.quote(stated.stated) : null;
  if (whole) return propose(field, stated.items.slice(0, 20), [whole]);
  const items: string[] = [];
  const evidence: Evidence[] = [];
  for (const item of stated.items) {
    const e = page.quote(item);
    if (!e) continue;
    items.push(item);
    evidence.push(e);
    if (items.length === 20) break;
  }
  return items.length ? propose(field, items, evidence) : null;
}

/**
 * Categories: the service's category names that the site itself uses in its title, descriptions
 * or headings (home, features and about pages), strongest places first, at most three.
 */
function categories(site: Site, categoryNames: readonly string[]): FieldProposal | null {
  if (categoryNames.length === 0) return null;
  const places: Array<{ text: string; norm: string; page: SitePage; weight: number }> = [];
  const place = (text: string, page: SitePage, weight: number) => places.push({ text, norm: normalizeForMatch(text), page, weight });
  for (const page of site.byRole('home', 'features', 'about')) {
    const $ = page.$;
    const strong = page === site.home ? 3 : 2;
    for (const t of [page.meta.title, page.meta.description, page.meta.ogDescription]) place(t, page, strong);
    $('h1, h2, h3').each((_, h) => {
      if (!inChrome($, h)) place(clean($(h).text()), page, h.name === 'h3' ? 1 : 2);
    });
  }
  const scored: Array<{ name: string; score: number; evidence: Evidence }> = [];
  for (const name of categoryNames) {
    const forms = phraseForms(name);
    let score = 0;
    let evidence: Evidence | null = null;
    for (const place of places) {
      const text = place.norm;
      if (!text || !forms.some((f) => text.includes(f) && phraseIndexes(text, f).length > 0)) continue;
      const e = place.page.quote(place.text);
      if (!e) continue;
      score += place.weight;
      evidence ??= e;
    }
    if (evidence) scored.push({ name, score, evidence });
  }
  const top = scored.sort((a, b) => b.score - a.score).slice(0, 3);
  return top.length ? propose('categories', top.map((t) => t.name), top.map((t) => t.evidence)) : null;
}

function phraseForms(name: string): string[] {
  const n = normalizeForMatch(name);
  return unique([n, n.endsWith('s') ? n.slice(0, -1) : `${n}s`]).filter((f) => f.length >= 2);
}

const STAGE = /(?<![\p{L}])(public beta|private beta|open beta|closed beta|early access|beta|alpha|coming soon|pre-launch|frühzugang|accès anticipé|acceso anticipado|bêta)(?![\p{L}])/iu;

/** A stage only when the home page says so in its title, headings, badges or description. */
function stage(home: SitePage): FieldProposal | null {
  const $ = home.$;
  const places = [home.meta.title, ...$('h1, h2, span, small, mark, strong, p, a').toArray().map((el) => clean(elementText(el))), home.meta.description];
  for (const text of places) {
    if (!text || text.length > 200) continue;
    const m = STAGE.exec(text);
    if (!m) continue;
    const e = home.quote(text);
    if (e) return propose('stage', m[1], [e]);
  }
  return null;
}

function unique(list: string[]): string[] {
  const seen = new Set<string>();
  return list.filter((s) => {
    const k = normalizeForMatch(s);
    if (!k || seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
