import type { PageSnapshot } from '../crawler/types.ts';
import { createEvidenceBase } from '../extraction/evidence-base.ts';
import { extractionFromAnswer } from '../extraction/llm-answer.ts';
import { normalizeForMatch } from '../extraction/quote-match.ts';
import { LIST_FIELDS, type CategoryKeywords, type Evidence } from '../extraction/types.ts';
import { verifyExtraction } from '../extraction/verify.ts';

/**
 * What became of each thing a model proposed for one site: kept by the verifier or refused, and
 * why. The answer is read and verified exactly as the pipeline does (llm-answer.ts, verify.ts) on
 * the pages the draft stored, on its own (without the built-in extractor), so every refusal is
 * the verifier's and can be shown: the draft itself only shows what passed.
 */

export interface ProposalOutcome {
  /** "<field>", "<field>: <item>", "faq: <question>", "founder: <name>" or "social: <platform>" (a recording's trap targets). */
  key: string;
  value: string | string[];
  kept: boolean;
  /** The verifier's reason, when refused. */
  reason?: string;
  quotes: Evidence[];
  /** A quote (of text, not a link) that was not in the prompt the model was sent: it could not have copied it. */
  outsidePrompt?: string[];
}

export function proposalKey(kind: 'field' | 'item' | 'faq' | 'founder' | 'social', name: string, item?: string): string {
  if (kind === 'field') return name;
  if (kind === 'item') return `${name}: ${item}`;
  return `${kind}: ${name}`;
}

const same = (a: string, b: string) => normalizeForMatch(a).toLowerCase() === normalizeForMatch(b).toLowerCase();
/** A kept list item may be the proposed one cut to the item limit. */
const keptAs = (kept: readonly string[], item: string) => kept.some((k) => same(k, item) || (k.length >= 40 && normalizeForMatch(item).startsWith(normalizeForMatch(k))));

export function judgeModelAnswer(content: string, pages: PageSnapshot[], vocabulary: { categoryNames: string[]; categoryKeywords?: CategoryKeywords }, prompt?: string): ProposalOutcome[] {
  const extraction = extractionFromAnswer(content, pages.map((p) => p.finalUrl));
  const verified = verifyExtraction(extraction, pages, vocabulary);
  const base = createEvidenceBase(pages);
  const promptNorm = prompt === undefined ? undefined : normalizeForMatch(prompt);
  const out: ProposalOutcome[] = [];
  const push = (o: ProposalOutcome, textQuotes = true) => {
    if (promptNorm !== undefined && textQuotes) {
      const outside = o.quotes.filter((q) => !promptNorm.includes(normalizeForMatch(q.quote))).map((q) => q.quote);
      if (outside.length) o.outsidePrompt = outside;
    }
    out.push(o);
  };

  for (const p of extraction.fields) {
    const verdict = verified.fields[p.field];
    const rejected = verdict.state === 'not_found' ? verdict.rejected : undefined;
    const linkField = p.field === 'logo_url' || p.field === 'demo_video_url';
    if ((LIST_FIELDS as readonly string[]).includes(p.field)) {
      const kept = verdict.state === 'ai' && Array.isArray(verdict.value) ? verdict.value : [];
      for (const item of Array.isArray(p.value) ? p.value : [p.value]) {
        const ok = keptAs(kept, item);
        const reason = ok ? undefined : (rejected ?? (p.field === 'categories' ? 'not a known category whose words the quotes use' : `not in its quotes`));
        push({ key: proposalKey('item', p.field, item), value: item, kept: ok, ...(reason ? { reason } : {}), quotes: p.evidence });
      }
    } else {
      const ok = verdict.state === 'ai';
      push({ key: proposalKey('field', p.field), value: p.value, kept: ok, ...(ok ? {} : { reason: rejected ?? 'refused' }), quotes: p.evidence }, !linkField);
    }
  }

  for (const f of extraction.faqs) {
    const ok = verified.faqs.some((v) => same(v.question, f.question.trim()) || same(v.question, f.question.trim().slice(0, v.question.length)));
    const checked = base.check(f.evidence);
    const reason = ok ? undefined : checked.ok ? 'the question or the answer is not in its quotes' : checked.reason;
    push({ key: proposalKey('faq', f.question), value: [f.question, f.answer], kept: ok, ...(reason ? { reason } : {}), quotes: f.evidence });
  }
  for (const f of extraction.founders) {
    const ok = verified.founders.some((v) => same(v.name, f.name));
    const checked = base.check(f.evidence);
    const reason = ok ? undefined : checked.ok ? 'no quote names them as a founder of this company (or it is a customer speaking)' : checked.reason;
    push({ key: proposalKey('founder', f.name), value: f.name, kept: ok, ...(reason ? { reason } : {}), quotes: f.evidence });
  }
  for (const [platform, url] of Object.entries(extraction.socials)) {
    const ok = (verified.socials as Record<string, string>)[platform] !== undefined;
    push({ key: proposalKey('social', platform), value: url, kept: ok, ...(ok ? {} : { reason: 'no crawled page links it, or it is not that platform' }), quotes: [] }, false);
  }
  return out;
}
