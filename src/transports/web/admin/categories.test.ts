import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import * as cheerio from 'cheerio';
import { parse } from 'yaml';
import { createTestApp } from '../../../testing/harness.ts';
import { treeToYaml } from '../../../contract/category-tree-yaml.ts';
import type { CategoryTreeDocument } from '../../../contract/category-tree.ts';

// The administrator's category tree on the site: /admin/categories shows the whole tree and adds,
// moves, retires and imports with the CLI's rules (domain/categories/tree-admin.ts); each change is
// in the action log, refused forms come back with the message beside the field, nothing written.
const t = await createTestApp();
const admin = await t.signIn({ admin: true, email: 'tree-admin@site.test' });
const person = await t.signIn();
const tree = t.app.services.categoryTree;

const PAGE = '/admin/categories';
const actions = async () =>
  (await sql<{ action: string; admin_id: string | null; subject_type: string; subject_id: string; summary: string; details: Record<string, unknown> }>`
    select action, admin_id, subject_type, subject_id, summary, details from admin_actions order by id`.execute(t.db)).rows;
const categoryCount = async () => (await sql<{ n: number }>`select count(*)::int as n from categories`.execute(t.db)).rows[0].n;
const entry = async (slug: string) => (await tree.export()).categories.find((c) => c.slug === slug);
const categoriesOf = async (listing: string) => ((await t.get(`/api/v1/listings/${listing}`)).body.categories as { slug: string }[]).map((c) => c.slug).sort();
const post = (url: string, form: Record<string, string>) => admin.browser.post(url, { csrf: admin.csrf, ...form });
/** A refused post: 400, the message beside the field (the input marked and pointing at it), nothing written. */
function refusedBeside(res: { status: number; body: string }, id: string, message: RegExp) {
  assert.equal(res.status, 400, res.body.slice(0, 300));
  const $ = cheerio.load(res.body);
  assert.match($(`#${id}-error`).text(), message);
  assert.equal($(`#${id}`).attr('aria-invalid'), 'true');
  assert.match($(`#${id}`).attr('aria-describedby') ?? '', new RegExp(`\\b${id}-error\\b`));
  assert.equal($('.alert[role=alert]').length, 1, 'the summary at the top');
  return $;
}
const withEntry = (doc: CategoryTreeDocument, extra: Partial<CategoryTreeDocument['categories'][number]> & { slug: string; name: string }) =>
  treeToYaml({ categories: [...doc.categories, { description: '', parent: null, keywords: [], attributes: [], faqs: [], ...extra }] });

test('only administrators: a person gets the area\'s refusal, a stranger is sent to sign in; posts change nothing', async () => {
  for (const url of [PAGE, `${PAGE}.yaml`]) {
    const refused = await person.browser.get(url);
    assert.equal(refused.status, 403, url);
    assert.match(refused.body, /This is for administrators/);
    const stranger = await t.siteBrowser().get(url);
    assert.deepEqual([stranger.status, stranger.location], [303, `/sign-in?return_to=${encodeURIComponent(url)}`]);
  }
  const before = await categoryCount();
  const posts: [string, Record<string, string>][] = [
    [PAGE, { slug: 'by-a-person', name: 'By a person' }],
    [`${PAGE}/move`, { category: 'web-hosting', parent: '' }],
    [`${PAGE}/retire`, { category: 'web-hosting' }],
    [`${PAGE}/import`, { yaml: 'categories: []', act: 'apply' }],
  ];
  for (const [url, form] of posts) {
    assert.equal((await person.browser.post(url, { csrf: person.csrf, ...form })).status, 403, url);
    assert.equal((await t.siteBrowser().post(url, form)).status, 401, url);
    assert.equal((await admin.browser.post(url, form)).status, 403, `${url} without the CSRF token`);
  }
  assert.equal(await categoryCount(), before);
  assert.equal((await entry('web-hosting'))?.parent, 'hosting');
  assert.deepEqual(await actions(), []);
});

