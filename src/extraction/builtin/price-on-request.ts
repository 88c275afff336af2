import type { FieldProposal } from '../types.ts';
import { normalizeForMatch } from '../quote-match.ts';
import { wordsSource } from '../vocabulary.ts';
import { propose, type Site } from './site.ts';
import { statements } from './statements.ts';

/**
 * How sites say a price is quoted per customer instead of listed, in the languages sites are
 * commonly written in (normalised: lower case). A quote-based price is the site's pricing in
 * its own words, but no pricing model: it says neither how often nor for what one pays.
 */
const PRICE_ON_REQUEST_WORDS = [
  // en
  'price on request', 'prices on request', 'pricing on request', 'price upon request', 'prices upon request', 'price on application',
  'contact us for pricing', 'custom pricing',
  // de
  'preis auf anfrage', 'preise auf anfrage', 'preis nach vereinbarung', 'preise nach vereinbarung',
  // fr
  'prix sur demande', 'tarif sur demande', 'tarifs sur demande', 'prix sur devis', 'tarif sur devis', 'sur devis',
  // es, pt
  'precio a consultar', 'precios a consultar', 'precio bajo consulta', 'precio bajo pedido', 'precio según presupuesto',
  'preço sob consulta', 'preços sob consulta', 'preço a combinar', 'preço sob orçamento',
  // it
  'prezzo su richiesta', 'prezzi su richiesta', 'prezzo su preventivo', 'prezzi su preventivo',
  // nl
  'prijs op aanvraag', 'prijzen op aanvraag', 'prijs in overleg', 'prijs op maat',
  // pl, cs
  'cena na zapytanie', 'cena do uzgodnienia', 'cena na dotaz', 'cena dohodou', 'cena individuální',
  // ru
  'цена по запросу', 'цены по запросу', 'стоимость по запросу', 'цена договорная', 'стоимость рассчитывается индивидуально',
  // more es, pt, it, nl, fr
  'precios bajo consulta', 'precio a convenir', 'preços a combinar', 'preço a consultar', 'preço sob pedido', 'preços sob pedido',
  'prezzo da concordare', 'prezzi da concordare', 'prijzen in overleg', 'prijs op offerte', 'tarifs sur devis', 'prix à convenir',
  // more pl, cs; sk
  'ceny na zapytanie', 'cena do negocjacji', 'wycena indywidualna', 'cena ustalana indywidualnie', 'ceny na dotaz',
  'cena na vyžádání', 'cena dle dohody', 'cena na vyžiadanie', 'cena na dopyt', 'cena podľa dohody',
  // sv, da, nb, fi
  'pris på förfrågan', 'priser på förfrågan', 'pris enligt offert', 'pris efter överenskommelse', 'pris efter aftale',
  'pris på forespørgsel', 'priser på forespørgsel', 'pris etter avtale', 'pris på forespørsel', 'priser på forespørsel',
  'hinta pyydettäessä', 'hinnat pyydettäessä', 'hinta sopimuksen mukaan', 'hinta tarjouksen mukaan',
  // more ru; uk
  'цена по договорённости', 'цена по договоренности', 'стоимость по договорённости', 'стоимость по договоренности',
  'ціна за запитом', 'ціни за запитом', 'вартість за запитом', 'ціна договірна', 'ціна за домовленістю',
  // tr
  'fiyat sorunuz', 'fiyat için arayınız', 'fiyat için iletişime geçin', 'fiyat için iletişime geçiniz',
  'fiyat bilgisi için iletişime geçin',
  // ko
  '가격 문의', '가격문의', '가격 협의', '가격 별도 문의', '별도 견적',
  // ja, zh
  '応相談', '価格応相談', '要問合せ', '要お問い合わせ', '面议', '面議', '价格请咨询', '價格請洽詢',
  '価格はお問い合わせ', '料金はお問い合わせ', '価格は要相談', '料金は要相談', '要見積', '要お見積', '价格面议', '價格面議',
];
const PRICE_ON_REQUEST = new RegExp(`^(?:${wordsSource(PRICE_ON_REQUEST_WORDS)})`, 'u');
/** A price line: the phrase and at most a few words more ("Price on request — per site"). */
const MAX_LINE = 60;

/**
 * Without a listed price: the site's own short line that opens by saying the price is quoted on
 * request ("Price on request", "Preis auf Anfrage", "Prix sur demande"), from the pricing pages
 * first, then the pages that present the offer. A sentence that only mentions it in passing
 * ("… and the price on request") is not the pricing.
 */
export function priceOnRequest(site: Site): FieldProposal | null {
  for (const page of site.byRole('pricing', 'home', 'features', 'contact', 'about', 'other')) {
    const line = statements(page).find((t) => t.length <= MAX_LINE && PRICE_ON_REQUEST.test(normalizeForMatch(t)));
    if (line) return propose('pricing_summary', line, [page.quote(line)]);
  }
  return null;
}
