import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NewCategory, type CategoryTreeDocument, type TreeCategory } from '../../../contract/category-tree.ts';
import { CategoryTreeFileError, treeFromYaml, treeToYaml } from '../../../contract/category-tree-yaml.ts';
import type { CategoryNode } from '../../../contract/category.ts';
import { DomainError } from '../../../domain/errors.ts';
import { field, SITE_ROUTE, type Web } from '../context.ts';
import { html, type Html } from '../html.ts';
import { errorSummary, fieldError } from '../layout.ts';
import { adminFormSession, adminNav, adminPageSession } from './frame.ts';

const PATH = '/admin/categories';

/** Confirmations after a change (Post/Redirect/Get), chosen by ?notice=…, never echoing input. */
const NOTICES: Record<string, string> = {
  'category-added': 'The category is added. The site shows it within seconds; drafts can choose it from now on.',
  'category-moved': 'The category is moved, with its subcategories; its listings stay in it.',
  'category-not-moved': 'The category is there already: nothing changed.',
  'category-retired': 'The category is retired. Its listings and subcategories are in the category that took them over.',
  'tree-imported': 'The file is imported: the tree is as it says. The action log lists each change.',
  'tree-unchanged': 'The file is the tree as it is: nothing changed.',
};

/** A pasted tree file may be larger than the site's other forms (64 KiB): the default tree alone is about that. */
const IMPORT_BODY_LIMIT = 1_048_576;

const ADD_FIELDS = ['slug', 'name', 'description', 'parent', 'keywords'] as const;
type AddField = (typeof ADD_FIELDS)[number];
const ADD_LABELS: Record<AddField, string> = { slug: 'Slug', name: 'Name', description: 'Description', parent: 'Parent', keywords: 'Keywords' };
const SLUG_RULE = 'Lowercase letters, digits and hyphens, starting with a letter or digit (at most 220), e.g. ai-music.';

type Errors<F extends string> = Partial<Record<F, string>>;
interface FormState<F extends string> {
  values: Record<F, string>;
  errors: Errors<F>;
}
/** What a refused or previewed post shows again: the form's values, and errors beside its fields. */
interface PageState {
  status?: number;
  summary?: string;
  add?: FormState<AddField>;
  move?: FormState<'category' | 'parent'>;
  retire?: FormState<'category' | 'into'>;
  import?: { yaml: string; error?: string; changes?: string[] };
}

/** The message a domain refusal gives for a field of the form; anything else is not a form error (403, 500 …). */
function fieldOf(err: unknown): { field: string | undefined; message: string } | undefined {
  if (!(err instanceof DomainError) || !['invalid', 'not_found', 'conflict'].includes(err.kind)) return undefined;
  return { field: err.fields?.[0]?.field, message: err.message };
}

/** An input's aria-describedby: its hint and its error, whichever it has. */
function described(id: string, hint: boolean, error: string | undefined): Html | string {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return html`${ids ? html` aria-describedby="${ids}"` : ''}${error ? html` aria-invalid="true"` : ''}`;
}

/** Each category's depth in the tree (0 at the top): the document lists parents before children. */
function depths(doc: CategoryTreeDocument): Map<string, number> {
  const out = new Map<string, number>();
  for (const c of doc.categories) out.set(c.slug, c.parent ? (out.get(c.parent) ?? 0) + 1 : 0);
  return out;
}

