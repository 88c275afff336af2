import type { PageFetch, TextFetch } from '../../crawler/types.ts';
import type { TxtRecords } from '../../outbound/txt-records.ts';
import type { ClaimCheckResult, ClaimMethod } from '../../store/schema.ts';
import { dnsRecordName, FILE_MAX_BYTES, fileHasToken, fileUrl, recordsHaveToken } from './proof.ts';
import type { MetaFinder } from './verification-meta.ts';

/** What verify_claim reads the proof through: DNS, and the safe crawler (robots.txt, address policy, bounds). */
export interface ProofReaders {
  txt: TxtRecords;
  fetchPage(url: string): Promise<PageFetch>;
  fetchText(url: string, opts: { maxBytes: number }): Promise<TextFetch>;
  /** The meta tag finder (the worker pool's in the service: outside HTML is parsed off the event loop). */
  findMeta: MetaFinder;
}

export interface CheckOutcome {
  result: ClaimCheckResult;
  detail: string;
}

/** The proof a dns, meta or file claim asks for, as it is at the moment of the check. */
export interface ProofSubject {
  method: Exclude<ClaimMethod, 'email'>;
  homepage: string;
  domain: string | null;
  token: string;
}

const couldNotCheck = (detail: string): CheckOutcome => ({ result: 'could_not_check', detail });

/**
 * Looks for the published proof. Three outcomes: found; not found (the record, tag or file was
 * read and the token is not there); could not check (no answer: a DNS timeout or SERVFAIL, a
 * page that could not be read). The last never counts against the claim.
 */
export async function checkProof(readers: ProofReaders, s: ProofSubject): Promise<CheckOutcome> {
  if (s.method === 'dns') {
    if (!s.domain) return couldNotCheck(`${s.homepage} has no domain name to look up.`);
    const name = dnsRecordName(s.domain);
    const lookup = await readers.txt.lookup(name);
    if (lookup.outcome === 'unavailable') return couldNotCheck(lookup.detail);
    if (lookup.outcome === 'absent') return { result: 'not_found', detail: lookup.detail };
    if (recordsHaveToken(lookup.records, s.token)) return { result: 'found', detail: `Found the TXT record ${name} with this claim's token.` };
    return { result: 'not_found', detail: `${name} has ${lookup.records.length} TXT record(s), none with this claim's token.` };
  }

  if (s.method === 'meta') {
    const page = await readers.fetchPage(s.homepage);
    if (!page.ok) return couldNotCheck(`Could not read ${s.homepage}${page.status ? ` (HTTP ${page.status})` : ''}: ${page.failure.reason}`);
    const finding = await readers.findMeta(page.page.html, page.page.finalUrl || s.homepage, s.token);
    if ('result' in finding) return finding;
    return { result: finding.found ? 'found' : 'not_found', detail: finding.detail };
  }

  const url = fileUrl(s.homepage);
  const file = await readers.fetchText(url, { maxBytes: FILE_MAX_BYTES });
  if (!file.ok) {
    // The server answered that the file is not there: that is an answer, unlike a 403 or a 5xx.
    if (file.status === 404 || file.status === 410) return { result: 'not_found', detail: `${url} does not exist (HTTP ${file.status}).` };
    return couldNotCheck(`Could not read ${url}${file.status ? ` (HTTP ${file.status})` : ''}: ${file.failure.reason}`);
  }
  if (fileHasToken(file.text, s.token)) return { result: 'found', detail: `Found this claim's token in ${file.finalUrl}.` };
  return { result: 'not_found', detail: `${file.finalUrl} does not contain this claim's token on a line of its own.` };
}
