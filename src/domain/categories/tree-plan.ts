import type { TreeAttribute, TreeCategory } from '../../contract/category-tree.ts';
import type { CategoryRow } from '../../store/category-tree-store.ts';

/** What an import does, step by step (tree-admin.ts applies it in this order, in one transaction). */
export interface TreePlan {
  /** Why the file cannot be applied; nothing is written while there is one. */
  problems: string[];
  /** The changes in words, one a line, for the dry run and the report. */
  changes: string[];
  /** Entries in file order, each with the existing category it is (null: new). */
  entries: { entry: TreeCategory; id: string | null; edited: boolean; slugChanged: boolean; attributesChanged: boolean }[];
  /** Each entry's parent, as an index into entries (null: top-level). */
  parentOf: (number | null)[];
  /** Entries whose place among their siblings is written: index → position. */
  positions: Map<number, number>;
  /** Categories the file leaves out, deepest first, with the kept category that takes their listings. */
  removed: { id: string; slug: string; heirId: string | null; listings: number }[];
}

const sameList = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((x, i) => x === b[i]);
const sameAttributes = (a: readonly { key: string; label: string; kind: string }[], b: readonly TreeAttribute[]) =>
  a.length === b.length && a.every((x, i) => x.key === b[i].key && x.label === b[i].label && x.kind === b[i].kind);
const sameFaqs = (a: readonly { question: string; answer: string }[], b: readonly { question: string; answer: string }[]) =>
  a.length === b.length && a.every((x, i) => x.question === b[i].question && x.answer === b[i].answer);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
/** "1 listing goes", "3 listings go". */
const listingsDo = (n: number, verb: string, verbs: string) => `${plural(n, 'listing')} ${n === 1 ? verbs : verb}`;

/**
 * Compares the tree in the database with the tree an operator wants (a categories:import file)
 * and says what would change, or why it cannot. A category is the same one when its slug is the
 * same, or when the file names its old slug in renamed_from; everything else in the file is new,
 * and every category the file leaves out is removed, its listings handed to the nearest category
 * above it that stays.
 */