test('the page shows the whole tree: subcategories inside their parent, slug, description, keywords, live listings; the forms carry the token', async () => {
  await t.fx.listing({ slug: 'tree-host', category: 'web-hosting' });
  const page = await admin.browser.get(PAGE);
  assert.equal(page.status, 200);
  const $ = cheerio.load(page.body);
  assert.equal($('nav.admin-nav a[aria-current=page]').text(), 'Categories');
  assert.equal($('h1').text(), 'Categories');
  const hosting = $('ul.category-tree > li').filter((_, li) => $(li).children('code').text() === 'hosting');
  assert.equal(hosting.length, 1, 'Hosting & cloud is a top-level category');
  const web = hosting.find('> ul > li').filter((_, li) => $(li).children('code').text() === 'web-hosting');
  assert.equal(web.children('strong').text(), 'Web hosting', 'Web hosting sits inside it');
  assert.match(web.text(), /1 live listing\b/);
  assert.match(web.text(), /Shared and managed hosting for websites/);
  assert.match(web.text(), /Keywords: .*web hosting/);
  assert.match(hosting.children('span.muted').first().text(), /1 live listing/, 'a parent counts its subcategories\' listings');
  assert.equal($('ul.category-tree li').length, (await tree.export()).categories.length, 'every category');
  assert.equal($(`a[href="${PAGE}.yaml"]`).text(), 'Download as YAML');
  for (const action of [PAGE, `${PAGE}/move`, `${PAGE}/retire`, `${PAGE}/import`]) {
    const form = $(`form[method=post][action="${action}"]`);
    assert.equal(form.length, 1, action);
    assert.equal(form.find('input[name=csrf]').attr('value'), admin.csrf, action);
  }
  assert.equal($('#add-parent option[value=""]').text(), 'None: a top-level category');
  assert.match($('#add-parent option[value="web-hosting"]').text(), /^— Web hosting \(web-hosting\)$/);
  for (const id of ['add-slug', 'add-name', 'add-description', 'add-parent', 'add-keywords', 'move-category', 'move-parent', 'retire-category', 'retire-into', 'import-yaml']) {
    assert.equal($(`label[for="${id}"]`).length, 1, `${id} has its label`);
  }
});

