import type { CategoryTreeDocument, NewCategory, TreeCategory } from '../../contract/category-tree.ts';
import type { CategoryRow, CategoryTreeStore, CategoryTreeWriter } from '../../store/category-tree-store.ts';
import { DomainError } from '../errors.ts';
import { mustBeAdmin } from '../admin/acting-admin.ts';
import { planTree, type TreePlan } from './tree-plan.ts';

export interface TreeForget {
  /** The category tree and category pages. */
  tree(): void;
  /** One listing's public profile (it names its categories). */
  listing(slug: string): void;
}

// `field` names the input at fault (slug, name, parent, into), so a form can show the message beside it.
const notFound = (slug: string, what = 'category', field = 'slug') => {
  const detail = `No ${what} has the slug "${slug}".`;
  return new DomainError('not_found', 'category_not_found', detail, [{ field, message: detail }]);
};
const invalid = (detail: string, field?: string) => new DomainError('invalid', 'category_tree_invalid', detail, field ? [{ field, message: detail }] : undefined);
const conflict = (code: string, field: string, detail: string) => new DomainError('conflict', code, detail, [{ field, message: detail }]);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * An administrator making the change (/admin/categories): checked to be one inside the change's
 * transaction, and the change written to the action log in it. The CLI passes none.
 */
export interface TreeActor {
  adminId: string;
}

/** Checks the administrator inside the transaction, before anything is read or written. */
async function actorChecked(w: CategoryTreeWriter, by: TreeActor | undefined) {
  if (by) await mustBeAdmin(w, by.adminId);
}

/** The tree as a list, parents before children and each subtree after its root, as the site orders it. */
function toDocument(rows: readonly CategoryRow[]): CategoryTreeDocument {
  const slugOf = new Map(rows.map((r) => [r.id, r.slug]));
  const children = new Map<string | null, CategoryRow[]>();
  for (const r of rows) {
    const parent = r.parent_id && slugOf.has(r.parent_id) ? r.parent_id : null;
    children.set(parent, [...(children.get(parent) ?? []), r]);
  }
  const out: TreeCategory[] = [];
  const walk = (parent: string | null) => {
    for (const r of children.get(parent) ?? []) {
      out.push({
        slug: r.slug,
        name: r.name,
        description: r.description,
        parent: parent ? slugOf.get(parent)! : null,
        keywords: r.keywords,
        attributes: r.attributes.map((a) => ({ key: a.key, label: a.label, kind: a.kind })),
        faqs: r.faqs.map((f) => ({ question: f.question, answer: f.answer })),
      });
      walk(r.id);
    }
  };
  walk(null);
  return { categories: out };
}

/** Whether `id` is `ancestorId` or below it. */
function isWithin(rows: readonly CategoryRow[], id: string, ancestorId: string) {
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (let r = byId.get(id), hops = 0; r && hops <= rows.length; r = r.parent_id ? byId.get(r.parent_id) : undefined, hops++) {
    if (r.id === ancestorId) return true;
  }
  return false;
}

async function applyPlan(w: CategoryTreeWriter, plan: TreePlan) {
  const idOf = plan.entries.map((e) => e.id);
  // Slugs that pass to another category, and those of categories on their way out, step aside first.
  await w.parkSlugs([...plan.entries.filter((e) => e.slugChanged).map((e) => e.id!), ...plan.removed.map((r) => r.id)]);
  for (const [i, e] of plan.entries.entries()) {
    const c = { slug: e.entry.slug, name: e.entry.name, description: e.entry.description, keywords: e.entry.keywords, faqs: e.entry.faqs };
    if (e.id === null) idOf[i] = await w.insert({ ...c, parentId: null, position: plan.positions.get(i) ?? 0 });
    else if (e.edited) await w.update(e.id, c);
  }
  await w.setParents(plan.entries.map((_, i) => ({ id: idOf[i]!, parentId: plan.parentOf[i] === null ? null : idOf[plan.parentOf[i]!]! })));
  await w.setPositions([...plan.positions].map(([i, position]) => ({ id: idOf[i]!, position })));
  for (const [i, e] of plan.entries.entries()) {
    if (e.attributesChanged) await w.setAttributes(idOf[i]!, e.entry.attributes);
  }
  const moved: string[] = [];
  for (const r of plan.removed) {
    if (r.heirId) moved.push(...(await w.handOver(r.id, r.heirId, { adoptAttributes: false })));
    await w.delete(r.id);
  }
  // Listings whose profiles name a category that was renamed.
  const renamed = plan.entries.filter((e) => e.id && e.edited).map((e) => e.id!);
  return [...moved, ...(await w.listingSlugsIn(renamed))];
}

