/**
 * The words that make a statement explicit, in the languages sites are commonly written in. Both
 * the built-in extractor (to find statements) and the verifier (to accept them, whoever proposed
 * them) use these lists, all in normalised form (see quote-match.ts: lower case, straight quotes,
 * "-" for every dash).
 */

/** Someone is named as a founder (or the company's chief executive), or as having founded it. */
export const FOUNDER_WORDS = [
  // en
  'founder', 'founders', 'co-founder', 'co-founders', 'cofounder', 'cofounders', 'founded', 'co-founded', 'ceo', 'chief executive officer',
  // de
  'gründer', 'gründerin', 'gründerinnen', 'mitgründer', 'mitgründerin', 'mitbegründer', 'mitbegründerin', 'gegründet von',
  'geschäftsführer', 'geschäftsführerin', 'geschäftsführung', 'gegründet', 'gründete',
  // fr
  'fondateur', 'fondatrice', 'fondateurs', 'cofondateur', 'co-fondateur', 'cofondatrice', 'co-fondatrice', 'fondé par',
  'fondée par', 'fondé', 'fondée', 'a fondé', 'pdg', 'directeur général', 'directrice générale',
  // es, pt
  'fundador', 'fundadora', 'fundadores', 'cofundador', 'cofundadora', 'co-fundador', 'co-fundadora', 'fundada por',
  'fundado por', 'fundó', 'fundada', 'fundado', 'director ejecutivo', 'consejero delegado',
  // it
  'fondatore', 'fondatori', 'cofondatore', 'co-fondatore', 'cofondatrice', 'fondata', 'fondato', 'amministratore delegato',
  // nl
  'oprichter', 'oprichters', 'oprichtster', 'mede-oprichter', 'medeoprichter', 'opgericht',
  // pl, sv, da, no
  'założyciel', 'założycielka', 'współzałożyciel', 'współzałożycielka', 'grundare', 'medgrundare', 'grundlægger',
  'medstifter', 'gründer', 'grunnlegger',
  // ja, zh (no word boundaries in these scripts)
  '創業者', '共同創業者', '代表取締役', '创始人', '联合创始人', '創辦人', '創始人',
];

/** A year is stated as the founding year ("founded in 2019", "seit 2019", "fondée en 2019"). */
export const FOUNDING_WORDS = [
  // en (foundingdate: the crawler's "json-ld foundingDate: 2019" line)
  'founded', 'foundingdate', 'established', 'est.', 'since', 'incorporated', 'started in', 'in business since',
  // de
  'gegründet', 'gründung', 'gründungsjahr', 'seit',
  // fr
  'fondée', 'fondé', 'fondés', 'fondées', 'créée en', 'créé en', 'depuis',
  // es, pt
  'fundada', 'fundado', 'fundación', 'fundação', 'desde',
  // it
  'fondata', 'fondato', 'dal',
  // nl, pl, sv, da, no
  'opgericht', 'sinds', 'założona', 'założony', 'grundat', 'grundades', 'sedan', 'grundlagt', 'siden', 'etablert',
  // ja, zh
  '設立', '創業', '成立', '创立', '創立',
];

/** A copyright line: its year is the year of the page, never the founding year. */
export const COPYRIGHT_MARKERS = [
  '©', '(c)', 'copyright', 'all rights reserved', 'alle rechte vorbehalten', 'tous droits réservés',
  'todos los derechos reservados', 'tutti i diritti riservati', 'alle rechten voorbehouden', 'todos os direitos reservados',
];

/** Headings of customer-voice sections: names under them are customers, not founders. */
export const TESTIMONIAL_HEADINGS = [
  'testimonial', 'testimonials', 'what our customers say', 'what people say', 'what our users say', 'customers love',
  'loved by', 'reviews', 'customer stories', 'kundenstimmen', 'das sagen unsere kunden', 'erfahrungsberichte',
  'bewertungen', 'témoignages', 'ils nous font confiance', 'ce que disent nos clients', 'avis clients', 'testimonios',
  'lo que dicen nuestros clientes', 'opiniones', 'dicono di noi', 'recensioni', 'wat klanten zeggen', 'ervaringen',
];

/** class / id fragments of customer-voice markup. */
export const TESTIMONIAL_MARKUP = /testimonial|review|quote|customer|kundenstimme|temoignage|témoignage|testimonio|recension|rating/i;

const ESCAPE = /[.*+?^${}()|[\]\\]/g;
const LATIN_EDGE = /^[\p{Script=Latin}\p{N}]|[\p{Script=Latin}\p{N}]$/u;

/**
 * A regular expression source matching any of `words` as whole words (Latin-script words need
 * letters on neither side; CJK words have no spaces to look for). Longest first, so
 * "co-founder" wins over "founder".
 */
export function wordsSource(words: readonly string[]): string {
  const sorted = [...new Set(words)].sort((a, b) => b.length - a.length);
  const bounded = sorted.filter((w) => LATIN_EDGE.test(w)).map((w) => w.replace(ESCAPE, '\\$&'));
  const open = sorted.filter((w) => !LATIN_EDGE.test(w)).map((w) => w.replace(ESCAPE, '\\$&'));
  const parts: string[] = [];
  if (bounded.length) parts.push(`(?<![\\p{L}\\p{N}])(?:${bounded.join('|')})(?![\\p{L}\\p{N}])`);
  if (open.length) parts.push(`(?:${open.join('|')})`);
  return parts.join('|');
}

export const FOUNDER_WORD = new RegExp(wordsSource(FOUNDER_WORDS), 'u');
export const COPYRIGHT = new RegExp(wordsSource(COPYRIGHT_MARKERS), 'u');
