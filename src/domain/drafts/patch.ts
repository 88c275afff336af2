import { isDeepStrictEqual } from 'node:util';
import { STORY_SECTIONS, type DraftPatch } from '../../contract/draft.ts';
import type { DraftField, FieldValue } from '../../extraction/types.ts';
import type { DraftChanges, DraftMilestoneRecord, DraftRecord, OwnerSection } from '../../store/drafts-store.ts';
import { invalid } from '../errors.ts';
import { applyFieldEvent, blankField, type AiDraft, type FieldEvent } from './field-states.ts';

/**
 * One field may be named by only one of fields, lock_fields, restore and regenerate in a
 * request: "set and restore" has no single meaning, so it is a 400 rather than an order we pick.
 */
export function checkFieldActions(patch: DraftPatch) {
  const seen = new Map<string, string>();
  const problems: { field: string; message: string }[] = [];
  const groups: [string, readonly string[]][] = [
    ['fields', Object.keys(patch.fields ?? {})],
    ['lock_fields', [...new Set(patch.lock_fields ?? [])]],
    ['restore', [...new Set(patch.restore ?? [])]],
    ['regenerate', [...new Set(patch.regenerate ?? [])]],
  ];
  for (const [group, names] of groups) {
    for (const name of names) {
      const other = seen.get(name);
      if (other) problems.push({ field: `${group}`, message: `${name} is also in ${other}; name a field in one of fields, lock_fields, restore, regenerate` });
      else seen.set(name, group);
    }
  }
  if (problems.length) throw invalid('conflicting_field_actions', 'A field is named by more than one of fields, lock_fields, restore and regenerate.', problems);
}

/** Strings trimmed, list items trimmed and de-duplicated; nothing left means null (remove). */
export function normaliseValue(v: string | string[] | null | undefined): FieldValue | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return v.trim() === '' ? null : v.trim();
  const items = [...new Set(v.map((x) => x.trim()).filter((x) => x !== ''))];
  return items.length ? items : null;
}

const cleanSocials = (s: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(s).flatMap(([k, v]) => (v && v.trim() ? [[k, v.trim()]] : [])));

const SEO_SECTIONS = ['title', 'meta'] as const;

/**
 * Sections given replace the stored ones; null clears one; nothing left is null. The result has
 * every section, null where none was ever given: a draft read back has them all (the first
 * PATCH with seo.title alone stored no meta, and every read of the draft failed after it).
 */
function mergeSections<T extends Record<string, string | null>>(sections: readonly string[], cur: T | null, patch: Record<string, string | null | undefined>): T | null {
  const out: Record<string, string | null> = Object.fromEntries(sections.map((k) => [k, cur?.[k] ?? null]));
  for (const [k, v] of Object.entries(patch)) if (v !== undefined) out[k] = v === null || v.trim() === '' ? null : v.trim();
  return Object.values(out).some((v) => v !== null) ? (out as T) : null;
}

/** Client milestones with ids: a known id is kept, anything else gets a new one. */
function milestones(cur: DraftMilestoneRecord[], input: NonNullable<DraftPatch['milestones']>): DraftMilestoneRecord[] {
  const known = new Set(cur.map((m) => m.id));
  let next = Math.max(0, ...cur.map((m) => m.id));
  const used = new Set<number>();
  return input.map((m) => {
    const id = m.id !== undefined && known.has(m.id) && !used.has(m.id) ? m.id : ++next;
    used.add(id);
    return { id, date: m.date, title: m.title, description: m.description || null, url: m.url || null };
  });
}

/**
 * The changes a PATCH makes to a draft (pure). `categories` are the canonical names the caller
 * validated; `regenerated` the AI's fresh verdicts for the regenerate fields.
 */
export function patchChanges(cur: DraftRecord, patch: DraftPatch, regenerated: Partial<Record<DraftField, AiDraft>> = {}): DraftChanges {
  const changes: DraftChanges = {};
  const fields = { ...cur.fields };
  const apply = (name: string, event: FieldEvent) => {
    fields[name] = applyFieldEvent(fields[name] ?? blankField(), event);
  };
  for (const [name, raw] of Object.entries(patch.fields ?? {})) {
    const value = normaliseValue(raw);
    apply(name, value === null ? { kind: 'clear' } : { kind: 'set', value });
  }
  for (const name of patch.restore ?? []) apply(name, { kind: 'restore' });
  for (const name of patch.regenerate ?? []) apply(name, { kind: 'regenerate', verdict: regenerated[name] ?? { value: null, evidence: [] } });
  for (const name of patch.lock_fields ?? []) apply(name, { kind: 'lock' });
  if (patch.fields || patch.restore || patch.regenerate || patch.lock_fields) changes.fields = fields;

  const owned = new Set<OwnerSection>(cur.owner_sections);
  if (patch.faqs) {
    // An FAQ sent back unchanged keeps the evidence it was drafted with.
    changes.faqs = patch.faqs.map((f) => ({
      question: f.question,
      answer: f.answer,
      evidence: cur.faqs.find((c) => c.question === f.question && c.answer === f.answer)?.evidence ?? [],
    }));
    if (!isDeepStrictEqual(changes.faqs, cur.faqs)) owned.add('faqs');
  }
  if (patch.founders) {
    changes.founders = patch.founders.map((f) => {
      const founder = { name: f.name, title: f.title || null, bio: f.bio || null };
      const same = cur.founders.find((c) => c.name === founder.name && c.title === founder.title && c.bio === founder.bio);
      return { ...founder, evidence: same?.evidence ?? [] };
    });
    if (!isDeepStrictEqual(changes.founders, cur.founders)) owned.add('founders');
  }
  if (patch.company_socials) {
    changes.company_socials = cleanSocials(patch.company_socials);
    if (!isDeepStrictEqual(changes.company_socials, cur.company_socials)) owned.add('company_socials');
  }
  if (owned.size !== cur.owner_sections.length) changes.owner_sections = [...owned];
  if (patch.founder_socials) changes.founder_socials = cleanSocials(patch.founder_socials);
  if (patch.story !== undefined) changes.story = patch.story === null ? null : mergeSections(STORY_SECTIONS, cur.story, patch.story);
  if (patch.seo !== undefined) changes.seo = patch.seo === null ? null : mergeSections(SEO_SECTIONS, cur.seo, patch.seo);
  if (patch.milestones) changes.milestones = milestones(cur.milestones, patch.milestones);
  if (patch.competitor_url !== undefined) {
    const url = patch.competitor_url;
    if (url === '') changes.competitor = null;
    else if (cur.competitor?.url !== url || cur.competitor.status === 'failed') changes.competitor = { url, status: 'pending', reason: null, comparison: null };
  }
  return changes;
}
