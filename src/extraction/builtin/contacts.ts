import type { FieldProposal } from '../types.ts';
import { socialKeyForUrl } from '../guards/links.ts';
import { organisations, textsOf } from '../json-ld.ts';
import { propose, type Site } from './site.ts';
import { statements } from './statements.ts';

const EMAIL_IN_TEXT = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,24}/g;
const NOT_CONTACT = /^(?:no-?reply|do-?not-?reply|mailer-daemon|postmaster|abuse)@|@(?:example\.(?:com|org|net)|sentry\.io|[^@]*\.(?:png|jpe?g|gif|svg|webp))$/i;
/** Addresses people write to first. */
const PREFERRED = /^(?:hello|hi|contact|kontakt|info|team|support|hallo|bonjour|hola)@/i;

/**
 * contact_email from mailto links and addresses written on the contact, imprint, home and about
 * pages. An address is proposed only where the page's text shows it (a mailto link behind "Write
 * to us" alone cannot be quoted).
 */
export function contactProposals(site: Site): FieldProposal[] {
  const candidates: Array<{ email: string; page: (typeof site.pages)[number]; rank: number }> = [];
  site.byRole('contact', 'home', 'legal', 'about', 'team', 'pricing', 'faq', 'other').forEach((page, order) => {
    const seen = new Set(candidates.map((c) => c.email.toLowerCase()));
    const push = (email: string, mailto: boolean) => {
      const e = email.trim();
      if (!e || NOT_CONTACT.test(e) || seen.has(e.toLowerCase())) return;
      seen.add(e.toLowerCase());
      candidates.push({ email: e, page, rank: order * 10 + (PREFERRED.test(e) ? 0 : 5) + (mailto ? 0 : 1) });
    };
    page.$('a[href^="mailto:" i]').each((_, a) => {
      const address = safeDecode((a.attribs.href ?? '').slice(7).split('?')[0]).split(',')[0];
      push(address, true);
    });
    for (const text of statements(page, { footer: true })) for (const m of text.matchAll(EMAIL_IN_TEXT)) push(m[0], false);
  });
  return candidates
    .sort((a, b) => a.rank - b.rank)
    .map((c) => propose('contact_email', c.email, [c.page.quote(c.email)]))
    .filter((p): p is FieldProposal => p !== null);
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Social profiles the site links to (and its JSON-LD sameAs), by platform, home page first. */
export function socialLinks(site: Site): Record<string, string> {
  const socials: Record<string, string> = {};
  for (const page of site.byRole('home', 'about', 'contact', 'team', 'legal', 'other', 'pricing', 'features', 'faq')) {
    const urls = [...page.snapshot.links.filter((l) => l.kind === 'a').map((l) => l.url)];
    for (const org of organisations(page.jsonLd)) urls.push(...textsOf(org.sameAs).filter((u) => page.snapshot.links.some((l) => l.url === u)));
    for (const url of urls) {
      const key = socialKeyForUrl(url);
      if (key && !socials[key]) socials[key] = url;
    }
  }
  return socials;
}
