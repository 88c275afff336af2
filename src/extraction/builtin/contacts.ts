import type { FieldProposal } from '../types.ts';
import { socialKeyForUrl } from '../guards/links.ts';
import { propose, type Site, type SitePage } from './site.ts';
import { statements } from './statements.ts';

/**
 * From the start of a run of address characters only: a search from each one reads the run again.
 * Not after an "@": "@Tusky@mastodon.social" is a fediverse handle, not an address to write to.
 */
const EMAIL_IN_TEXT = /(?<![A-Za-z0-9._%+@-])[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,24}/g;
const NOT_CONTACT = /^(?:no-?reply|do-?not-?reply|mailer-daemon|postmaster|abuse)@|@(?:example\.(?:com|org|net)|sentry\.io|[^@]*\.(?:png|jpe?g|gif|svg|webp))$/i;
/** Addresses people write to first. */
const PREFERRED = /^(?:hello|hi|contact|kontakt|info|team|support|hallo|bonjour|hola)@/i;

/**
 * contact_email from mailto links and addresses written on the contact, imprint, home and about
 * pages. An address is proposed only where the page's text shows it (a mailto link behind "Write
 * to us" alone cannot be quoted).
 */
export function contactProposals(site: Site): FieldProposal[] {
  const candidates: Array<{ email: string; page: SitePage; rank: number; mailto: boolean }> = [];
  site.byRole('contact', 'home', 'legal', 'about', 'team', 'pricing', 'faq', 'other').forEach((page, order) => {
    const seen = new Set(candidates.map((c) => c.email.toLowerCase()));
    const push = (email: string, mailto: boolean) => {
      const e = email.trim();
      if (!e || NOT_CONTACT.test(e) || seen.has(e.toLowerCase())) return;
      seen.add(e.toLowerCase());
      candidates.push({ email: e, page, rank: order * 10 + (PREFERRED.test(e) ? 0 : 5) + (mailto ? 0 : 1), mailto });
    };
    page.$('a[href^="mailto:" i]').each((_, a) => {
      const address = safeDecode((a.attribs.href ?? '').slice(7).split('?')[0]).split(',')[0];
      push(address, true);
    });
    for (const text of statements(page, { footer: true })) for (const m of text.matchAll(EMAIL_IN_TEXT)) push(m[0], false);
  });
  return candidates
    .sort((a, b) => a.rank - b.rank)
    // Written in the text: quoted from it; only behind a link: the mailto link itself (verify.ts checks it is in the page's HTML).
    .map((c) => propose('contact_email', c.email, [c.page.quote(c.email) ?? (c.mailto ? { url: c.page.url, quote: `mailto:${c.email}` } : null)]))
    .filter((p): p is FieldProposal => p !== null);
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * Social profiles the site links to, by platform, home page first. (JSON-LD sameAs alone is not
 * enough: a social link is evidenced by the page linking to it.)
 */
export function socialLinks(site: Site): Record<string, string> {
  const socials: Record<string, string> = {};
  for (const page of site.byRole('home', 'about', 'contact', 'team', 'legal', 'other', 'pricing', 'features', 'faq')) {
    for (const link of page.snapshot.links) {
      const key = link.kind === 'a' ? socialKeyForUrl(link.url) : null;
      if (key && !socials[key]) socials[key] = link.url;
    }
  }
  return socials;
}