/**
 * The operator's tools for the category tree (CLI categories:*; the admin area can call the
 * same): export the whole tree, import an edited one (dry run unless asked to apply), add, move
 * and retire one category. Every change is one transaction; listings never lose their category:
 * renames and moves keep them, and a removed category hands them to the category above it.
 */
export function createCategoryTree(deps: { store: CategoryTreeStore; forget?: TreeForget; now?: () => Date }) {
  const { store } = deps;
  const now = deps.now ?? (() => new Date());
  const where = (parent: string | null) => (parent ? `under "${parent}"` : 'at the top level');
  const forget = (listingSlugs: readonly string[]) => {
    deps.forget?.tree();
    for (const slug of new Set(listingSlugs)) deps.forget?.listing(slug);
  };

  return {
    async export(): Promise<CategoryTreeDocument> {
      return toDocument(await store.snapshot());
    },

    /** What importing `doc` changes; with `apply`, also does it. Problems in the file write nothing. */
    async import(doc: CategoryTreeDocument, opts: { apply: boolean; by?: TreeActor }): Promise<{ changes: string[]; applied: boolean }> {
      const result = await store.transaction(async (w) => {
        await actorChecked(w, opts.by);
        await w.lock();
        const plan = planTree(await w.snapshot(), doc.categories);
        if (plan.problems.length) {
          throw invalid(`The file has ${plural(plan.problems.length, 'problem')}; nothing was written:\n${plan.problems.map((p) => `  ${p}`).join('\n')}`);
        }
        const touched = opts.apply && plan.changes.length ? await applyPlan(w, plan) : [];
        if (opts.by && opts.apply && plan.changes.length) {
          await w.record({
            adminId: opts.by.adminId,
            action: 'category_tree_imported',
            subjectType: 'category_tree',
            subjectId: 'tree',
            summary: `Imported the category tree: ${plural(plan.changes.length, 'change')}`,
            details: { changes: plan.changes },
            at: now(),
          });
        }
        return { changes: plan.changes, touched };
      });
      const applied = opts.apply && result.changes.length > 0;
      if (applied) forget(result.touched);
      return { changes: result.changes, applied };
    },

    async add(c: NewCategory, by?: TreeActor): Promise<void> {
      await store.transaction(async (w) => {
        await actorChecked(w, by);
        await w.lock();
        const rows = await w.snapshot();
        if (rows.some((r) => r.slug === c.slug)) throw conflict('category_exists', 'slug', `A category with the slug "${c.slug}" exists already.`);
        const sameName = rows.find((r) => r.name.toLowerCase() === c.name.toLowerCase());
        if (sameName) throw conflict('category_name_taken', 'name', `The category "${sameName.slug}" is called "${sameName.name}" already (drafts choose categories by name, so names must differ).`);
        const parent = c.parent === null ? null : rows.find((r) => r.slug === c.parent);
        if (parent === undefined) throw notFound(c.parent!, 'parent category', 'parent');
        const parentId = parent?.id ?? null;
        await w.insert({ slug: c.slug, name: c.name, description: c.description, keywords: c.keywords, faqs: [], parentId, position: await w.nextPosition(parentId) });
        if (by) {
          await w.record({
            adminId: by.adminId,
            action: 'category_added',
            subjectType: 'category',
            subjectId: c.slug.slice(0, 200), // the log keeps at most 200 characters; slugs may have 220
            summary: `Added the category "${c.slug}" (${c.name}) ${where(c.parent)}`,
            details: { ...c },
            at: now(),
          });
        }
      });
      forget([]);
    },

    /** Puts a category (and everything below it) under another parent, or at the top level (null). */
    async move(slug: string, parentSlug: string | null, by?: TreeActor): Promise<{ listings: number; changed: boolean }> {
      const result = await store.transaction(async (w) => {
        await actorChecked(w, by);
        await w.lock();
        const rows = await w.snapshot();
        const category = rows.find((r) => r.slug === slug);
        if (!category) throw notFound(slug);
        const parent = parentSlug === null ? null : rows.find((r) => r.slug === parentSlug);
        if (parent === undefined) throw notFound(parentSlug!, 'parent category', 'parent');
        if (parent && isWithin(rows, parent.id, category.id)) throw invalid(`"${slug}" cannot move under "${parentSlug}": that is ${parent.id === category.id ? 'itself' : 'below it'}, which would make a cycle.`, 'parent');
        const parentId = parent?.id ?? null;
        if ((category.parent_id ?? null) === parentId) return { listings: category.listings, changed: false };
        await w.setPositions([{ id: category.id, position: await w.nextPosition(parentId) }]);
        await w.setParents([{ id: category.id, parentId }]);
        if (by) {
          const from = rows.find((r) => r.id === category.parent_id)?.slug ?? null;
          await w.record({
            adminId: by.adminId,
            action: 'category_moved',
            subjectType: 'category',
            subjectId: slug.slice(0, 200),
            summary: `Moved the category "${slug}" from ${from ? `"${from}"` : 'the top level'} to ${parentSlug ? `"${parentSlug}"` : 'the top level'} (${category.listings === 1 ? '1 listing stays' : `${category.listings} listings stay`} in it)`,
            details: { from, to: parentSlug, listings: category.listings },
            at: now(),
          });
        }
        return { listings: category.listings, changed: true };
      });
      // Profiles name a listing's categories, not where they sit: only the tree is out of date.
      if (result.changed) forget([]);
      return { listings: result.listings, changed: result.changed };
    },

    /**
     * Removes a category: its listings and subcategories go to its parent (or to `into`), and so do
     * its attributes the heir does not have, with the values listings stated for them.
     */
    async retire(slug: string, intoSlug?: string, by?: TreeActor): Promise<{ heir: string | null; listings: number; subcategories: number }> {
      const result = await store.transaction(async (w) => {
        await actorChecked(w, by);
        await w.lock();
        const rows = await w.snapshot();
        const category = rows.find((r) => r.slug === slug);
        if (!category) throw notFound(slug);
        const heir = intoSlug !== undefined ? rows.find((r) => r.slug === intoSlug) : category.parent_id ? rows.find((r) => r.id === category.parent_id) : null;
        if (heir === undefined) throw notFound(intoSlug!, 'category to take over', 'into');
        if (heir && isWithin(rows, heir.id, category.id)) throw invalid(`"${slug}" cannot hand over to "${heir.slug}": it is ${heir.id === category.id ? 'the same category' : 'below it'}.`, 'into');
        const subcategories = rows.filter((r) => r.parent_id === category.id).length;
        if (!heir && (category.listings > 0 || subcategories > 0)) {
          throw invalid(
            `"${slug}" is a top-level category with ${plural(category.listings, 'listing')} and ${plural(subcategories, 'subcategory', 'subcategories')}: say which category takes them with --into SLUG.`,
            'into',
          );
        }
        if (subcategories) await w.adoptChildren(category.id, heir!.id);
        const touched = heir ? await w.handOver(category.id, heir.id, { adoptAttributes: true }) : [];
        await w.delete(category.id);
        if (by) {
          const handed = heir ? `; ${plural(category.listings, 'listing')} and ${plural(subcategories, 'subcategory', 'subcategories')} now in "${heir.slug}"` : '';
          await w.record({
            adminId: by.adminId,
            action: 'category_retired',
            subjectType: 'category',
            subjectId: slug.slice(0, 200),
            summary: `Retired the category "${slug}" (${category.name})${handed}`,
            details: { heir: heir?.slug ?? null, listings: category.listings, subcategories },
            at: now(),
          });
        }
        return { heir: heir?.slug ?? null, listings: category.listings, subcategories, touched };
      });
      forget(result.touched);
      return { heir: result.heir, listings: result.listings, subcategories: result.subcategories };
    },
  };
}
export type CategoryTree = ReturnType<typeof createCategoryTree>;
