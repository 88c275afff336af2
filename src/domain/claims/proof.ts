/**
 * Where each kind of proof is published and how a published proof is recognised. The names are
 * the service's, not the site name's (which an operator may change): a record published once must
 * keep working.
 */
export const PROOF_NAME = 'launchyard-verification';

/** The TXT record's name: a label of its own under the registrable domain, so the apex's records stay untouched. */
export const dnsRecordName = (domain: string) => `_${PROOF_NAME}.${domain}`;

export const metaTag = (token: string) => `<meta name="${PROOF_NAME}" content="${token}">`;

export const FILE_PATH = `/.well-known/${PROOF_NAME}.txt`;

/** The file is read at the homepage's origin, whatever path the homepage has. */
export const fileUrl = (homepage: string) => new URL(FILE_PATH, homepage).href;

/** Files are one token a line; more than this is not a verification file. */
export const FILE_MAX_BYTES = 64 * 1024;

/** Several claims (or services) may share a record name: any TXT record equal to the token counts. */
export const recordsHaveToken = (records: string[], token: string) => records.some((r) => r.trim() === token);

/** Any line of the file equal to the token counts, so one file can carry several tokens. */
export function fileHasToken(text: string, token: string): boolean {
  for (const line of text.split('\n')) if (line.trim() === token) return true;
  return false;
}