export function planTree(current: readonly CategoryRow[], wanted: readonly TreeCategory[]): TreePlan {
  const problems: string[] = [];
  const at = (i: number) => `entry ${i + 1} (${wanted[i].slug})`;

  const indexesBy = (key: (e: TreeCategory) => string) => {
    const m = new Map<string, number[]>();
    wanted.forEach((e, i) => m.set(key(e), [...(m.get(key(e)) ?? []), i]));
    return m;
  };
  for (const [slug, at] of indexesBy((e) => e.slug)) {
    if (at.length > 1) problems.push(`duplicate slug "${slug}": entries ${at.map((i) => i + 1).join(', ')}`);
  }
  for (const [, at] of indexesBy((e) => e.name.toLowerCase())) {
    if (at.length > 1) problems.push(`duplicate name "${wanted[at[0]].name}": entries ${at.map((i) => i + 1).join(', ')} (drafts choose categories by name, so names must differ)`);
  }
  const indexOf = new Map(wanted.map((e, i) => [e.slug, i]));

  const parentOf = wanted.map((e, i) => {
    if (e.parent === null) return null;
    if (e.parent === e.slug) {
      problems.push(`${at(i)}: cycle: "${e.slug}" is its own parent`);
      return null;
    }
    const p = indexOf.get(e.parent);
    if (p === undefined) {
      problems.push(`${at(i)}: unknown parent "${e.parent}" (no entry of the file has that slug)`);
      return null;
    }
    return p;
  });
  // Following parents from any entry must reach the top; a walk that comes back to itself is a cycle.
  const settled = new Set<number>();
  for (let start = 0; start < wanted.length; start++) {
    const path: number[] = [];
    let i: number | null = start;
    while (i !== null && !settled.has(i) && !path.includes(i)) {
      path.push(i);
      i = parentOf[i];
    }
    if (i !== null && path.includes(i)) {
      const loop = path.slice(path.indexOf(i));
      problems.push(`cycle: ${[...loop, i].map((k) => `"${wanted[k].slug}"`).join(' → ')} (a category cannot be below itself)`);
      for (const k of loop) parentOf[k] = null;
    }
    for (const k of path) settled.add(k);
  }

  // Which existing category each entry is: renames first, so a slug can pass from one category to another.
  const bySlug = new Map(current.map((c) => [c.slug, c]));
  const byId = new Map(current.map((c) => [c.id, c]));
  const ids: (string | null)[] = wanted.map(() => null);
  const claimed = new Map<string, number>();
  wanted.forEach((e, i) => {
    if (!e.renamed_from || e.renamed_from === e.slug) return;
    const old = bySlug.get(e.renamed_from);
    if (!old) {
      // Applied before: the category already has its new slug.
      if (!bySlug.has(e.slug)) problems.push(`${at(i)}: renamed_from "${e.renamed_from}": no category has that slug`);
      return;
    }
    const other = claimed.get(old.id);
    if (other !== undefined) {
      problems.push(`entries ${other + 1} and ${i + 1} are both renamed from "${e.renamed_from}"`);
      return;
    }
    claimed.set(old.id, i);
    ids[i] = old.id;
  });
  wanted.forEach((e, i) => {
    if (ids[i]) return;
    const same = bySlug.get(e.slug);
    if (same && !claimed.has(same.id)) {
      claimed.set(same.id, i);
      ids[i] = same.id;
    }
  });

  // The kept category that takes a removed one's listings: the nearest one above it that stays.
  const heirOf = (c: CategoryRow): CategoryRow | null => {
    for (let p = c.parent_id ? byId.get(c.parent_id) : undefined; p; p = p.parent_id ? byId.get(p.parent_id) : undefined) {
      if (claimed.has(p.id)) return p;
    }
    return null;
  };
  const depth = (c: CategoryRow) => {
    let d = 0;
    for (let p = c.parent_id ? byId.get(c.parent_id) : undefined; p && d <= current.length; p = p.parent_id ? byId.get(p.parent_id) : undefined) d++;
    return d;
  };
  const removed = current
    .filter((c) => !claimed.has(c.id))
    .map((c) => ({ row: c, heir: heirOf(c), depth: depth(c) }))
    .sort((a, b) => b.depth - a.depth);
  for (const r of removed) {
    if (!r.heir && r.row.listings > 0) {
      problems.push(`"${r.row.slug}" is left out of the file, and no category above it stays to take its ${plural(r.row.listings, 'listing')}: keep it, or give it a parent that stays before removing it`);
    }
  }

  // Siblings keep their positions unless their order changes; then the whole group is renumbered.
  const positions = new Map<number, number>();
  const groups = new Map<number | null, number[]>();
  wanted.forEach((_, i) => groups.set(parentOf[i], [...(groups.get(parentOf[i]) ?? []), i]));
  const reordered: string[] = [];
  for (const [parent, members] of groups) {
    const parentId = parent === null ? null : ids[parent];
    const isNewParent = parent !== null && parentId === null;
    const before = isNewParent ? [] : current.filter((c) => c.parent_id === parentId).map((c) => c.id);
    if (!isNewParent && sameList(before, members.map((i) => ids[i]))) continue;
    members.forEach((i, n) => positions.set(i, n + 1));
    if (isNewParent) continue;
    const stayed = members.filter((i) => ids[i] && byId.get(ids[i]!)!.parent_id === parentId).map((i) => ids[i]);
    const stayedBefore = before.filter((id) => stayed.includes(id));
    if (!sameList(stayed, stayedBefore)) reordered.push(parent === null ? 'top-level categories' : `subcategories of "${wanted[parent].slug}"`);
  }

  const changes: string[] = [];
  const entries = wanted.map((entry, i) => {
    const id = ids[i];
    const parentSlug = parentOf[i] === null ? null : wanted[parentOf[i]!].slug;
    if (!id) {
      changes.push(`+ add "${entry.slug}" (${entry.name})${parentSlug ? ` under "${parentSlug}"` : ' at the top level'}`);
      return { entry, id, edited: true, slugChanged: false, attributesChanged: entry.attributes.length > 0 };
    }
    const old = byId.get(id)!;
    const slugChanged = old.slug !== entry.slug;
    if (slugChanged) changes.push(`~ rename slug "${old.slug}" → "${entry.slug}" (${listingsDo(old.listings, 'keep', 'keeps')} it)`);
    const fields = [
      old.name !== entry.name ? `name "${old.name}" → "${entry.name}"` : null,
      old.description !== entry.description ? 'description' : null,
      !sameList(old.keywords, entry.keywords) ? 'keywords' : null,
      !sameFaqs(old.faqs, entry.faqs) ? 'FAQs' : null,
    ].filter((f) => f !== null);
    if (fields.length) changes.push(`~ "${entry.slug}": ${fields.join(', ')}`);
    const oldParent = old.parent_id ? byId.get(old.parent_id) : undefined;
    const newParentId = parentOf[i] === null ? null : ids[parentOf[i]!];
    if ((old.parent_id ?? null) !== newParentId) {
      changes.push(`> move "${entry.slug}" from ${oldParent ? `"${oldParent.slug}"` : 'the top level'} to ${parentSlug ? `"${parentSlug}"` : 'the top level'} (${listingsDo(old.listings, 'move', 'moves')} with it)`);
    }
    const attributesChanged = !sameAttributes(old.attributes, entry.attributes);
    if (attributesChanged) {
      const keys = new Set(entry.attributes.map((a) => a.key));
      const had = new Map(old.attributes.map((a) => [a.key, a]));
      const added = entry.attributes.filter((a) => !had.has(a.key)).map((a) => a.key);
      const dropped = old.attributes.filter((a) => !keys.has(a.key));
      const changed = entry.attributes.filter((a) => had.has(a.key) && (had.get(a.key)!.label !== a.label || had.get(a.key)!.kind !== a.kind)).map((a) => a.key);
      const parts = [
        added.length ? `add ${added.join(', ')}` : null,
        changed.length ? `change ${changed.join(', ')}` : null,
        dropped.length ? `remove ${dropped.map((a) => (a.values ? `${a.key} (${plural(a.values, 'stated value')} dropped)` : a.key)).join(', ')}` : null,
      ].filter((p) => p !== null);
      changes.push(`~ "${entry.slug}" attributes: ${parts.length ? parts.join('; ') : 'new order'}`);
    }
    return { entry, id, edited: slugChanged || fields.length > 0, slugChanged, attributesChanged };
  });
  for (const what of reordered) changes.push(`~ new order of the ${what}`);
  for (const r of removed) {
    const heirEntry = r.heir ? wanted[claimed.get(r.heir.id)!] : undefined;
    const heirKeys = new Set(heirEntry?.attributes.map((a) => a.key) ?? []);
    const lost = r.row.attributes.filter((a) => a.values > 0 && !heirKeys.has(a.key));
    const notes = [
      r.row.listings ? `${listingsDo(r.row.listings, 'go', 'goes')} to "${heirEntry?.slug ?? '?'}"` : null,
      lost.length ? `stated values dropped: ${lost.map((a) => `${a.key} (${a.values})`).join(', ')}` : null,
    ].filter((n) => n !== null);
    changes.push(`- remove "${r.row.slug}"${notes.length ? ` (${notes.join('; ')})` : ''}`);
  }

  return {
    problems,
    changes,
    entries,
    parentOf,
    positions,
    removed: removed.map((r) => ({ id: r.row.id, slug: r.row.slug, heirId: r.heir?.id ?? null, listings: r.row.listings })),
  };
}
