import type { Evidence, FieldProposal } from '../types.ts';
import { countryNameIndex, resolveCountry } from '../countries.ts';
import { elementText, textLines } from '../element-text.ts';
import { nodesOf, organisations, textOf, type JsonLdNode } from '../json-ld.ts';
import { normalizeForMatch, phraseIndexes } from '../quote-match.ts';
import { clean, propose, type Site, type SitePage } from './site.ts';
import { sentenceAround, statements } from './statements.ts';
import { japaneseAddress } from '../japanese-address.ts';
import { brazilianAddress, namesBrazil } from '../brazilian-address.ts';
import { germanAddress } from '../german-address.ts';
import { russianStreetCity } from '../russian-address.ts';
import { hasUsStateAndZip } from '../us-address.ts';
import { ukPostcodeTown } from '../uk-address.ts';
import { spacedPostcodeAddress, spacedPostcodeCountry } from '../spaced-postcode-address.ts';
import { nationalPostcodeAddress } from '../national-postcode-address.ts';
import { headingsMatching, underHeading } from './sections.ts';
import { callLinkNumber, internationalNumbers, type InternationalNumber } from '../phone-country.ts';
import { registerNumber } from '../registry-country.ts';
import { countryPhrases } from '../country-phrases.ts';

/**
 * country and city only from an address the site states: its JSON-LD PostalAddress, an
 * <address> element, a "based in Berlin, Germany" sentence, or the postal address of its
 * imprint / contact page; failing those, the country of the site's own international phone number
 * ("+420 705 903 725"), then the register of its business number ("SIREN …"), then the country a maker says its goods are made in ("Made in Italy").
 * Never from prices, currencies or the domain.
 */
export function placeProposals(site: Site): FieldProposal[] {
  const out: Array<FieldProposal | null> = [];
  const phones: Array<{ page: SitePage; number: InternationalNumber }> = [];
  for (const page of site.byRole('home', 'about', 'contact', 'legal', 'team', 'other')) {
    for (const address of jsonLdAddresses(page.jsonLd)) {
      const country = textOf(address.addressCountry) ?? nodesOf(address.addressCountry).map((c) => textOf(c.name)).find(Boolean) ?? null;
      const code = country ? resolveCountry(country, [page.snapshot.lang]) : null;
      if (country && code) out.push(propose('country', code, [stated(page, 'addressCountry', country)]));
      const city = textOf(address.addressLocality);
      if (city) out.push(propose('city', city, [stated(page, 'addressLocality', city)]));
    }
  }
  for (const page of site.byRole('contact', 'legal', 'about', 'home', 'team', 'other')) {
    // Address blocks: <address>, the lines of a footer or a contact / address box, and what stands
    // under a "Contact" / "Address" heading.
    const underAddressHeading = headingsMatching(page.$, ADDRESS_HEADING).flatMap((h) => underHeading(page.$, h));
    // Blocks nest (a contact box in the footer): each line is read once.
    const lines = new Set<string>();
    page.$(ADDRESS_BLOCKS).add(underAddressHeading).each((_, el) => {
      for (const line of [clean(elementText(el)), ...textLines(el)]) if (line.length <= 300) lines.add(line);
    });
    for (const line of lines) out.push(...fromAddress(page, line), ...fromCountryLine(page, line), ...fromLocalForms(page, line));
    phones.push(...ownPhoneNumbers(page, lines).map((number) => ({ page, number })));
    const said = statements(page, { footer: true });
    said.forEach((text, i) => {
      out.push(...fromLabelledPlace(page, text));
      const based = BASED_IN.exec(text);
      if (based) out.push(...fromBasedIn(page, text, based));
      // The US form (city, state code, ZIP) is an address wherever it stands; so is the British town and postcode.
      if (hasUsStateAndZip(text)) out.push(...fromAddress(page, text));
      const uk = ukPostcodeTown(text);
      if (uk) out.push(propose('city', uk.city, [page.quote(text.length <= 300 ? text : uk.text)]));
      // An imprint writes its address one line per block: read the postcode line with the two after it.
      if (page.role === 'legal' || page.role === 'contact') out.push(...fromAddress(page, said.slice(i, i + 3).join('\n')), ...fromLocalForms(page, text));
    });
  }
  // After every address: the country the site's own phone numbers reach, when they all reach one
  // (a "+1" line beside a "+44" one may be the head office).
  const phoneCountries = new Set(phones.map((p) => p.number.country));
  const phoneCountry = phones[0]?.number.country;
  if (phoneCountries.size === 1 && phoneCountry) out.push(propose('country', phoneCountry, [phones[0].page.quote(phones[0].number.text)]));
  // Then the register the site's own business number is kept in ("SIREN 104 121 082": France).
  for (const page of site.byRole('legal', 'contact', 'about', 'home', 'team', 'other')) {
    const registered = statements(page, { footer: true }).map(registerNumber).find(Boolean);
    if (registered) {
      out.push(propose('country', registered.country, [page.quote(registered.text)]));
      break;
    }
  }
  // Last, so that any address above is preferred: a maker's "Made in Italy".
  for (const page of site.byRole('home', 'about', 'features', 'other')) {
    for (const text of statements(page, { footer: true })) out.push(...fromMadeIn(page, text));
  }
  // Last of all: the one country the site says it works "in" ("w Polsce", "Suomessa", "на Кипре").
  out.push(fromWorksIn(site));
  return out.filter((p): p is FieldProposal => p !== null);
}

