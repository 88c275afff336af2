/**
 * The United States' address form "Santa Clara, CA 95054": a state's two-letter code and a ZIP
 * code after the city. Only the US writes addresses so, so the form states the country.
 */
const STATES = 'AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY';
const STATE_ZIP = new RegExp(`,\\s?(?:${STATES})\\s\\d{5}(?:-\\d{4})?(?!\\d)`);

export function hasUsStateAndZip(text: string): boolean {
  return STATE_ZIP.test(text);
}
