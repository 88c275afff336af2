import type { CitedQuote } from '../evidence-base.ts';
import { countryNames, resolveCountry } from '../countries.ts';
import { nodesOf, organisations, textOf, type JsonLdNode } from '../json-ld.ts';
import { normalizeForMatch, phraseIndexes } from '../quote-match.ts';
import { clausesOf, withoutHost } from './location.ts';
import { japaneseAddress } from '../japanese-address.ts';
import { namesBrazil } from '../brazilian-address.ts';
import { callLinkNumber, phoneCountry } from '../phone-country.ts';
import { registerNumber } from '../registry-country.ts';
import { hasUsStateAndZip } from '../us-address.ts';
import { germanAddress } from '../german-address.ts';
import { spacedPostcodeCountry } from '../spaced-postcode-address.ts';
import { nationalPostcodeCountry } from '../national-postcode-address.ts';
import { countryPhrases } from '../country-phrases.ts';

export type CountryCheck = { ok: true; value: string } | { ok: false; reason: string };

/** Words that turn a country name into a currency: "US dollars" is a price, not an address. */
const CURRENCY_WORD = /^\s*(?:dollars?|francs?|pounds?|rupees?|pesos?|yen|yuan|kron[aeo]r?|real|reais|rand|lira|shekels?|won|ringgit|baht|zloty|złoty|forint|dirhams?|riyals?|euros?)(?![\p{L}])/u;
/** A quote with nothing but money in it: symbols, ISO currency codes, amounts, price periods. */
const MONEY_ONLY = /^(?:[\s\p{Sc}\p{P}\d]|\b(?:usd|eur|gbp|chf|jpy|cad|aud|sek|nok|dkk|pln|czk|inr|brl|mxn|cny)\b|\b(?:per|pro|par|month|monat|mois|mo|year|jahr|an|user|seat|vat|mwst|tva|incl|excl|zzgl|ttc|ht)\b)*$/iu;
/** Signs that a bare code stands in an address: a postcode, or the word for an address. */
const ADDRESS_CONTEXT = /\b\d{4,6}\b|address|adresse|anschrift|dirección|direccion|indirizzo|adres|postal|postcode|zip/iu;

/**
 * country must be an ISO 3166-1 alpha-2 code (a proposed name is resolved to its code), and a
 * quote must name that country (in English or the page's language), or carry the bare code in an
 * address ("10115 Berlin, DE"), or be the page's JSON-LD addressCountry, or be an address form
 * only one country writes (a Japanese prefecture address, a Brazilian one with its CEP or a phone
 * of its state, a US state and ZIP, a German street and five-digit postcode, a "184 70 Åkersberga"
 * postcode on a page in the language of the one country of that form that speaks it, a Polish "00-950 Warszawa",
 * Portuguese "1000-001 Lisboa" or Dutch "1012 AB Amsterdam" on a page in that country's language), or be a phone number
 * whose international calling code belongs to that one country (phone-country.ts: shared codes
 * such as +1 name none), or the national form a call link of the page shows for such a number
 * ("93 90 04 07" linking "tel:+4593900407"), or be a business-register number of a register one country keeps
 * ("SIREN 123 456 789": registry-country.ts), or say "in <country>" in the page's language as that
language writes it ("w Polsce", "Suomessa", "на Кипре", "Türkiye'de": country-phrases.ts). A price never names a
 * country: quotes that hold only money are ignored, and a name followed by a currency word
 * ("Swiss francs", "US dollars") does not count.
 */
export function checkCountry(value: string, cited: readonly CitedQuote[]): CountryCheck {
  // A legal notice's web host and its address place the host, not the business.
  const quotes = withoutHost(cited);
  const langs = [...new Set(quotes.flatMap((q) => q.cited.langs))];
  const code = resolveCountry(value, langs);
  if (!code) return { ok: false, reason: `country "${value}" is not an ISO 3166-1 alpha-2 code or a country name` };
  for (const q of quotes) {
    // A number a call link shows is digits only, as an amount is: the link tells it is a line.
    if (callLinkCountry(q) === code) return { ok: true, value: code };
    if (MONEY_ONLY.test(normalizeForMatch(q.quote))) continue;
    if (namesCountry(q, code) || saysIn(q, code) || codeInAddress(q.quote, code) || inJsonLdAddress(q, code) || (code === 'JP' && japaneseAddress(q.quote) !== null) || (code === 'BR' && namesBrazil(q.quote)) || (code === 'US' && hasUsStateAndZip(q.quote)) || (code === 'DE' && germanAddress(q.quote) !== null) || phoneCountry(q.quote) === code || registerNumber(q.quote)?.country === code || spacedPostcodeCountry(q.quote, q.cited.langs) === code || nationalPostcodeCountry(q.quote, q.cited.langs) === code) return { ok: true, value: code };
  }
  return { ok: false, reason: `no quote names the country ${code} in an address or a statement` };
}

/** The country named in a clause that is not a copyright line ("© 2023 Jersey Hosting" names a company). */
function namesCountry(q: CitedQuote, code: string): boolean {
  const names = countryNames(code, q.cited.langs);
  for (const clause of clausesOf(q.quote)) {
    if (clause.copyright) continue;
    for (const name of names) {
      for (const at of phraseIndexes(clause.norm, name)) {
        if (!CURRENCY_WORD.test(clause.norm.slice(at + name.length))) return true;
      }
    }
  }
  return false;
}

/** "Suomessa", "на Кипре": that country's "in" form in a clause that is not a copyright line, and not before a currency word. */
function saysIn(q: CitedQuote, code: string): boolean {
  return clausesOf(q.quote).some(
    (clause) => !clause.copyright && countryPhrases(clause.norm, q.cited.langs).some((p) => p.code === code && !CURRENCY_WORD.test(clause.norm.slice(p.end))),
  );
}

const LATIN_LETTER = /[A-Za-z]/;

/** The bare code in capitals ("de" is a word, "DE" a code), as a word of its own, in an address clause that is not a copyright line. */
function codeInAddress(quote: string, code: string): boolean {
  return clausesOf(quote).some((clause) => {
    if (clause.copyright || !ADDRESS_CONTEXT.test(clause.text)) return false;
    const text = clause.text;
    for (let at = text.indexOf(code); at !== -1; at = text.indexOf(code, at + 1)) {
      if (!LATIN_LETTER.test(text[at - 1] ?? '') && !LATIN_LETTER.test(text[at + 2] ?? '')) return true;
    }
    return false;
  });
}

function inJsonLdAddress(q: CitedQuote, code: string): boolean {
  return organisations(q.cited.jsonLd()).some((org) =>
    addresses(org).some((address) => {
      const stated = textOf(address.addressCountry) ?? nodesOf(address.addressCountry).map((c) => textOf(c.name)).find(Boolean);
      return !!stated && resolveCountry(stated, q.cited.langs) === code && q.norm.includes(normalizeForMatch(stated));
    }),
  );
}

function addresses(org: JsonLdNode): JsonLdNode[] {
  return [...nodesOf(org.address), ...nodesOf(org.location).flatMap((l) => nodesOf(l.address))];
}

/** The country of the page's call link that shows the quote as its number ("93 90 04 07" → tel:+45…). */
function callLinkCountry(q: CitedQuote): string | null {
  const $ = q.cited.dom();
  for (const a of $('a[href^="tel:" i]').toArray()) {
    const shown = $(a).text().replace(/\s+/g, ' ').trim();
    if (shown && q.norm.includes(normalizeForMatch(shown))) {
      const country = callLinkNumber(a.attribs.href ?? '', shown);
      if (country) return country;
    }
  }
  return null;
}