/** "Made in Italy", "Fatto in Italia", "Hergestellt in Deutschland", "Fabriqué en France", "Hecho en México". */
const MADE_IN = /(?<![\p{L}])(?:made in|hergestellt in|gefertigt in|produziert in|fabriqué en|fabriqué au|fabriquée en|fait en|hecho en|fabricado en|fabricado no|fabricado em|feito no|feito em|fatto in|prodotto in|gemaakt in|vyrobeno v|wyprodukowano w)\s+/giu;
const PLACE_AT = new RegExp(`\\p{Lu}[\\p{L}'’-]*(?: \\p{Lu}[\\p{L}'’-]*){0,2}`, 'uy');

function fromMadeIn(page: SitePage, text: string): Array<FieldProposal | null> {
  const out: Array<FieldProposal | null> = [];
  for (const m of text.matchAll(MADE_IN)) {
    PLACE_AT.lastIndex = m.index + m[0].length;
    const place = PLACE_AT.exec(text)?.[0];
    if (!place) continue;
    // "Made in Germany With Love": the longest run of words that is a country.
    const words = place.split(' ');
    for (let n = words.length; n > 0; n--) {
      const code = resolveCountry(words.slice(0, n).join(' '), [page.snapshot.lang]);
      if (!code) continue;
      out.push(propose('country', code, [page.quote(sentenceAround(text, m.index, PLACE_AT.lastIndex))]));
      break;
    }
  }
  return out;
}

/**
 * Words of delivery: a shop that ships "in Germany" may sit anywhere, and a list of where it
 * delivers is no seat.
 */
const SHIPPING_STEMS = [
  'ship', 'deliver', 'versand', 'versend', 'liefer', 'livraison', 'livr', 'envío', 'envio', 'enviamos', 'spedizion', 'spediamo', 'consegn',
  'verzend', 'bezorg', 'lever', 'wysył', 'dostaw', 'dostarcz', 'doprav', 'dodáv', 'doruč', 'frakt', 'toimitu', 'toimitamme', 'доставк',
  'доставля', 'доставка', 'kargo', 'teslimat', 'gönderi', '配送', '送料', '発送', '배송', '택배', '运费', '運費', '包邮', '發貨', '发货',
];
/**
 * Where data or servers sit ("servers in the USA", "gehostet in Deutschland"): a privacy notice or
 * a host's place, not the business's.
 */
const HOSTING_STEMS = [
  'server', 'host', 'gehostet', 'rechenzentr', 'datacent', 'data cent', 'data', 'daten', 'données', 'datos', 'dados', 'dati', 'gegevens',
  'dane', 'údaj', 'tietoj', 'palvelim', 'сервер', 'данны', 'дані', 'даних', 'sunucu', 'veri', 'サーバ', 'データ', '서버', '데이터', '服务器',
  '伺服器', '数据', '數據',
];
/** A price or currency beside the phrase: "prices in Switzerland: CHF 20" names money, not a seat. */
const MONEY = /\p{Sc}|(?<![\p{L}])(?:usd|eur|gbp|chf|pln|czk|sek|nok|dkk|rub|uah|try|jpy|krw|cny|rmb)(?![\p{L}])/u;

function startsAWord(norm: string, stem: string): boolean {
  for (let at = norm.indexOf(stem); at !== -1; at = norm.indexOf(stem, at + 1)) {
    if (at === 0 || !/[\p{L}\p{N}]/u.test(norm[at - 1]) || /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(stem)) return true;
  }
  return false;
}

