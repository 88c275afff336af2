// The operator's category tools: npm run cli -- categories:export | categories:import FILE [--apply]
// | categories:add | categories:move | categories:retire (wired into src/cli.ts).
import { readFileSync } from 'node:fs';
import type { Kysely } from 'kysely';
import type { DB } from './store/schema.ts';
import { categoryTreeStore } from './store/category-tree-store.ts';
import { createCategoryTree } from './domain/categories/tree-admin.ts';
import { NewCategory } from './contract/category-tree.ts';
import { CategoryTreeFileError, treeFromYaml, treeToYaml } from './contract/category-tree-yaml.ts';
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

const readInput = (file: string) => readFileSync(file === '-' ? 0 : file, 'utf8');

/** The file's tree; a file that cannot be read is the operator's mistake (message alone, exit 1). */
function readTree(text: string) {
  try {
    return treeFromYaml(text);
  } catch (err) {
    throw err instanceof CategoryTreeFileError ? new CategoryUsageError(err.message) : err;
  }
}

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
      const { changes, applied } = await tree.import(readTree(text), { apply: values.apply ?? false });
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
