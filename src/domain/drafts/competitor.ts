import type { PageSnapshot } from '../../crawler/types.ts';
import type { DraftField, FieldValue, VerifiedDraft } from '../../extraction/types.ts';
import type { DraftComparison } from '../../store/drafts-store.ts';
import type { FieldRecord } from './field-states.ts';

/** The fields set side by side with the competitor's (what a founder compares first). */
export const COMPARED_FIELDS = ['name', 'tagline', 'pricing_model', 'pricing_summary', 'categories', 'features', 'usps'] as const satisfies readonly DraftField[];

const STOP = new Set(
  'about above after again against also and any are because been before being below between both but can could does doing down during each few from further have having here how into its itself just more most much must need none not now off once only other our ours out over own same should some such than that the their theirs them then there these they this those through too under until very was were what when where which while who whom why will with would you your yours'.split(' '),
);

/** Content words of at least 4 letters, in order of first appearance. */
function words(text: string): string[] {
  return (text.toLowerCase().match(/\p{L}[\p{L}\p{N}-]{3,}/gu) ?? []).filter((w) => !STOP.has(w));
}

const flat = (v: FieldValue | null | undefined) => (v === null || v === undefined ? '' : Array.isArray(v) ? v.join(' ') : v);

/**
 * Our draft against a competitor's page: the compared fields side by side (theirs as verified
 * from their page), and the terms both stress, only we use, only they use. Deterministic: no AI
 * judgement beyond the verified extraction.
 */
export function compareWithCompetitor(
  ours: Partial<Record<string, FieldRecord>>,
  theirs: VerifiedDraft,
  page: PageSnapshot,
  at: Date,
): DraftComparison {
  const value = (f: DraftField) => (theirs.fields[f]?.state === 'ai' ? theirs.fields[f].value : null);
  const ourTerms = [...new Set(words(['tagline', 'short_description', 'description', 'features', 'usps', 'keywords'].map((f) => flat(ours[f]?.value)).join(' ')))];
  const counts = new Map<string, number>();
  for (const w of words(page.text)) counts.set(w, (counts.get(w) ?? 0) + 1);
  const theirTerms = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([w]) => w);
  const theirSet = new Set(theirTerms);
  const ourSet = new Set(ourTerms);
  const features = value('features');
  return {
    competitor: {
      url: page.finalUrl,
      name: (value('name') as string | null) ?? (page.title || null),
      tagline: value('tagline') as string | null,
      pricing_model: value('pricing_model') as string | null,
      features: Array.isArray(features) ? features : [],
    },
    rows: COMPARED_FIELDS.map((f) => ({ field: f, ours: ours[f]?.value ?? null, theirs: value(f) })),
    shared_terms: theirTerms.filter((w) => ourSet.has(w)).slice(0, 20),
    only_ours: ourTerms.filter((w) => !theirSet.has(w)).slice(0, 20),
    only_theirs: theirTerms.filter((w) => !ourSet.has(w)).slice(0, 20),
    compared_at: at.toISOString(),
  };
}