/**
 * The country the site says it works, serves or is "in", in its page's language ("in Deutschland",
 * "w Polsce", "Suomessa", "на Кипре", "Türkiye'de", "日本国内"; country-phrases.ts), on its home,
 * about, features or contact page. Only when the whole site names one country so: "in Finland" on
 * one page and "in Sweden" on another, or both in one sentence, say nothing. A sentence of prices,
 * phone numbers or delivery is passed over (statements() already leaves out testimonials).
 */
function fromWorksIn(site: Site): FieldProposal | null {
  const codes = new Set<string>();
  let first: { page: SitePage; sentence: string; code: string } | null = null;
  for (const page of site.byRole('home', 'about', 'features', 'contact')) {
    const langs = page.snapshot.lang ? [page.snapshot.lang] : [];
    if (langs.length === 0) continue;
    for (const text of statements(page, { footer: true })) {
      const norm = normalizeForMatch(text);
      const phrases = countryPhrases(norm, langs);
      if (phrases.length === 0) continue;
      if (MONEY.test(norm) || internationalNumbers(text).length > 0 || [...SHIPPING_STEMS, ...HOSTING_STEMS].some((s) => startsAWord(norm, normalizeForMatch(s)))) continue;
      for (const p of phrases) codes.add(p.code);
      // Another country named in the same statement, in any form, makes it a list.
      const other = countriesNamed(norm, page.snapshot.lang);
      for (const code of other) codes.add(code);
      if (!first) {
        const sentence = sentenceAround(text, Math.min(phrases[0].at, text.length), Math.min(phrases[0].end, text.length));
        first = { page, sentence: countryPhrases(normalizeForMatch(sentence), langs).length > 0 ? sentence : text, code: phrases[0].code };
      }
    }
  }
  if (!first || codes.size !== 1) return null;
  return propose('country', first.code, [first.page.quote(first.sentence)]);
}

/** Every country a text names by its name (English or the page's language), longer than three letters. */
function countriesNamed(norm: string, lang: string): Set<string> {
  const found = new Set<string>();
  for (const { code, names } of countryNameIndex(lang ? [lang] : [])) {
    if (names.some((n) => n.length > 3 && phraseIndexes(norm, n).length > 0)) found.add(code);
  }
  return found;
}

/** A label naming a postal address or a location, in the languages page picking knows. */
const PLACE_LABELS = [
  'address', 'location', 'headquarters', 'adresse', 'anschrift', 'standort', 'sitz', 'siège', 'siège social', 'dirección', 'direccion',
  'ubicación', 'ubicacion', 'sede', 'endereço', 'morada', 'localização', 'indirizzo', 'adres', 'vestiging', 'sídlo', 'adresa', 'siedziba',
  'адрес', 'местоположение', '所在地', '住所', '本社', '本社所在地',
  'head office', 'registered office', 'firmensitz', 'hauptsitz', 'localisation', 'domicilio', 'sede central', 'endereco',
  'localizacao', 'sede legale', 'sede operativa', 'locatie', 'hoofdkantoor', 'bezoekadres', 'vestigingsadres', 'lokalizacja',
  'adres siedziby', 'sídlo firmy', 'sídlo společnosti', 'provozovna', 'sídlo spoločnosti', 'prevádzka', 'adress', 'besöksadress',
  'postadress', 'huvudkontor', 'besøgsadresse', 'hovedkontor', 'beliggenhed', 'besøksadresse', 'beliggenhet', 'osoite',
  'käyntiosoite', 'postiosoite', 'sijainti', 'pääkonttori', 'kotipaikka', 'юридический адрес', 'фактический адрес', 'адреса',
  'юридична адреса', 'місцезнаходження', 'розташування', 'adresimiz', 'konum', 'genel merkez', 'merkez', '주소', '본사', '소재지',
  '본사 주소', '위치', '地址', '公司地址', '总部', '總部',
];
const LABEL_ENDS = [':', '：'];
/** Parts of a place written "Tokyo, Japan", "東京、日本", "東京，日本". */
const PLACE_PARTS = /[,、，]/;

/**
 * "Location: Tokyo, Japan", "所在地： 東京、日本", "Sede: Lleida, España": a line that labels itself
 * as the address and ends in a country. The label is what makes it the company's own place, so
 * no postcode or house number is asked for; the part before the country is the city when it
 * reads as one place.
 */