/** Live listings per category (its subcategories' included), from the directory's kept counts. */
function liveCounts(roots: readonly CategoryNode[]): Map<string, number> {
  const out = new Map<string, number>();
  const walk = (nodes: readonly CategoryNode[]) => {
    for (const n of nodes) {
      out.set(n.slug, n.live_listings);
      walk(n.subcategories);
    }
  };
  walk(roots);
  return out;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * The administrator's category tree at /admin/categories: the whole tree with each category's
 * slug, description, keywords and live listings; add, move and retire one category; the tree as
 * the YAML file `npm run cli -- categories:export` prints, and importing an edited one (previewed
 * first). The same rules as the CLI (domain/categories/tree-admin.ts), and every change in the
 * action log, written in the change's transaction.
 */
export function registerAdminCategoryPages(app: FastifyInstance, web: Web) {
  const { services } = web;
  const tree = services.categoryTree;

  async function render(request: FastifyRequest, reply: FastifyReply, p: PageState = {}) {
    const s = request.siteSession!;
    const [doc, live] = await Promise.all([tree.export(), services.categories.tree({ page: 1, per_page: 10_000, include_empty: true })]);
    const counts = liveCounts(live.items);
    const depth = depths(doc);
    const csrf = html`<input type="hidden" name="csrf" value="${s.csrf}">`;
    const label = (c: TreeCategory) => `${'— '.repeat(depth.get(c.slug) ?? 0)}${c.name} (${c.slug})`;
    /** A select of every category, after the given first options. */
    const select = (id: string, name: string, value: string, first: readonly (readonly [string, string])[], error: string | undefined, hint = false) =>
      html`<select id="${id}" name="${name}"${described(id, hint, error)}>
${first.map(([v, text]) => html`<option value="${v}"${value === v ? html` selected` : ''}>${text}</option>`)}
${doc.categories.map((c) => html`<option value="${c.slug}"${value === c.slug ? html` selected` : ''}>${label(c)}</option>`)}
</select>`;

    const add = p.add ?? { values: { slug: '', name: '', description: '', parent: '', keywords: '' }, errors: {} };
    const text = (name: AddField, hint?: string) => {
      const id = `add-${name}`;
      const error = add.errors[name];
      return html`<label for="${id}">${ADD_LABELS[name]}</label>
<input type="text" id="${id}" name="${name}" value="${add.values[name]}"${described(id, Boolean(hint), error)}>
${hint ? html`<p class="hint" id="${id}-hint">${hint}</p>` : ''}${fieldError(id, error)}`;
    };
    const move = p.move ?? { values: { category: '', parent: '' }, errors: {} };
    const retire = p.retire ?? { values: { category: '', into: '' }, errors: {} };
    const imp = p.import ?? { yaml: '' };
    const top = doc.categories.filter((c) => !c.parent).length;

    const children = new Map<string | null, TreeCategory[]>();
    for (const c of doc.categories) children.set(c.parent, [...(children.get(c.parent) ?? []), c]);
    const branch = (parent: string | null): Html | string => {
      const list = children.get(parent) ?? [];
      if (!list.length) return '';
      return html`<ul${parent === null ? html` class="category-tree"` : ''}>${list.map(
        (c) => html`<li><strong>${c.name}</strong> <code>${c.slug}</code>${counts.has(c.slug) ? html` <span class="muted">· ${plural(counts.get(c.slug)!, 'live listing')}</span>` : ''}
${c.description ? html`<br>${c.description}` : ''}${c.keywords.length ? html`<br><span class="muted">Keywords: ${c.keywords.join(', ')}</span>` : ''}
${branch(c.slug)}</li>`,
      )}</ul>`;
    };

    return web.page(request, reply, {
      title: 'Categories',
      status: p.status,
      notice: NOTICES[String((request.query as Record<string, unknown> | undefined)?.notice ?? '')],
      body: html`${adminNav(PATH)}<h1>Categories</h1>
<p>The tree listings are filed under: ${plural(doc.categories.length, 'category', 'categories')}, ${top} at the top level. The same rules as the CLI (<code>npm run cli -- categories:*</code>): listings never lose their category, a move takes its listings and subcategories along, and a retired category hands them to the category above it (or to the one you choose). Every change is in the <a href="/admin/log">action log</a>.</p>
<p><a href="${PATH}.yaml">Download as YAML</a>: the file <code>categories:export</code> writes. Edit it (rename with <code>renamed_from</code>, reorder, add keywords, attributes and FAQs) and import it below. On this page: <a href="#add">add</a>, <a href="#move">move</a>, <a href="#retire">retire</a>, <a href="#import">import</a>, <a href="#tree">the tree</a>.</p>
${errorSummary(p.summary)}
<h2 id="add">Add a category</h2>
<form method="post" action="${PATH}" novalidate aria-labelledby="add">
${csrf}
${text('slug', SLUG_RULE)}
${text('name', 'Different from every other category\'s name: drafts choose categories by name.')}
${text('description', 'One line, at most 500 characters.')}
<label for="add-parent">Parent</label>
${select('add-parent', 'parent', add.values.parent, [['', 'None: a top-level category']], add.errors.parent)}
${fieldError('add-parent', add.errors.parent)}
${text('keywords', 'Other words for it, in any language, separated by commas: drafts match them on a site\'s pages.')}
<button type="submit">Add the category</button>
</form>
<h2 id="move">Move a category</h2>
<form method="post" action="${PATH}/move" novalidate aria-labelledby="move">
${csrf}
<label for="move-category">Category</label>
${select('move-category', 'category', move.values.category, [['', 'Choose a category']], move.errors.category)}
${fieldError('move-category', move.errors.category)}
<label for="move-parent">New parent</label>
${select('move-parent', 'parent', move.values.parent, [['', 'None: the top level']], move.errors.parent, true)}
<p class="hint" id="move-parent-hint">Its subcategories move with it; its listings stay in it.</p>
${fieldError('move-parent', move.errors.parent)}
<button type="submit">Move the category</button>
</form>
<h2 id="retire">Retire a category</h2>
<form method="post" action="${PATH}/retire" novalidate aria-labelledby="retire">
${csrf}
<label for="retire-category">Category</label>
${select('retire-category', 'category', retire.values.category, [['', 'Choose a category']], retire.errors.category)}
${fieldError('retire-category', retire.errors.category)}
<label for="retire-into">Hand its listings to</label>
${select('retire-into', 'into', retire.values.into, [['', 'Its parent']], retire.errors.into, true)}
<p class="hint" id="retire-into-hint">Its listings, subcategories and the attributes the other category lacks go there. A top-level category with listings or subcategories needs one chosen.</p>
${fieldError('retire-into', retire.errors.into)}
<button type="submit">Retire the category</button>
</form>
<h2 id="import">Import a tree</h2>
<form method="post" action="${PATH}/import" novalidate aria-labelledby="import">
${csrf}
<label for="import-yaml">The tree file (YAML)</label>
<textarea id="import-yaml" name="yaml" rows="16"${described('import-yaml', true, imp.error)}>
${imp.yaml}</textarea>
<p class="hint" id="import-yaml-hint">Paste the whole tree, e.g. the downloaded file after your edits: a category left out is removed and its listings go to the category above it. Preview shows what would change and writes nothing; Apply writes it all in one go, or nothing if the file has a problem.</p>
${imp.error ? html`<pre class="field-error" id="import-yaml-error">${imp.error}</pre>` : ''}
<button type="submit" name="act" value="preview">Preview changes</button>
<button type="submit" name="act" value="apply" class="secondary">Apply</button>
</form>
${imp.changes
  ? html`<h3 id="preview">What the file changes</h3>
${imp.changes.length
    ? html`<p>${plural(imp.changes.length, 'change')}; nothing is written until you apply.</p>
<ul class="changes">${imp.changes.map((line) => html`<li><code>${line}</code></li>`)}</ul>`
    : html`<p>No changes: the tree is as the file says.</p>`}`
  : ''}
<h2 id="tree">The tree</h2>
<p class="hint">Live listings count those of the subcategories too.</p>
${branch(null)}`,
    });
  }

  app.get(PATH, SITE_ROUTE, async (request, reply) => {
    if (!adminPageSession(web, request, reply)) return reply;
    return render(request, reply);
  });

  app.get(`${PATH}.yaml`, SITE_ROUTE, async (request, reply) => {
    if (!adminPageSession(web, request, reply)) return reply;
    const yaml = treeToYaml(await tree.export());
    return reply
      .type('text/yaml; charset=utf-8')
      .header('content-disposition', 'attachment; filename="categories.yaml"')
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .send(yaml);
  });

  app.post(PATH, SITE_ROUTE, async (request, reply) => {
    const s = adminFormSession(web, request);
    const values = Object.fromEntries(ADD_FIELDS.map((k) => [k, field(request, k)])) as Record<AddField, string>;
    const refuse = (errors: Errors<AddField>) =>
      render(request, reply, { status: 400, summary: 'The category was not added: please correct the fields marked below.', add: { values, errors } });
    const parsed = NewCategory.safeParse({
      slug: values.slug.trim(),
      name: values.name,
      description: values.description,
      parent: values.parent || null,
      keywords: values.keywords.split(',').map((k) => k.trim()).filter(Boolean),
    });
    if (!parsed.success) {
      const errors: Errors<AddField> = {};
      for (const issue of parsed.error.issues) {
        const f = issue.path[0] as AddField;
        errors[f] ??= f === 'slug' ? SLUG_RULE : `${f === 'keywords' && issue.path.length > 1 ? 'Each keyword' : ADD_LABELS[f]} ${issue.message}.`;
      }
      return refuse(errors);
    }
    try {
      await tree.add(parsed.data, { adminId: s.userId });
    } catch (err) {
      const refusal = fieldOf(err);
      if (!refusal) throw err;
      const f = (ADD_FIELDS as readonly string[]).includes(refusal.field ?? '') ? (refusal.field as AddField) : 'slug';
      return refuse({ [f]: refusal.message });
    }
    return reply.redirect(`${PATH}?notice=category-added`, 303);
  });

  app.post(`${PATH}/move`, SITE_ROUTE, async (request, reply) => {
    const s = adminFormSession(web, request);
    const values = { category: field(request, 'category'), parent: field(request, 'parent') };
    const refuse = (errors: Errors<'category' | 'parent'>) =>
      render(request, reply, { status: 400, summary: 'The category was not moved: please correct the fields marked below.', move: { values, errors } });
    if (!values.category) return refuse({ category: 'Choose the category to move.' });
    let changed: boolean;
    try {
      ({ changed } = await tree.move(values.category, values.parent || null, { adminId: s.userId }));
    } catch (err) {
      const refusal = fieldOf(err);
      if (!refusal) throw err;
      return refuse(refusal.field === 'parent' ? { parent: refusal.message } : { category: refusal.message });
    }
    return reply.redirect(`${PATH}?notice=${changed ? 'category-moved' : 'category-not-moved'}`, 303);
  });

  app.post(`${PATH}/retire`, SITE_ROUTE, async (request, reply) => {
    const s = adminFormSession(web, request);
    const values = { category: field(request, 'category'), into: field(request, 'into') };
    const refuse = (errors: Errors<'category' | 'into'>) =>
      render(request, reply, { status: 400, summary: 'The category was not retired: please correct the fields marked below.', retire: { values, errors } });
    if (!values.category) return refuse({ category: 'Choose the category to retire.' });
    try {
      await tree.retire(values.category, values.into || undefined, { adminId: s.userId });
    } catch (err) {
      const refusal = fieldOf(err);
      if (!refusal) throw err;
      // The domain speaks the CLI's language for the one choice this form names otherwise.
      const message = refusal.message.replace('with --into SLUG', 'under "Hand its listings to"');
      return refuse(refusal.field === 'into' ? { into: message } : { category: message });
    }
    return reply.redirect(`${PATH}?notice=category-retired`, 303);
  });

  app.post(`${PATH}/import`, { ...SITE_ROUTE, bodyLimit: IMPORT_BODY_LIMIT }, async (request, reply) => {
    const s = adminFormSession(web, request);
    const yaml = field(request, 'yaml');
    const apply = field(request, 'act') === 'apply';
    const refuse = (error: string) =>
      render(request, reply, { status: 400, summary: `The file was not ${apply ? 'imported' : 'previewed'}: see the message below the file.`, import: { yaml, error } });
    if (!yaml.trim()) return refuse('Paste a tree file (YAML), e.g. the one "Download as YAML" gives.');
    let result: { changes: string[]; applied: boolean };
    try {
      result = await tree.import(treeFromYaml(yaml), { apply, by: { adminId: s.userId } });
    } catch (err) {
      if (err instanceof CategoryTreeFileError) return refuse(err.message);
      const refusal = fieldOf(err);
      if (!refusal) throw err;
      return refuse(refusal.message);
    }
    if (!apply) return render(request, reply, { import: { yaml, changes: result.changes } });
    return reply.redirect(`${PATH}?notice=${result.applied ? 'tree-imported' : 'tree-unchanged'}`, 303);
  });
}
