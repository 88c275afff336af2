// The operator's category tools: npm run cli -- categories:export | categories:import FILE [--apply]
// | categories:add | categories:move | categories:retire (wired into src/cli.ts).
import { readFileSync } from 'node:fs';
import { Document, parseDocument } from 'yaml';
import type { Kysely } from 'kysely';
import type { DB } from './store/schema.ts';
import { categoryTreeStore } from './store/category-tree-store.ts';
import { createCategoryTree } from './domain/categories/tree-admin.ts';
import { CategoryTreeDocument, NewCategory } from './contract/category-tree.ts';
import { fieldErrors } from './operations/validation.ts';

export const CATEGORY_USAGE = `  categories:export                      the whole category tree as YAML (stdout), to edit and import
  categories:import FILE|- [--apply]     what the file changes in the tree; --apply writes it (one transaction)
  categories:add --slug S --name N [--parent SLUG] [--description D] [--keywords "a, b"]
  categories:move SLUG --parent SLUG|--top   put a category (and its subcategories) elsewhere
  categories:retire SLUG [--into SLUG]   remove a category; its listings and subcategories go to its parent`;

export const CATEGORY_OPTIONS = {
  parent: { type: 'string' },
  top: { type: 'boolean' },
  into: { type: 'string' },
  apply: { type: 'boolean' },
  keywords: { type: 'string' },
} as const;

/** A mistake of the operator's: the CLI prints the message alone and exits 1. */
export class CategoryUsageError extends Error {}

const HEADER = [
  ' The category tree. Change it, then: npm run cli -- categories:import FILE (shows what would change),',
  ' and again with --apply to write it. Each category: slug (a-z, 0-9, -), name, parent (slug; none at the top),',
  ' description (one line), keywords (other words for it, any language: drafts match them), attributes',
  ' (key, label, kind: text|boolean|number|list; compare_listings shows them), faqs. Order among siblings is',
  ' the order here. To change a slug, write renamed_from: OLD-SLUG beside the new one. A category left out is',
  ' removed and its listings go to the category above it.',
].join('\n');

/** The tree as the YAML file categories:export prints: one block per category, short lists on one line. */
export function treeToYaml(doc: CategoryTreeDocument): string {
  const plain = {
    categories: doc.categories.map((c) => ({
      slug: c.slug,
      name: c.name,
      ...(c.parent ? { parent: c.parent } : {}),
      description: c.description,
      ...(c.keywords.length ? { keywords: c.keywords } : {}),
      ...(c.attributes.length ? { attributes: c.attributes } : {}),
      ...(c.faqs.length ? { faqs: c.faqs } : {}),
    })),
  };
  const yaml = new Document(plain);
  yaml.commentBefore = HEADER;
  const items = (yaml.get('categories', true) as { items: { get(key: string, keep: true): any }[] }).items;
  for (const item of items) {
    const keywords = item.get('keywords', true);
    if (keywords) keywords.flow = true;
    for (const attribute of item.get('attributes', true)?.items ?? []) attribute.flow = true;
  }
  return yaml.toString({ lineWidth: 0, flowCollectionPadding: false });
}

/** Reads a categories:import file: YAML mistakes and wrong fields come back as one message, entry by entry. */
export function treeFromYaml(text: string): CategoryTreeDocument {
  const yaml = parseDocument(text, { prettyErrors: true });
  if (yaml.errors.length) throw new CategoryUsageError(`The file is not valid YAML: ${yaml.errors[0].message.trim()}`);
  const raw = yaml.toJS({ maxAliasCount: 100 }) as unknown;
  const parsed = CategoryTreeDocument.safeParse(raw);
  if (parsed.success) return parsed.data;
  const entries = (raw as { categories?: { slug?: unknown }[] })?.categories;
  const lines = fieldErrors(parsed.error.issues).map((e) => {
    const [top, index, ...rest] = e.field.split('.');
    if (top !== 'categories' || index === undefined || !/^\d+$/.test(index)) return `  ${e.field}: ${e.message}`;
    const slug = entries?.[Number(index)]?.slug;
    const message = e.message === 'unknown key' ? 'is not a field of a category (misspelt?)' : e.message;
    return `  entry ${Number(index) + 1}${typeof slug === 'string' ? ` (${slug})` : ''}: ${rest.join('.') || 'the entry'} ${message}`;
  });
  throw new CategoryUsageError(`The file has ${lines.length === 1 ? '1 problem' : `${lines.length} problems`}; nothing was written:\n${lines.join('\n')}`);
}