function fromLabelledPlace(page: SitePage, line: string): Array<FieldProposal | null> {
  if (line.length > 120) return [];
  const colon = LABEL_ENDS.map((c) => line.indexOf(c)).filter((i) => i > 0).sort((a, b) => a - b)[0];
  if (colon === undefined || !PLACE_LABELS.includes(normalizeForMatch(line.slice(0, colon)).toLowerCase())) return [];
  const parts = line.slice(colon + 1).split(PLACE_PARTS).map((p) => p.trim()).filter(Boolean);
  if (parts.length === 0 || parts.length > 4) return [];
  const country = parts[parts.length - 1];
  const code = country.length > 3 || unspaced(country) ? resolveCountry(country, [page.snapshot.lang]) : null;
  if (!code) return [];
  const evidence = page.quote(line);
  const out: Array<FieldProposal | null> = [propose('country', code, [evidence])];
  const city = parts[parts.length - 2];
  if (city && !/\d/.test(city) && (WHOLE_PLACE.test(city) || (unspaced(city) && city.length <= 8))) out.push(propose('city', city, [evidence]));
  return out;
}

/** Written in a script without spaces or capitals (Japanese, Chinese): a place is its characters alone. */
function unspaced(text: string): boolean {
  return /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ヶ]+$/u.test(text);
}

/** Words that label a phone number, in the languages page picking knows. */
const PHONE_LABELS = [
  'tel', 'tel.', 'tél', 'tél.', 'phone', 'telephone', 'téléphone', 'telefon', 'telefono', 'teléfono', 'telefone', 'telefoon', 'mobile', 'mobil',
  'cell', 'celular', 'whatsapp', 'телефон', 'тел', 'тел.', '電話', '電話番号', 'tel/fax', 'fax',
  'hotline', 'fon', 'handy', 'portable', 'móvil', 'movil', 'tfno', 'tfno.', 'tlf', 'tlf.', 'telemóvel', 'telemovel', 'cellulare', 'cell.',
  'mobiel', 'telefoonnummer', 'tel. kom.', 'komórka', 'telefón', 'tfn', 'puhelin', 'puh', 'puh.', 'моб.', 'мобильный', 'мобільний',
  'gsm', 'cep', 'cep telefonu', '携帯', '전화', '전화번호', '대표전화', '휴대폰', '电话', '联系电话', '聯絡電話', '手机', '手機',
];

/**
 * The site's own international numbers: those it links to call ("tel:"), and those standing alone
 * or after a phone label on a line of its address and contact blocks. A number written inside a
 * sentence ("our partner in Vienna, +43 …") is someone else's line, not the site's.
 */
function ownPhoneNumbers(page: SitePage, contactLines: Iterable<string>): InternationalNumber[] {
  const out: InternationalNumber[] = [];
  page.$('a[href^="tel:" i]').each((_, a) => {
    const shown = clean(elementText(a));
    const written = internationalNumbers(shown);
    out.push(...(written.length > 0 ? written : dialledAbroad(a.attribs.href ?? '', shown)));
  });
  for (const line of contactLines) {
    const numbers = internationalNumbers(line);
    if (numbers.length !== 1) continue;
    const rest = trimPunctuation(normalizeForMatch(line.replace(numbers[0].text, '')));
    if (rest === '' || PHONE_LABELS.includes(rest)) out.push(numbers[0]);
  }
  return out;
}

/**
 * A call link written in the national form ("93 90 04 07") that dials the international one
 * ("tel:+4593900407"): the site's own line, in the country of its calling code. The quote is the
 * number as the page shows it; the verifier finds the link by it (guards/country.ts).
 */
function dialledAbroad(href: string, shown: string): InternationalNumber[] {
  const country = callLinkNumber(href, shown);
  return country ? [{ text: shown, country }] : [];
}

/** What frames a label and its number: "Tel.: ", "(+420 …)". */
const FRAME = new Set([' ', ':', '(', ')']);

function trimPunctuation(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && FRAME.has(text[start])) start++;
  while (end > start && FRAME.has(text[end - 1])) end--;
  return text.slice(start, end);
}

function jsonLdAddresses(nodes: JsonLdNode[]): JsonLdNode[] {
  return organisations(nodes).flatMap((org) => [...nodesOf(org.address), ...nodesOf(org.location).flatMap((l) => nodesOf(l.address))]);
}

/** A JSON-LD value as the crawler writes it ("json-ld address.addressCountry: DE"), else the bare value. */
function stated(page: SitePage, key: string, value: string): Evidence | null {
  return page.quote(`${key}: ${value}`) ?? page.quote(value);
}

