import type { Element } from 'domhandler';
import type { Evidence } from '../types.ts';
import { elementText } from '../element-text.ts';
import { organisations } from '../json-ld.ts';
import { matchKey, normalizeForMatch } from '../quote-match.ts';
import { holdsVatLabel, OWNER_JOINT, registeredOwner } from '../guards/sole-trader.ts';
import { isWholeName } from './person-names.ts';
import { clean, type SitePage } from './site.ts';

/** Elements that may hold a legal line's text directly (a footer's <span>, an imprint's <p>). */
const LEGAL_LINE_TAGS = 'p, span, small, div, li, td, address';
const INLINE = new Set(['a', 'span', 'em', 'i', 'b', 'strong', 'small', 'br', 'abbr', 'bdi']);
/** A legal line is short; a paragraph this long is prose, where "di" means something else. */
const LINE_MAX = 300;


/**
 * The owner a sole trader's registered name gives (see guards/sole-trader.ts): the JSON-LD
 * legalName "<name> di <owner>" of an organisation, or a text "<this site's name> di <owner>"
 * that ends its element, on a line of the page with the VAT label. Footers are read: that is
 * where such firms write their legal line.
 */
export function soleTraderOwners(page: SitePage, businessNames: readonly string[]): Array<{ name: string; evidence: Evidence | null }> {
  const out: Array<{ name: string; evidence: Evidence | null }> = [];
  for (const org of organisations(page.jsonLd)) {
    const found = registeredOwner(org);
    if (found && isWholeName(found.owner)) out.push({ name: found.owner, evidence: page.quote(`legalName: ${found.legalName}`) ?? page.quote(found.legalName) });
  }
  const lines = (page.snapshot.text ?? '').split('\n');
  const $ = page.$;
  $(LEGAL_LINE_TAGS).each((_, el) => {
    if (el.children.some((c) => c.type === 'tag' && !INLINE.has((c as Element).name))) return;
    const text = clean(elementText(el));
    const joint = text.lastIndexOf(` ${OWNER_JOINT} `);
    if (joint === -1 || text.length > LINE_MAX) return;
    const owner = text.slice(joint + OWNER_JOINT.length + 2);
    const trade = matchKey(text.slice(0, joint));
    if (!isWholeName(owner) || !businessNames.some((own) => own.length >= 3 && trade.endsWith(own))) return;
    const line = lines.find((l) => l.length <= LINE_MAX && l.includes(text) && holdsVatLabel(normalizeForMatch(l)));
    if (line) out.push({ name: owner, evidence: page.quote(line) });
  });
  return out;
}
