import { DRAFT_FIELDS, LIST_FIELDS, type DraftField, type Evidence, type Extraction, type FieldProposal } from './types.ts';

/**
 * Reading a model's answer. The answer is untrusted text: anything that is not the shape asked
 * for is dropped item by item, and an answer that is not JSON at all is an empty extraction (every
 * field then ends not_found), never an error.
 */

type Json = Record<string, unknown>;

/** The JSON object in a chat answer: plain, in a ``` fence, or between prose. Null when none. */
export function answerObject(content: string): Json | null {
  for (const candidate of [fenced(content) ?? content, content]) {
    const start = candidate.indexOf('{');
    const end = candidate.lastIndexOf('}');
    if (start === -1 || end <= start) continue;
    try {
      const parsed: unknown = JSON.parse(candidate.slice(start, end + 1));
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Json;
    } catch {
      // try the next reading
    }
  }
  return null;
}

/** What the first ``` fence holds (without a "json" tag), or null when there is no closed fence. */
function fenced(content: string): string | null {
  const open = content.indexOf('```');
  if (open === -1) return null;
  let from = open + 3;
  if (content.slice(from, from + 4).toLowerCase() === 'json') from += 4;
  const close = content.indexOf('```', from);
  return close === -1 ? null : content.slice(from, close);
}

/** The model's answer as an Extraction (only proposals; the verifier decides). */
export function extractionFromAnswer(content: string, pageUrls: readonly string[], only?: readonly DraftField[]): Extraction {
  const answer = answerObject(content);
  if (!answer) return { fields: [], faqs: [], founders: [], socials: {} };
  const fallbackUrl = pageUrls.length === 1 ? pageUrls[0] : '';
  const quotesOf = (item: Json) => evidence(item.quotes ?? item.evidence, fallbackUrl);

  const fields: FieldProposal[] = [];
  const rawFields = asObject(answer.fields) ?? {};
  for (const field of DRAFT_FIELDS) {
    if (only && !only.includes(field)) continue;
    const entry = asObject(rawFields[field]);
    if (!entry) continue;
    const value = fieldValue(field, entry.value);
    if (value === null) continue;
    fields.push({ field, value, evidence: quotesOf(entry) });
  }
  if (only) return { fields, faqs: [], founders: [], socials: {} };

  // More than the verifier can keep is noise; bound the work spent on it.
  const faqs = asList(answer.faqs).slice(0, 30).flatMap((f) => {
    const item = asObject(f);
    const question = text(item?.question);
    const answerText = text(item?.answer);
    return item && question && answerText ? [{ question, answer: answerText, evidence: quotesOf(item) }] : [];
  });
  const founders = asList(answer.founders).slice(0, 20).flatMap((f) => {
    const item = asObject(f);
    const name = text(item?.name);
    return item && name ? [{ name, title: text(item.title), bio: text(item.bio), evidence: quotesOf(item) }] : [];
  });
  const socials: Record<string, string> = {};
  for (const [key, link] of Object.entries(asObject(answer.socials) ?? {})) {
    const url = text(link);
    if (url) socials[key.toLowerCase()] = url;
  }
  return { fields, faqs, founders, socials };
}

function fieldValue(field: DraftField, raw: unknown): string | string[] | null {
  if ((LIST_FIELDS as readonly string[]).includes(field)) {
    const list = Array.isArray(raw) ? raw.map(text).filter((s): s is string => !!s) : text(raw) ? [text(raw)!] : [];
    return list.length ? list : null;
  }
  return text(raw);
}

function evidence(raw: unknown, fallbackUrl: string): Evidence[] {
  return asList(raw).flatMap((q) => {
    if (typeof q === 'string') return fallbackUrl && q.trim() ? [{ url: fallbackUrl, quote: q }] : [];
    const item = asObject(q);
    const quote = typeof item?.quote === 'string' ? item.quote : typeof item?.text === 'string' ? item.text : null;
    const url = typeof item?.url === 'string' ? item.url : fallbackUrl;
    return quote && url ? [{ url, quote }] : [];
  });
}

/** A non-empty string (numbers become strings: a year may come back as 2019). */
function text(v: unknown): string | null {
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return typeof v === 'string' && v.trim() !== '' && v.trim().toLowerCase() !== 'null' ? v.trim() : null;
}

function asObject(v: unknown): Json | null {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : null;
}

function asList(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}