/**
 * Up to four capitalised words. Words are joined by spaces only: a hyphen is already a letter of
 * its word ("Castrop-Rauxel"), and as a joint too it gave "A-A-A…" many readings.
 */
const PLACE = "\\p{Lu}[\\p{L}'’.-]*(?: (?:am |an der |sur |de |del |la )?\\p{Lu}[\\p{L}'’.-]*){0,3}";
const BASED_IN = new RegExp(
  `(?<![\\p{L}])(?:based in|headquartered in|located in|offices? in|ansässig in|mit sitz in|sitz in|basée? à|basés à|situées? à|siège à|con sede en|ubicad[ao]s? en|con sede a|gevestigd in|baserade? i|baserat i|basert i|baseret i|med säte i|med sete i|med sæde i)\\s+(${PLACE})(?:,\\s*(${PLACE}))?`,
  'u',
);
/**
 * "10115 Berlin", "D-10115 Berlin", "75002 Paris"; "San Francisco, CA 94107" (a place begins a word:
 * read from every capital inside a long word, the word is read again each time).
 */
const POSTAL_CITY = new RegExp(`(?<![\\p{N}])(?:[A-Z]{1,2}[- ])?\\d{4,5}\\s+(${PLACE})|(?<![\\p{L}'’.-])(${PLACE}),\\s*[A-Z]{2}\\s+\\d{5}(?![\\p{N}])`, 'u');

/** The province after a district and a slash: " / Malatya". */
const TURKISH_PROVINCE = /^\s*\/\s*(\p{Lu}\p{L}+(?: \p{Lu}\p{L}+)?)/u;

