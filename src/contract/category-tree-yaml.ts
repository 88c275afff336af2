// The category tree as a YAML file: what `npm run cli -- categories:export` prints and
// GET /admin/categories.yaml downloads, and what categories:import and the admin page's import read.
import { Document, parseDocument } from 'yaml';
import { CategoryTreeDocument } from './category-tree.ts';
import { fieldErrors } from '../operations/validation.ts';

/** A tree file that cannot be read (not YAML, or fields that are wrong): the message says what and where. */
export class CategoryTreeFileError extends Error {}

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

/** Reads a tree file: YAML mistakes and wrong fields come back as one message, entry by entry. */
export function treeFromYaml(text: string): CategoryTreeDocument {
  const yaml = parseDocument(text, { prettyErrors: true });
  if (yaml.errors.length) throw new CategoryTreeFileError(`The file is not valid YAML: ${yaml.errors[0].message.trim()}`);
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
  throw new CategoryTreeFileError(`The file has ${lines.length === 1 ? '1 problem' : `${lines.length} problems`}; nothing was written:\n${lines.join('\n')}`);
}
