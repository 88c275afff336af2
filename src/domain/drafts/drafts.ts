import type { Actor } from '../actor.ts';
import { DomainError, invalid, notFound } from '../errors.ts';
import { limitOffset, pageOf, totalOf, type PageRequest } from '../pagination.ts';
import type { DraftPatch } from '../../contract/draft.ts';
import { DRAFT_FIELDS, type DraftField } from '../../extraction/types.ts';
import type { JobDispatcher } from '../../jobs/dispatch.ts';
import type { DraftRecord, DraftStores, DraftStoresIn } from '../../store/drafts-store.ts';
import { blankField, type AiDraft } from './field-states.ts';
import { checkFieldActions, patchChanges } from './patch.ts';
import { presentDraft, presentDraftEntry } from './present.ts';
import { listingFromDraft, slugify } from './listing-from-draft.ts';
import { aiDraftOf, DraftingOverBudget, type Drafter } from './drafting.ts';
import { copyAfterEdit, DRAFT_LOGO_JOB, logoValue } from './kept-logo.ts';

export const DRAFT_PIPELINE_JOB = 'draft-pipeline';
export const DRAFT_COMPETITOR_JOB = 'draft-competitor';

/** Categories beyond the primary one a paid listing may have (spec 1: up to 3 more). */
const PAID_EXTRA_CATEGORIES = 3;

const draftNotFound = () => notFound('draft_not_found', 'No draft of yours has this id.');

function userOf(actor: Actor): string {
  if (actor.kind !== 'user') throw new DomainError('unauthenticated', 'unauthenticated', 'Sign in to work on drafts.');
  return actor.userId;
}

/** The AI is still at work: the owner's edits would race the pipeline's writes. */
function assertSettled(d: DraftRecord) {
  if (d.status === 'crawling' || d.status === 'drafting') {
    throw new DomainError('conflict', 'draft_busy', `The draft is still ${d.status}; edit it once it is ready (poll get_draft).`);
  }
}

/**
 * Drafts: submit a product by URL, edit the AI's draft field by field, save it as a listing.
 * Reads and writes are the owner's only: another user's draft is draft_not_found, as an
 * unknown id is.
 */
