import { checkVAT, countries as jsvatCountries } from 'jsvat';
import type { FieldError } from '../errors.ts';
import type { VatTreatment } from '../../store/schema.ts';
import { isoCountryCodes } from '../../extraction/countries.ts';
import { EU_MEMBER_STATES, isEuMemberState, standardRateOn, VAT_RATES_SOURCE } from './vat-rates.ts';

/** How VAT applies to an order, and the evidence for it (kept with the order). */
export interface VatDecision {
  treatment: VatTreatment;
  rateBp: number;
  billingCountry: string;
  /** Normalised, with its country prefix (EL for Greece); null when none was given. */
  vatNumber: string | null;
  note: string;
  evidence: Record<string, unknown>;
}

// jsvat knows some non-EU countries too (GB, CH, NO…): only member states' numbers give reverse charge.
const EU_VAT_FORMATS = jsvatCountries.filter((c) => EU_MEMBER_STATES.has(c.codes[0]));
/** VAT numbers of Greece start with EL, not its ISO code. */
const vatPrefixOf = (country: string) => (country === 'GR' ? 'EL' : country);

const names = new Intl.DisplayNames(['en'], { type: 'region' });
const countryName = (code: string) => names.of(code) ?? code;
const percent = (bp: number) => `${bp / 100} %`;

const DIRECTIVE = 'Council Directive 2006/112/EC';
export const REVERSE_CHARGE_NOTE = `Reverse charge: VAT to be accounted for by the recipient (Article 196 of ${DIRECTIVE}).`;

/** The number as written on invoices: upper case, no spaces or punctuation, with its country prefix. */
export function normaliseVatNumber(raw: string, billingCountry: string): string {
  const compact = raw.toUpperCase().replace(/[\s.\-/]/g, '');
  return /^[A-Z]{2}/.test(compact) ? compact : vatPrefixOf(billingCountry) + compact;
}

/**
 * The VAT of an order: an electronically supplied service. The seller's country is a setting;
 * unset, the seller is treated as established outside the EU (EU consumers still pay their own
 * country's rate, as under the non-Union OSS scheme).
 *  - buyer outside the EU: no EU VAT;
 *  - buyer in the seller's own member state: that state's rate, VAT number or not;
 *  - EU business with a well-formed VAT number of its billing country, in another state: reverse charge, 0 %;
 *  - EU consumer (no number): the standard rate of the buyer's member state.
 * A bad country or number is a field error, never a silent fallback to another treatment.
 */
export function decideVat(p: { sellerCountry?: string; billingCountry: string; vatNumber?: string; on: string }): VatDecision | FieldError[] {
  const country = p.billingCountry.toUpperCase();
  if (!isoCountryCodes().has(country)) return [{ field: 'billing_country', message: `${p.billingCountry} is not an ISO 3166-1 alpha-2 country code` }];
  const inEu = isEuMemberState(country);
  const seller = p.sellerCountry && isEuMemberState(p.sellerCountry) ? p.sellerCountry : null;
  const base = { billingCountry: country, evidence: { seller_country: p.sellerCountry ?? null, billing_country: country, decided_on: p.on } };

  let vatNumber: string | null = null;
  if (p.vatNumber !== undefined && p.vatNumber.trim() !== '') {
    if (!inEu) {
      return [{ field: 'vat_number', message: `a VAT number gives reverse charge to EU businesses only; ${countryName(country)} is outside the EU, so leave it out (no EU VAT is charged)` }];
    }
    vatNumber = normaliseVatNumber(p.vatNumber, country);
    const check = checkVAT(vatNumber, EU_VAT_FORMATS);
    if (!vatNumber.startsWith(vatPrefixOf(country))) {
      return [{ field: 'vat_number', message: `${vatNumber} is not a VAT number of ${countryName(country)} (it should start with ${vatPrefixOf(country)})` }];
    }
    if (!check.isValidFormat) {
      return [{ field: 'vat_number', message: `${vatNumber} is not a valid VAT number format for ${countryName(country)}` }];
    }
    Object.assign(base.evidence, { vat_number: vatNumber, vat_number_check: 'format (jsvat 2.5.4)' });
  }

  if (!inEu) {
    return { ...base, vatNumber: null, treatment: 'outside_eu', rateBp: 0, note: `No EU VAT: the customer is in ${countryName(country)}, outside the EU (Articles 44 and 59 of ${DIRECTIVE}).` };
  }
  const row = standardRateOn(country, p.on);
  if (!row) throw new Error(`no VAT rate for ${country} on ${p.on}: the rates table starts later`);
  const evidence = { ...base.evidence, rate_source: VAT_RATES_SOURCE, rate_effective_from: row.effectiveFrom, rate_bp: row.rateBp };
  if (country === seller) {
    return { ...base, evidence, vatNumber, treatment: 'domestic', rateBp: row.rateBp, note: `VAT at the ${countryName(country)} standard rate of ${percent(row.rateBp)}: seller and customer are both in ${countryName(country)}.` };
  }
  if (vatNumber) {
    return { ...base, evidence: { ...evidence, rate_bp: 0 }, vatNumber, treatment: 'reverse_charge', rateBp: 0, note: REVERSE_CHARGE_NOTE };
  }
  return {
    ...base,
    evidence,
    vatNumber,
    treatment: 'eu_consumer',
    rateBp: row.rateBp,
    note: `VAT at the ${countryName(country)} standard rate of ${percent(row.rateBp)}: an electronically supplied service to a consumer is taxed where the consumer belongs (Article 58 of ${DIRECTIVE}).`,
  };
}

/** VAT on a subtotal, rounded half up to the cent, once per order (not per line). */
export const vatCents = (subtotalCents: number, rateBp: number) => Math.round((subtotalCents * rateBp) / 10_000);