test('Download as YAML is the categories:export file, as an attachment; imported back it changes nothing', async () => {
  const res = await admin.browser.get(`${PAGE}.yaml`);
  assert.equal(res.status, 200);
  assert.match(String(res.headers['content-type']), /^text\/yaml; charset=utf-8/);
  assert.equal(res.headers['content-disposition'], 'attachment; filename="categories.yaml"');
  assert.equal(res.body, treeToYaml(await tree.export()));
  assert.match(res.body, /^# The category tree\./);
  assert.ok(new URLSearchParams({ yaml: res.body }).toString().length > 65_536, 'larger than the site\'s other forms may be');

  const preview = await post(`${PAGE}/import`, { yaml: res.body, act: 'preview' });
  assert.equal(preview.status, 200, preview.body.slice(0, 300));
  const $ = cheerio.load(preview.body);
  assert.equal($('#preview').next('p').text(), 'No changes: the tree is as the file says.');
  assert.equal($('#import-yaml').text(), res.body, 'the pasted file is kept');
  const applied = await post(`${PAGE}/import`, { yaml: res.body, act: 'apply' });
  assert.deepEqual([applied.status, applied.location], [303, `${PAGE}?notice=tree-unchanged`]);
  assert.equal((await admin.browser.get(applied.location!)).body.includes('The file is the tree as it is: nothing changed.'), true);
  assert.deepEqual(await actions(), [], 'nothing changed, nothing logged');
});

test('add: the new category appears under its parent, and the action log has it', async () => {
  const res = await post(PAGE, { slug: 'ai-music', name: 'AI music', description: 'Songs and stems made by models.', parent: 'ai', keywords: 'ai music, KI-Musik , ,AI作曲' });
  assert.deepEqual([res.status, res.location], [303, `${PAGE}?notice=category-added`]);
  const page = cheerio.load((await admin.browser.get(res.location!)).body);
  assert.match(page('.notice').text(), /The category is added/);
  const ai = page('ul.category-tree > li').filter((_, li) => page(li).children('code').text() === 'ai');
  assert.equal(ai.find('> ul > li > code').filter((_, c) => page(c).text() === 'ai-music').length, 1);
  assert.deepEqual(await entry('ai-music'), {
    slug: 'ai-music',
    name: 'AI music',
    description: 'Songs and stems made by models.',
    parent: 'ai',
    keywords: ['ai music', 'KI-Musik', 'AI作曲'],
    attributes: [],
    faqs: [],
  });
  const top = await post(PAGE, { slug: 'top-thing', name: 'Top thing', parent: '' });
  assert.equal(top.status, 303);
  assert.equal((await entry('top-thing'))?.parent, null);
  const logged = (await actions()).filter((a) => a.action === 'category_added');
  assert.deepEqual(logged.map((a) => [a.subject_type, a.subject_id, a.admin_id, a.summary]), [
    ['category', 'ai-music', admin.userId, 'Added the category "ai-music" (AI music) under "ai"'],
    ['category', 'top-thing', admin.userId, 'Added the category "top-thing" (Top thing) at the top level'],
  ]);
  const log = cheerio.load((await admin.browser.get('/admin/log')).body);
  assert.match(log('main').text(), /Added the category "ai-music" \(AI music\) under "ai"/);
  assert.equal(log('table a[href="/admin/categories"]').first().text(), 'category top-thing');
});

test('add refused: a taken slug or name, an unknown parent, a bad slug → 400 beside the field, values kept, nothing written', async () => {
  const before = [await categoryCount(), (await actions()).length];
  const cases: [Record<string, string>, string, RegExp][] = [
    [{ slug: 'web-hosting', name: 'Another hosting' }, 'add-slug', /A category with the slug "web-hosting" exists already/],
    [{ slug: 'hosting-again', name: 'web hosting' }, 'add-name', /The category "web-hosting" is called "Web hosting" already/],
    [{ slug: 'orphan', name: 'Orphan', parent: 'no-such-parent' }, 'add-parent', /No parent category has the slug "no-such-parent"/],
    [{ slug: 'Bad Slug', name: 'Bad' }, 'add-slug', /Lowercase letters, digits and hyphens/],
    [{ slug: 'nameless', name: '  ' }, 'add-name', /Name is required/],
    [{ slug: 'wordy', name: 'Wordy', keywords: `ok, ${'x'.repeat(101)}` }, 'add-keywords', /Each keyword must be at most 100 characters/],
  ];
  for (const [form, id, message] of cases) {
    const $ = refusedBeside(await post(PAGE, { description: 'Kept text', ...form }), id, message);
    assert.equal($('#add-slug').attr('value'), form.slug, 'the slug is kept');
    assert.equal($('#add-description').attr('value'), 'Kept text', 'the description is kept');
    assert.match($('.alert').text(), /The category was not added/);
  }
  const both = cheerio.load((await post(PAGE, { slug: 'Bad Slug', name: '' })).body);
  assert.equal(both('#add-slug').attr('aria-invalid'), 'true');
  assert.equal(both('#add-name').attr('aria-invalid'), 'true');
  assert.deepEqual([await categoryCount(), (await actions()).length], before);
});

test('move: the category goes under the new parent with its listings, logged; the same place changes nothing', async () => {
  await t.fx.category({ slug: 'mv-branch', name: 'Move branch', parent: 'software' });
  await t.fx.category({ slug: 'mv-leaf', name: 'Move leaf', parent: 'mv-branch' });
  await t.fx.listing({ slug: 'mv-listing', category: 'mv-branch' });
  const res = await post(`${PAGE}/move`, { category: 'mv-branch', parent: 'hosting' });
  assert.deepEqual([res.status, res.location], [303, `${PAGE}?notice=category-moved`]);
  assert.equal((await entry('mv-branch'))?.parent, 'hosting');
  assert.equal((await entry('mv-leaf'))?.parent, 'mv-branch', 'its subcategory moved with it');
  assert.deepEqual(await categoriesOf('mv-listing'), ['mv-branch'], 'the listing stays in it');
  const moved = (await actions()).filter((a) => a.action === 'category_moved');
  assert.deepEqual(moved.map((a) => [a.subject_id, a.admin_id, a.summary]), [
    ['mv-branch', admin.userId, 'Moved the category "mv-branch" from "software" to "hosting" (1 listing stays in it)'],
  ]);
  assert.deepEqual(moved[0].details, { from: 'software', to: 'hosting', listings: 1 });

  const same = await post(`${PAGE}/move`, { category: 'mv-branch', parent: 'hosting' });
  assert.deepEqual([same.status, same.location], [303, `${PAGE}?notice=category-not-moved`]);
  const top = await post(`${PAGE}/move`, { category: 'mv-branch', parent: '' });
  assert.equal(top.status, 303);
  assert.equal((await entry('mv-branch'))?.parent, null);
  assert.equal((await actions()).filter((a) => a.action === 'category_moved').length, 2, 'only real moves are logged');
});

test('move refused: a cycle, an unknown parent or category, none chosen → 400 beside the field, nothing moved', async () => {
  const before = [(await entry('mv-branch'))?.parent, (await actions()).length];
  refusedBeside(await post(`${PAGE}/move`, { category: 'mv-branch', parent: 'mv-leaf' }), 'move-parent', /cannot move under "mv-leaf": that is below it, which would make a cycle/);
  refusedBeside(await post(`${PAGE}/move`, { category: 'mv-branch', parent: 'mv-branch' }), 'move-parent', /that is itself/);
  const $ = refusedBeside(await post(`${PAGE}/move`, { category: 'mv-branch', parent: 'nowhere' }), 'move-parent', /No parent category has the slug "nowhere"/);
  assert.equal($('#move-category option[selected]').attr('value'), 'mv-branch', 'the choice is kept');
  refusedBeside(await post(`${PAGE}/move`, { category: 'no-such', parent: 'hosting' }), 'move-category', /No category has the slug "no-such"/);
  refusedBeside(await post(`${PAGE}/move`, { category: '', parent: 'hosting' }), 'move-category', /Choose the category to move/);
  assert.deepEqual([(await entry('mv-branch'))?.parent, (await actions()).length], before);
});

test('retire: its listings go to the parent (or the category chosen), its subcategories too; logged', async () => {
  await t.fx.category({ slug: 'rt-leaf', name: 'Retire leaf', parent: 'hosting' });
  await t.fx.category({ slug: 'rt-sub', name: 'Retire sub', parent: 'rt-leaf' });
  await t.fx.listing({ slug: 'rt-one', category: 'rt-leaf' });
  await t.fx.listing({ slug: 'rt-two', category: 'rt-leaf', extraCategories: ['hosting'] });
  const res = await post(`${PAGE}/retire`, { category: 'rt-leaf', into: '' });
  assert.deepEqual([res.status, res.location], [303, `${PAGE}?notice=category-retired`]);
  assert.equal(await entry('rt-leaf'), undefined);
  assert.equal((await entry('rt-sub'))?.parent, 'hosting');
  assert.deepEqual(await categoriesOf('rt-one'), ['hosting']);
  assert.deepEqual(await categoriesOf('rt-two'), ['hosting'], 'one row for a listing in both');

  await t.fx.category({ slug: 'rt-elsewhere', name: 'Retire elsewhere', parent: 'software' });
  await t.fx.listing({ slug: 'rt-three', category: 'rt-elsewhere' });
  assert.equal((await post(`${PAGE}/retire`, { category: 'rt-elsewhere', into: 'web-hosting' })).status, 303);
  assert.deepEqual(await categoriesOf('rt-three'), ['web-hosting']);

  const retired = (await actions()).filter((a) => a.action === 'category_retired');
  assert.deepEqual(retired.map((a) => [a.subject_id, a.admin_id, a.summary]), [
    ['rt-leaf', admin.userId, 'Retired the category "rt-leaf" (Retire leaf); 2 listings and 1 subcategory now in "hosting"'],
    ['rt-elsewhere', admin.userId, 'Retired the category "rt-elsewhere" (Retire elsewhere); 1 listing and 0 subcategories now in "web-hosting"'],
  ]);
  assert.deepEqual(retired[0].details, { heir: 'hosting', listings: 2, subcategories: 1 });
});

test('retire refused: a top-level category with listings needs a taker, not its own subcategory; unknown ones → 400 beside the field', async () => {
  await t.fx.category({ slug: 'rt-top', name: 'Retire top' });
  await t.fx.category({ slug: 'rt-top-sub', name: 'Retire top sub', parent: 'rt-top' });
  await t.fx.listing({ slug: 'rt-top-listing', category: 'rt-top' });
  const before = (await actions()).length;
  refusedBeside(await post(`${PAGE}/retire`, { category: 'rt-top', into: '' }), 'retire-into', /top-level category with 1 listing and 1 subcategory: say which category takes them under "Hand its listings to"/);
  refusedBeside(await post(`${PAGE}/retire`, { category: 'rt-top', into: 'rt-top-sub' }), 'retire-into', /cannot hand over to "rt-top-sub": it is below it/);
  refusedBeside(await post(`${PAGE}/retire`, { category: 'rt-top', into: 'nowhere' }), 'retire-into', /No category to take over has the slug "nowhere"/);
  refusedBeside(await post(`${PAGE}/retire`, { category: 'no-such' }), 'retire-category', /No category has the slug "no-such"/);
  refusedBeside(await post(`${PAGE}/retire`, { category: '' }), 'retire-category', /Choose the category to retire/);
  assert.equal((await entry('rt-top'))?.slug, 'rt-top');
  assert.deepEqual(await categoriesOf('rt-top-listing'), ['rt-top']);
  assert.equal((await actions()).length, before);
});

test('import: the preview lists the changes and writes nothing; Apply writes them, logged with the change lines', async () => {
  const doc = await tree.export();
  const edited = withEntry(
    { categories: doc.categories.map((c) => (c.slug === 'web-hosting' ? { ...c, description: 'Hosting for websites.' } : c)) },
    { slug: 'im-new', name: 'Imported new', parent: 'hosting', keywords: ['imported'] },
  );
  const before = [await tree.export(), (await actions()).length];
  const preview = await post(`${PAGE}/import`, { yaml: edited, act: 'preview' });
  assert.equal(preview.status, 200);
  const $ = cheerio.load(preview.body);
  const lines = $('ul.changes li').map((_, li) => $(li).text()).get();
  assert.equal(lines.length, 2, lines.join('\n'));
  assert.ok(lines.includes('+ add "im-new" (Imported new) under "hosting"'), lines.join('\n'));
  assert.ok(lines.some((l) => l.includes('web-hosting')), lines.join('\n'));
  assert.match($('#preview').next('p').text(), /^2 changes; nothing is written until you apply\.$/);
  assert.equal($('#import-yaml').text(), edited);
  assert.deepEqual([await tree.export(), (await actions()).length], before, 'a preview writes nothing');

  const applied = await post(`${PAGE}/import`, { yaml: edited, act: 'apply' });
  assert.deepEqual([applied.status, applied.location], [303, `${PAGE}?notice=tree-imported`]);
  assert.equal((await entry('im-new'))?.parent, 'hosting');
  assert.equal((await entry('web-hosting'))?.description, 'Hosting for websites.');
  assert.deepEqual(await categoriesOf('tree-host'), ['web-hosting'], 'listings keep their category');
  const imported = (await actions()).filter((a) => a.action === 'category_tree_imported');
  assert.deepEqual(imported.map((a) => [a.subject_type, a.subject_id, a.admin_id, a.summary]), [['category_tree', 'tree', admin.userId, 'Imported the category tree: 2 changes']]);
  assert.deepEqual(imported[0].details, { changes: lines });
  assert.equal(parse(treeToYaml(await tree.export())).categories.length, (before[0] as CategoryTreeDocument).categories.length + 1);
  assert.equal(cheerio.load((await admin.browser.get('/admin/log')).body)('table a[href="/admin/categories"]').first().text(), 'the category tree');
});

test('import refused: malformed YAML, wrong fields, a file with problems, nothing pasted → 400 beside the file, text kept, nothing written', async () => {
  const doc = await tree.export();
  const cases: [string, RegExp][] = [
    ['categories:\n  - slug: a\n   name: x\n', /^The file is not valid YAML: .*at line 3, column 1/],
    ['categories:\n  - { slug: ok, name: Y, parnet: x }\n', /entry 1 \(ok\): parnet is not a field of a category \(misspelt\?\)/],
    [withEntry(doc, { slug: 'orphan', name: 'Orphan', parent: 'nowhere' }), /The file has 1 problem; nothing was written:.*unknown parent "nowhere"/s],
    [withEntry(doc, { slug: 'web-hosting', name: 'Twice' }), /duplicate slug "web-hosting"/],
    ['   ', /Paste a tree file/],
  ];
  const before = [await tree.export(), (await actions()).length];
  for (const act of ['preview', 'apply']) {
    for (const [yaml, message] of cases) {
      const $ = refusedBeside(await post(`${PAGE}/import`, { yaml, act }), 'import-yaml', message);
      assert.equal($('#import-yaml').text(), yaml, 'the pasted text is kept');
      assert.equal($('#preview').length, 0);
    }
  }
  assert.deepEqual([await tree.export(), (await actions()).length], before);
});
