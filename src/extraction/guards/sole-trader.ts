import type { CitedQuote } from '../evidence-base.ts';
import { organisations, textOf, type JsonLdNode } from '../json-ld.ts';
import { matchKey, normalizeForMatch } from '../quote-match.ts';

/**
 * An Italian sole proprietorship (ditta individuale) must carry its owner's surname in its
 * registered name (codice civile, art. 2563), and such firms write it as the trade name, "di" and
 * the owner ("Pizzeria Bella di Rossi Mario"), in their JSON-LD legalName or on the legal line
 * beside their VAT number ("P. IVA 01234567890"). The owner so named heads the business.
 * Elsewhere "di" joins a name to a place or a thing ("Pizzeria di Napoli"), so the reading needs
 * that legal context: a bare "Acme di Mario Rossi" in a paragraph is not read.
 */
export const OWNER_JOINT = 'di';

/** The VAT number's label on an Italian legal line (normalised: lower case). */
const VAT_LABEL = /(?<![\p{L}])(?:p\. ?iva|partita iva)(?![\p{L}])/u;

/** Whether a normalised text holds an Italian VAT label. */
export function holdsVatLabel(norm: string): boolean {
  return VAT_LABEL.test(norm);
}

/**
 * The owner an organisation's JSON-LD legalName names after its trade name ("Arti di Rossi Mario"
 * beside "name": "Arti" → "Rossi Mario"), or null.
 */
export function registeredOwner(org: JsonLdNode): { legalName: string; owner: string } | null {
  const legalName = textOf(org.legalName)?.replace(/\s+/g, ' ').trim();
  const trade = textOf(org.name)?.replace(/\s+/g, ' ').trim();
  if (!legalName || !trade) return null;
  const lead = `${trade} ${OWNER_JOINT} `;
  if (legalName.length <= lead.length || normalizeForMatch(legalName.slice(0, lead.length)) !== normalizeForMatch(lead)) return null;
  return { legalName, owner: legalName.slice(lead.length) };
}

/**
 * The name at `at` in the quote (both normalised) is the owner a sole trader's registered name
 * names: the page's JSON-LD gives that legalName to an organisation whose name is the trade
 * name, or the quote holds "<this site's name> di <name>" and the VAT label (one legal line).
 */
export function namedInRegisteredName(q: CitedQuote, at: number, normName: string, ownNames: readonly string[]): boolean {
  const before = q.norm.slice(0, at);
  if (!before.endsWith(` ${OWNER_JOINT} `)) return false;
  const registered = organisations(q.cited.jsonLd()).some((org) => {
    const found = registeredOwner(org);
    return found !== null && normalizeForMatch(found.owner) === normName && q.norm.includes(normalizeForMatch(found.legalName));
  });
  if (registered) return true;
  if (!holdsVatLabel(q.norm)) return false;
  const trade = matchKey(before.slice(0, -(OWNER_JOINT.length + 2)));
  return ownNames.some((own) => own.length >= 3 && trade.endsWith(own));
}