export function createDrafts(deps: { stores: DraftStores; jobs: JobDispatcher; now: () => Date; drafter: Drafter; forgetListing?: (slug: string) => void }) {
  const { stores, jobs, now } = deps;

  async function owned(actor: Actor, id: string) {
    const d = await stores.drafts.get(id);
    if (!d || d.owner_id !== userOf(actor)) throw draftNotFound();
    return d;
  }

  /** Category names as the category list spells them; an unknown one is a 400 naming its position. */
  async function canonicalCategories(names: string[]): Promise<string[]> {
    const known = new Map((await stores.drafts.categoryNames()).map((n) => [n.trim().toLowerCase(), n]));
    const out: string[] = [];
    const bad: { field: string; message: string }[] = [];
    names.forEach((n, i) => {
      if (n.trim() === '') return;
      const c = known.get(n.trim().toLowerCase());
      if (c) out.push(c);
      else bad.push({ field: `fields.categories.${i}`, message: `unknown category "${n}" (see list_categories)` });
    });
    if (bad.length) throw invalid('unknown_category', 'categories must be names from the category list (list_categories).', bad);
    return out;
  }

  /**
   * Creates or updates the owner's listing from the draft (inside the caller's transaction). An
   * update writes the logo only when the draft's logo changed (opts.logo): the listing's logo may
   * be one the owner uploaded since.
   */
  async function saveListing(s: DraftStoresIn, d: DraftRecord, opts: { submittedAt?: Date; logo?: boolean }) {
    const mapped = listingFromDraft(d);
    if (!mapped.columns.name) {
      throw new DomainError('conflict', 'draft_incomplete', 'A listing needs a name: set fields.name first.');
    }
    const at = now();
    let listing = d.listing_id ? await s.listings.update(d.listing_id, d.owner_id, mapped.columns, at, opts.logo ? mapped.logo : undefined) : undefined;
    listing ??= await s.listings.create(d.owner_id, slugify(mapped.columns.name) || 'listing', mapped.columns, mapped.logo);
    const cats = await s.listings.categoriesByName(mapped.categories);
    // Free plan: the primary category only; the rest stay on the draft for a later upgrade.
    await s.listings.setCategories(listing.id, cats.slice(0, listing.plan === 'paid' ? 1 + PAID_EXTRA_CATEGORIES : 1).map((c) => c.id));
    await s.listings.replaceFounders(listing.id, mapped.founders, (name) => slugify(name) || 'founder');
    await s.listings.replaceMilestones(listing.id, mapped.milestones);
    deps.forgetListing?.(listing.slug);
    return s.drafts.update(d.id, { status: 'submitted', listing_id: listing.id, ...(opts.submittedAt ? { submitted_at: opts.submittedAt } : {}) }, at);
  }

  return {
    drafter: deps.drafter,

    async create(actor: Actor, url: string) {
      const ownerId = userOf(actor);
      const fields = Object.fromEntries(DRAFT_FIELDS.map((f) => [f, blankField()]));
      const d = await stores.drafts.create({ ownerId, url, fields, at: now() });
      // After the insert committed: the job may run on another node at once.
      await jobs.send(DRAFT_PIPELINE_JOB, { draftId: d.id }, { singletonKey: d.id });
      return presentDraft(d);
    },

    async list(actor: Actor, page: PageRequest) {
      const ownerId = userOf(actor);
      const { limit, offset } = limitOffset(page);
      const rows = await stores.drafts.listByOwner(ownerId, limit, offset);
      return pageOf(rows.map(presentDraftEntry), page, await totalOf(rows, page, () => stores.drafts.countByOwner(ownerId)));
    },

    async get(actor: Actor, id: string) {
      return presentDraft(await owned(actor, id));
    },

    async update(actor: Actor, id: string, patch: DraftPatch) {
      const userId = userOf(actor);
      const before = await owned(actor, id);
      assertSettled(before);
      checkFieldActions(patch);
      if (patch.fields?.categories) patch = { ...patch, fields: { ...patch.fields, categories: await canonicalCategories(patch.fields.categories as string[]) } };

      // The AI works outside the transaction: it may take seconds, and PGlite has one session.
      const regenerated: Partial<Record<DraftField, AiDraft>> = {};
      if (patch.regenerate?.length) {
        const pages = await stores.pages.list(id, 'site');
        if (pages.length === 0) throw new DomainError('conflict', 'draft_no_evidence', 'The site could not be read for this draft, so there is no evidence to redraft from.');
        const only = [...new Set(patch.regenerate)];
        let drafted;
        try {
          drafted = await deps.drafter.draft(pages, { ...(await stores.drafts.categoryVocabulary()), only });
        } catch (err) {
          if (err instanceof DraftingOverBudget) throw new DomainError('unprocessable', 'drafting_too_slow', `The site's pages took too long to redraft from: ${err.message}`);
          throw err;
        }
        for (const f of only) regenerated[f] = aiDraftOf(drafted.verified.fields[f]);
      }

      let copyLogo = false;
      const after = await stores.transaction(async (s) => {
        const cur = await s.drafts.get(id, { forUpdate: true });
        if (!cur || cur.owner_id !== userId) throw draftNotFound();
        assertSettled(cur);
        const changes = patchChanges(cur, patch, regenerated);
        // A logo changed to another address is copied too (kept-logo.ts), after this commits.
        const copy = copyAfterEdit(cur, changes.fields);
        copyLogo = copy !== null;
        const next = await s.drafts.update(id, { ...changes, ...copy }, now());
        // Once submitted, the listing follows the draft (spec 3.1).
        return next.status === 'submitted' ? saveListing(s, next, { logo: logoValue(cur.fields) !== logoValue(next.fields) }) : next;
      });
      if (copyLogo) await jobs.send(DRAFT_LOGO_JOB, { draftId: id }, { singletonKey: id });
      const alreadyQueued = before.competitor?.status === 'pending' && before.competitor.url === after.competitor?.url;
      if (patch.competitor_url && after.competitor?.status === 'pending' && !alreadyQueued) {
        await jobs.send(DRAFT_COMPETITOR_JOB, { draftId: id, url: after.competitor.url });
      }
      return presentDraft(after);
    },

    async submit(actor: Actor, id: string) {
      const userId = userOf(actor);
      await owned(actor, id);
      const after = await stores.transaction(async (s) => {
        const cur = await s.drafts.get(id, { forUpdate: true });
        if (!cur || cur.owner_id !== userId) throw draftNotFound();
        assertSettled(cur);
        return saveListing(s, cur, { submittedAt: now() });
      });
      return { listing_id: Number(after.listing_id), draft: presentDraft(after) };
    },
  };
}
export type Drafts = ReturnType<typeof createDrafts>;