function fromBasedIn(page: SitePage, text: string, m: RegExpExecArray): Array<FieldProposal | null> {
  const sentence = sentenceAround(text, m.index, m.index + m[0].length);
  const evidence = page.quote(sentence);
  // PLACE admits dots (St. Gallen), so a sentence's full stop rides along: drop it (the trailing
  // run from its first character, not searched for from each one).
  const first = m[1].trim().replace(/(?<![.'’-])[.'’-]+$/u, '');
  const second = m[2]?.trim().replace(/(?<![.'’-])[.'’-]+$/u, '');
  const out: Array<FieldProposal | null> = [];
  const firstCountry = resolveCountry(first, [page.snapshot.lang]);
  if (firstCountry) {
    out.push(propose('country', firstCountry, [evidence]));
    return out;
  }
  out.push(propose('city', first, [evidence]));
  const code = second ? resolveCountry(second, [page.snapshot.lang]) : null;
  if (code) out.push(propose('country', code, [evidence]));
  return out;
}

const ADDRESS_HEADING = /^(?:contact(?: us)?|address|our address|visit us|find us|kontakt|adresse|anschrift|so finden sie uns|nous trouver|contacto|dirección|direccion|indirizzo|contatti|контакты|адрес|наш адрес|所在地|アクセス|会社概要|お問い合わせ)\s*:?$/i;
const ADDRESS_BLOCKS = 'address, footer, [itemprop=address], [class*=contact], [id*=contact], [class*=address], [class*=adress], [class*=kontakt], [class*=footer], [id*=footer]';

/**
 * "RP14 152, Córdoba, Argentina", "Via Roma 1, Milano, Italia": a short address line whose last
 * comma-separated part is a country; the part before it is the city when it reads as a place.
 */
function fromCountryLine(page: SitePage, line: string): Array<FieldProposal | null> {
  if (line.length > 120 || !/\d/.test(line)) return [];
  const parts = line.split(',').map((p) => p.trim());
  if (parts.length < 2) return [];
  const code = resolveCountry(parts[parts.length - 1], [page.snapshot.lang]);
  if (!code || parts[parts.length - 1].length <= 3) return [];
  const evidence = page.quote(line);
  const out: Array<FieldProposal | null> = [propose('country', code, [evidence])];
  const city = parts[parts.length - 2];
  if (parts.length >= 3 && WHOLE_PLACE.test(city)) out.push(propose('city', city, [evidence]));
  return out;
}

/**
 * Address forms of one country: a Japanese prefecture address (country JP, the municipality as the
 * city), the German "Schillerstr. 50, 89077 Ulm" (country DE), the Brazilian "Guaratuba - PR, 83280-000" (the city; country BR with the CEP or
 * with a phone of that state's area code beside it), the Russian
 * street-first "ул. Красная 115, каб. 43 Калининград" (the city, last), and the Russian "г. Калининград" / "город Калининград" (the city; the country only when
 * named).
 */
function fromLocalForms(page: SitePage, line: string): Array<FieldProposal | null> {
  const out: Array<FieldProposal | null> = [];
  const jp = japaneseAddress(line);
  if (jp) {
    const evidence = page.quote(line.length <= 200 ? line : jp.text);
    out.push(propose('country', 'JP', [evidence]), propose('city', jp.municipality, [evidence]));
  }
  const br = brazilianAddress(line);
  if (br) {
    const evidence = page.quote(line.length <= 200 ? line : br.text);
    out.push(propose('city', br.city, [evidence]));
    if (namesBrazil(line.length <= 200 ? line : br.text)) out.push(propose('country', 'BR', [evidence]));
  }
  const de = germanAddress(line);
  if (de) out.push(propose('country', 'DE', [page.quote(line.length <= 200 ? line : de)]));
  const spaced = spacedPostcodeAddress(line);
  if (spaced) {
    const evidence = page.quote(line.length <= 200 ? line : spaced.text);
    out.push(propose('city', spaced.city, [evidence]));
    // A country is named after the town ("831 03 Bratislava, Slovensko"); before it stand the street and the company.
    const code = countryIn(spaced.after, page.snapshot.lang) ?? spacedPostcodeCountry(spaced.text, [page.snapshot.lang]);
    if (code) out.push(propose('country', code, [evidence]));
  }
  const cityLast = russianStreetCity(line);
  if (cityLast && line.length <= 200) out.push(propose('city', cityLast, [page.quote(line)]));
  const ru = RUSSIAN_CITY.exec(line);
  if (ru) {
    const evidence = page.quote(line.length <= 200 ? line : ru[0]);
    out.push(propose('city', ru[1], [evidence]));
    const code = countryIn(line, page.snapshot.lang);
    if (code) out.push(propose('country', code, [evidence]));
  }
  return out;
}

const WHOLE_PLACE = new RegExp(`^${PLACE}$`, 'u');
/** "г. Калининград", "г.Калининград", "город Санкт-Петербург". */
const RUSSIAN_CITY = /(?<![\p{L}])(?:г\.|город)\s?(\p{Lu}\p{Ll}+(?:-\p{Lu}?\p{Ll}+)?)/u;

/** An address block: a country named in it, and the city after its postcode. */
function fromAddress(page: SitePage, text: string): Array<FieldProposal | null> {
  const out: Array<FieldProposal | null> = [];
  // A postcode only one country writes ("00-950 Warszawa", "1012 AB Amsterdam") is read in its own
  // form: the general one below would take the Dutch letters for the town's first word.
  const national = nationalPostcodeAddress(text, [page.snapshot.lang]);
  if (national) {
    const evidence = page.quote(text.length <= 300 ? text : national.text);
    out.push(propose('city', national.city, [evidence]));
    const code = national.country ?? countryIn(text, page.snapshot.lang);
    if (code) out.push(propose('country', code, [evidence]));
    return out;
  }
  const postal = POSTAL_CITY.exec(text);
  if (!postal) return out;
  const evidence = page.quote(text.length <= 300 ? text : sentenceAround(text, postal.index, postal.index + postal[0].length));
  const district = (postal[1] ?? postal[2]).trim();
  // A Turkish address ends "district / province" after the postcode ("44100 Battalgazi / Malatya"):
  // the province is the city the business is in, the district a part of it.
  const province = page.snapshot.lang?.startsWith('tr') ? TURKISH_PROVINCE.exec(text.slice(postal.index + postal[0].length))?.[1] : undefined;
  const city = province ?? district;
  out.push(propose('city', city, [evidence]));
  const code = countryIn(text.slice(postal.index), page.snapshot.lang) ?? (hasUsStateAndZip(text) ? 'US' : null);
  if (code) out.push(propose('country', code, [evidence]));
  return out;
}

/** The country an address names, in English or the page's language; null when none or several. */
function countryIn(text: string, lang: string): string | null {
  const norm = normalizeForMatch(text);
  const found = new Set<string>();
  for (const { code, names } of countryNameIndex(lang ? [lang] : [])) {
    if (names.some((n) => n.length > 3 && phraseIndexes(norm, n).length > 0)) found.add(code);
  }
  return found.size === 1 ? [...found][0] : null;
}
