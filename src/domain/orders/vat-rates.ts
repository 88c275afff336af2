/**
 * Standard VAT rates of the 27 EU member states, dated, kept in the repository on purpose: the
 * `vatrates` package is stale (RO 19, FI 24, EE 20, SK 20) and `country-vat` downloads its data at
 * install time. A rate change is a new row with its effective date, never an edit of an old one,
 * so a quote is priced with the rate in force on its day.
 *
 * Source: European Commission, "VAT rates applied in the Member States of the European Union"
 * (taxation-customs.ec.europa.eu, standard rates), cross-checked against the dated history of the
 * `sales-tax` 2.23.0 package (res/sales_tax_rates.json). Rows start at 2021-01-01: orders are
 * priced now, so older history is of no use. Review when a member state announces a change.
 */
export const VAT_RATES_SOURCE =
  'European Commission, VAT rates applied in the Member States of the European Union (standard rates); cross-checked with sales-tax 2.23.0';
export const VAT_RATES_REVIEWED_ON = '2026-11-22';

export interface VatRateRow {
  /** ISO 3166-1 alpha-2 (Greece is GR here; its VAT numbers start with EL). */
  country: string;
  /** The standard rate in basis points: 1900 = 19 %, 2550 = 25.5 %. */
  rateBp: number;
  effectiveFrom: string;
}

const BASELINE = '2021-01-01';

export const VAT_RATES: readonly VatRateRow[] = [
  { country: 'AT', rateBp: 2000, effectiveFrom: BASELINE },
  { country: 'BE', rateBp: 2100, effectiveFrom: BASELINE },
  { country: 'BG', rateBp: 2000, effectiveFrom: BASELINE },
  { country: 'CY', rateBp: 1900, effectiveFrom: BASELINE },
  { country: 'CZ', rateBp: 2100, effectiveFrom: BASELINE },
  { country: 'DE', rateBp: 1900, effectiveFrom: BASELINE },
  { country: 'DK', rateBp: 2500, effectiveFrom: BASELINE },
  { country: 'EE', rateBp: 2000, effectiveFrom: BASELINE },
  { country: 'EE', rateBp: 2200, effectiveFrom: '2024-01-01' },
  { country: 'EE', rateBp: 2400, effectiveFrom: '2025-07-01' },
  { country: 'ES', rateBp: 2100, effectiveFrom: BASELINE },
  { country: 'FI', rateBp: 2400, effectiveFrom: BASELINE },
  { country: 'FI', rateBp: 2550, effectiveFrom: '2024-09-01' },
  { country: 'FR', rateBp: 2000, effectiveFrom: BASELINE },
  { country: 'GR', rateBp: 2400, effectiveFrom: BASELINE },
  { country: 'HR', rateBp: 2500, effectiveFrom: BASELINE },
  { country: 'HU', rateBp: 2700, effectiveFrom: BASELINE },
  { country: 'IE', rateBp: 2100, effectiveFrom: BASELINE },
  { country: 'IE', rateBp: 2300, effectiveFrom: '2021-03-01' },
  { country: 'IT', rateBp: 2200, effectiveFrom: BASELINE },
  { country: 'LT', rateBp: 2100, effectiveFrom: BASELINE },
  { country: 'LU', rateBp: 1700, effectiveFrom: BASELINE },
  { country: 'LU', rateBp: 1600, effectiveFrom: '2023-01-01' },
  { country: 'LU', rateBp: 1700, effectiveFrom: '2024-01-01' },
  { country: 'LV', rateBp: 2100, effectiveFrom: BASELINE },
  { country: 'MT', rateBp: 1800, effectiveFrom: BASELINE },
  { country: 'NL', rateBp: 2100, effectiveFrom: BASELINE },
  { country: 'PL', rateBp: 2300, effectiveFrom: BASELINE },
  { country: 'PT', rateBp: 2300, effectiveFrom: BASELINE },
  { country: 'RO', rateBp: 1900, effectiveFrom: BASELINE },
  { country: 'RO', rateBp: 2100, effectiveFrom: '2025-08-01' },
  { country: 'SE', rateBp: 2500, effectiveFrom: BASELINE },
  { country: 'SI', rateBp: 2200, effectiveFrom: BASELINE },
  { country: 'SK', rateBp: 2000, effectiveFrom: BASELINE },
  { country: 'SK', rateBp: 2300, effectiveFrom: '2025-01-01' },
];

export const EU_MEMBER_STATES: ReadonlySet<string> = new Set(VAT_RATES.map((r) => r.country));

export const isEuMemberState = (country: string) => EU_MEMBER_STATES.has(country);

/** The row in force in a member state on a date (YYYY-MM-DD); undefined outside the EU or before the table. */
export function standardRateOn(country: string, date: string): VatRateRow | undefined {
  let best: VatRateRow | undefined;
  for (const row of VAT_RATES) {
    if (row.country !== country || row.effectiveFrom > date) continue;
    if (!best || row.effectiveFrom > best.effectiveFrom) best = row;
  }
  return best;
}
