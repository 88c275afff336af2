import type { z } from 'zod';
import type { Draft, DraftListEntry } from '../../contract/draft.ts';
import { STORY_SECTIONS } from '../../contract/draft.ts';
import { DRAFT_FIELDS } from '../../extraction/types.ts';
import type { DraftListRow, DraftRecord } from '../../store/drafts-store.ts';
import type { DraftStage } from '../../store/schema.ts';
import { blankField } from './field-states.ts';
import { completeness, notFoundOnWebsite } from './completeness.ts';

/** A rough share of the work done, for a progress bar: fetching is most of the wait. */
export function progressPercent(stage: DraftStage, fetched: number, planned: number): number {
  switch (stage) {
    case 'queued':
      return 0;
    case 'robots':
      return 5;
    case 'fetching':
      return 10 + Math.floor((50 * Math.min(fetched, planned)) / Math.max(planned, 1));
    case 'drafting':
      return 65;
    case 'verifying':
      return 85;
    default:
      return 100;
  }
}

const iso = (d: Date | string) => new Date(d).toISOString();

function nameOf(fields: DraftRecord['fields']): string | null {
  const v = fields.name?.value;
  return typeof v === 'string' ? v : null;
}

export function presentDraft(d: DraftRecord): z.input<typeof Draft> {
  const fields = Object.fromEntries(
    DRAFT_FIELDS.map((f) => {
      const rec = d.fields[f] ?? blankField();
      const aiValue = rec.ai?.value ?? null;
      return [
        f,
        {
          value: rec.value,
          state: rec.state,
          evidence: rec.evidence,
          ...(rec.state !== 'ai' && aiValue !== null ? { ai_value: aiValue } : {}),
        },
      ];
    }),
  ) as z.input<typeof Draft>['fields'];
  const story = d.story ? Object.fromEntries(STORY_SECTIONS.map((k) => [k, d.story?.[k] ?? null])) : null;
  return {
    id: d.id,
    status: d.status,
    url: d.url,
    progress: {
      stage: d.stage,
      pages_fetched: d.pages_fetched,
      pages_planned: d.pages_planned,
      pages: d.pages_read ?? [],
      fields_drafted: d.fields_drafted,
      fields_total: DRAFT_FIELDS.length,
      percent: progressPercent(d.stage, d.pages_fetched, d.pages_planned),
      skipped: d.skipped ?? [],
    },
    failure: d.failure_code ? { code: d.failure_code, reason: d.failure_reason ?? '' } : null,
    fields,
    faqs: d.faqs,
    founders: d.founders,
    company_socials: d.company_socials,
    founder_socials: d.founder_socials,
    story: story as z.input<typeof Draft>['story'],
    milestones: d.milestones,
    seo: d.seo,
    competitor: d.competitor,
    logo_copy: d.logo_copy ?? null,
    not_found_on_website: notFoundOnWebsite(d.fields),
    ...completeness(d),
    listing_id: d.listing_id === null ? null : Number(d.listing_id),
    created_at: iso(d.created_at),
    submitted_at: d.submitted_at ? iso(d.submitted_at) : null,
    updated_at: iso(d.updated_at),
  };
}

export function presentDraftEntry(r: DraftListRow): z.input<typeof DraftListEntry> {
  return {
    id: r.id,
    status: r.status,
    url: r.url,
    name: nameOf(r.fields),
    completeness: completeness(r).completeness,
    listing_id: r.listing_id === null ? null : Number(r.listing_id),
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}