const readInput = (file: string) => readFileSync(file === '-' ? 0 : file, 'utf8');

/** Runs one categories:* command; false when `command` is not one of them. */
export async function runCategoryCommand(
  db: Kysely<DB>,
  command: string,
  positionals: string[],
  values: { slug?: string; name?: string; description?: string; parent?: string; top?: boolean; into?: string; apply?: boolean; keywords?: string },
  out: (line: string) => void = console.log,
): Promise<boolean> {
  // The service's caches are in its own process: they expire within seconds (PROFILE_CACHE_MS).
  const tree = createCategoryTree({ store: categoryTreeStore(db) });
  switch (command) {
    case 'categories:export':
      process.stdout.write(treeToYaml(await tree.export()));
      return true;
    case 'categories:import': {
      const file = positionals[0];
      if (!file) throw new CategoryUsageError('categories:import needs a YAML file (or - for standard input), e.g. one categories:export wrote');
      let text: string;
      try {
        text = readInput(file);
      } catch (err) {
        throw new CategoryUsageError(`cannot read ${file}: ${(err as Error).message}`);
      }
      const { changes, applied } = await tree.import(treeFromYaml(text), { apply: values.apply ?? false });
      for (const line of changes) out(line);
      if (!changes.length) out('no changes: the tree is as the file says');
      else if (applied) out(`applied ${changes.length === 1 ? '1 change' : `${changes.length} changes`}`);
      else out(`dry run: ${changes.length === 1 ? '1 change' : `${changes.length} changes`}, nothing written (run again with --apply to write them)`);
      return true;
    }
    case 'categories:add': {
      const parsed = NewCategory.safeParse({
        slug: values.slug,
        name: values.name,
        description: values.description,
        parent: values.parent,
        keywords: values.keywords?.split(',').map((k) => k.trim()).filter(Boolean),
      });
      if (!parsed.success) throw new CategoryUsageError(`categories:add: ${fieldErrors(parsed.error.issues).map((e) => `--${e.field.split('.')[0]} ${e.message}`).join('; ')}`);
      await tree.add(parsed.data);
      out(`added ${parsed.data.slug}${parsed.data.parent ? ` under ${parsed.data.parent}` : ' at the top level'}`);
      return true;
    }
    case 'categories:move': {
      const slug = positionals[0];
      if (!slug || (values.parent === undefined) === !values.top) throw new CategoryUsageError('categories:move needs the category slug and either --parent SLUG or --top');
      const moved = await tree.move(slug, values.top ? null : values.parent!);
      const where = values.top ? 'the top level' : values.parent;
      const kept = moved.listings ? ` (its ${moved.listings === 1 ? 'listing stays' : `${moved.listings} listings stay`} in it)` : '';
      out(moved.changed ? `moved ${slug} to ${where}${kept}` : `${slug} is at ${where} already`);
      return true;
    }
    case 'categories:retire': {
      const slug = positionals[0];
      if (!slug) throw new CategoryUsageError('categories:retire needs the category slug');
      const r = await tree.retire(slug, values.into);
      const handed = [r.listings ? `${r.listings === 1 ? '1 listing' : `${r.listings} listings`}` : null, r.subcategories ? `${r.subcategories === 1 ? '1 subcategory' : `${r.subcategories} subcategories`}` : null].filter(Boolean);
      out(`retired ${slug}${handed.length ? `; ${handed.join(' and ')} now in ${r.heir}` : ''}`);
      return true;
    }
    default:
      return false;
  }
}
