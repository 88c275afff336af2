import { load } from 'cheerio';
import { PROOF_NAME } from './proof.ts';

export interface MetaFinding {
  found: boolean;
  detail: string;
}

/** findVerificationMeta as the service runs it: in the worker pool, within a time budget (see workers/). */
export type MetaFinder = (html: string, pageUrl: string, token: string) => Promise<MetaFinding | { result: 'could_not_check'; detail: string }>;

const sameName = (name: string | undefined) => (name ?? '').trim().toLowerCase() === PROOF_NAME;

/**
 * Whether the homepage's <head> carries our meta tag with this claim's token. A tag elsewhere
 * (in the body, where an HTML parser leaves it once content has started) or with another token
 * does not count; the detail says which it was, so the claimant can fix it.
 */
export function findVerificationMeta(html: string, pageUrl: string, token: string): MetaFinding {
  const $ = load(html);
  const ours = $('meta[name][content]')
    .toArray()
    .filter((el) => sameName($(el).attr('name')));
  const inHead = ours.filter((el) => $(el).parents('head').length > 0);
  if (inHead.some((el) => ($(el).attr('content') ?? '').trim() === token)) {
    return { found: true, detail: `Found the ${PROOF_NAME} meta tag with this claim's token in the <head> of ${pageUrl}.` };
  }
  if (ours.some((el) => ($(el).attr('content') ?? '').trim() === token)) {
    return { found: false, detail: `The ${PROOF_NAME} meta tag is on ${pageUrl}, but not in its <head>: move it into <head>.` };
  }
  if (ours.length) return { found: false, detail: `${pageUrl} has a ${PROOF_NAME} meta tag, but with another token than this claim's.` };
  return { found: false, detail: `No ${PROOF_NAME} meta tag on ${pageUrl}.` };
}
