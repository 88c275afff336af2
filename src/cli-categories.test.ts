import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { freshDatabaseUrl } from './testing/database.ts';
import { inheritedV8Flags } from './testing/v8-flags.ts';
import { CategoryTreeFileError, treeFromYaml, treeToYaml } from './contract/category-tree-yaml.ts';

// The operator's category tools from the command line (npm run cli -- categories:*), on two
// directories: "here" is edited with the CLI, "there" takes its tree by export | import.
// A fresh PostgreSQL database each with TEST_DATABASE_URL, else an embedded one in a data directory.
const dir = mkdtempSync(path.join(os.tmpdir(), 'launchyard-cli-categories-'));
async function directory(name: string) {
  const fresh = await freshDatabaseUrl({ dataDir: path.join(dir, name) });
  after(() => fresh.drop());
  const env = { ...process.env, DATABASE_URL: fresh.databaseUrl ?? '', REDIS_URL: '', DATA_DIR: path.join(dir, name), LOG_LEVEL: 'silent' };
  return (args: string[], input?: string) => spawnSync(process.execPath, [...inheritedV8Flags(), path.join(import.meta.dirname, 'cli.ts'), ...args], { env, encoding: 'utf8', input });
}
const here = await directory('here');
const there = await directory('there');
const ok = (r: ReturnType<typeof here>) => {
  assert.equal(r.status, 0, r.stderr);
  return r.stdout;
};
const slugsOf = (yaml: string) => (parse(yaml).categories as { slug: string }[]).map((c) => c.slug);

test('categories:export prints the whole default tree as YAML; importing it back changes nothing', () => {
  const yaml = ok(here(['categories:export']));
  assert.match(yaml, /^# The category tree\. Change it, then: npm run cli -- categories:import FILE/);
  const doc = parse(yaml);
  assert.equal(doc.categories.length, 143);
  // Version 3 (migration 0041) appends its words after the category's own: the first nine are version 1's.
  assert.deepEqual({ ...doc.categories[0], keywords: doc.categories[0].keywords.slice(0, 9) }, {
    slug: 'software',
    name: 'Software',
    description: 'Applications for desktop, web and server that fit no narrower category.',
    keywords: ['software', 'application', 'app', 'Anwendung', 'logiciel', 'aplicación', 'программа', 'программное обеспечение', 'ソフトウェア'],
    attributes: [
      { key: 'platforms', label: 'Platforms', kind: 'list' },
      { key: 'free_tier', label: 'Free tier', kind: 'boolean' },
      { key: 'open_source', label: 'Open source', kind: 'boolean' },
    ],
  });
  assert.equal(doc.categories[1].parent, 'software', 'subcategories follow their parent');
  assert.match(yaml, /\n {4}keywords: \[software, application, app, Anwendung, /, 'a short list on one line');
  assert.equal(ok(here(['categories:import', '-'], yaml)).trim(), 'no changes: the tree is as the file says');
});

test('add, move and retire here; export | import --apply there round-trips to an identical tree', () => {
  assert.equal(
    ok(here(['categories:add', '--slug', 'ai-music', '--name', 'AI music', '--parent', 'ai', '--description', 'Songs and stems made by models.', '--keywords', 'ai music, KI-Musik, ИИ-музыка, AI作曲'])).trim(),
    'added ai-music under ai',
  );
  assert.equal(ok(here(['categories:move', 'spreadsheets', '--parent', 'productivity'])).trim(), 'moved spreadsheets to productivity');
  assert.equal(ok(here(['categories:move', 'crypto', '--top'])).trim(), 'moved crypto to the top level');
  assert.equal(ok(here(['categories:retire', 'sleep'])).trim(), 'retired sleep');
  const edited = ok(here(['categories:export']));
  const doc = parse(edited);
  assert.deepEqual(doc.categories.find((c: any) => c.slug === 'ai-music'), {
    slug: 'ai-music',
    name: 'AI music',
    parent: 'ai',
    description: 'Songs and stems made by models.',
    keywords: ['ai music', 'KI-Musik', 'ИИ-музыка', 'AI作曲'],
  });
  assert.equal(doc.categories.find((c: any) => c.slug === 'spreadsheets').parent, 'productivity');
  assert.equal(doc.categories.find((c: any) => c.slug === 'crypto').parent, undefined);
  assert.ok(!slugsOf(edited).includes('sleep'));

  const dry = ok(there(['categories:import', '-'], edited)).trim().split('\n');
  assert.deepEqual(dry, [
    '+ add "ai-music" (AI music) under "ai"',
    '> move "spreadsheets" from "data" to "productivity" (0 listings move with it)',
    '> move "crypto" from "finance" to the top level (0 listings move with it)',
    '- remove "sleep"',
    'dry run: 4 changes, nothing written (run again with --apply to write them)',
  ]);
  assert.match(ok(there(['categories:import', '-', '--apply'], edited)), /\napplied 4 changes\n$/);
  assert.equal(ok(there(['categories:export'])), edited, 'there is now exactly the tree here');
});

test('import: a file with an unknown parent, a duplicate slug and a cycle says so, entry by entry, exits 1 and writes nothing', () => {
  const before = ok(here(['categories:export']));
  const file = path.join(dir, 'broken.yaml');
  writeFileSync(
    file,
    [
      'categories:',
      '  - { slug: tools, name: Tools, description: Every tool. }',
      '  - { slug: hammers, name: Hammers, parent: nails, description: For nails. }',
      '  - { slug: tools, name: Tools again }',
      '  - { slug: loop-a, name: Loop A, parent: loop-b }',
      '  - { slug: loop-b, name: Loop B, parent: loop-a }',
    ].join('\n'),
  );
  const run = here(['categories:import', file, '--apply']);
  assert.equal(run.status, 1);
  assert.equal(
    run.stderr.trim(),
    [
      'The file has 3 problems; nothing was written:',
      '  duplicate slug "tools": entries 1, 3',
      '  entry 2 (hammers): unknown parent "nails" (no entry of the file has that slug)',
      '  cycle: "loop-a" → "loop-b" → "loop-a" (a category cannot be below itself)',
    ].join('\n'),
  );
  assert.equal(ok(here(['categories:export'])), before, 'nothing written');
});

test('import: YAML mistakes and bad fields are one clear message (read in-process here); from the command line, exit 1 and nothing written', () => {
  const cases: [string, RegExp][] = [
    ['categories:\n  - slug: a\n   name: x\n', /^The file is not valid YAML: .*at line 3, column 1/],
    [
      'categories:\n  - { slug: Bad_Slug, name: X }\n  - { slug: ok, name: Y, parnet: x, attributes: [{ key: k, label: K, kind: colour }] }\n',
      /^The file has 3 problems; nothing was written:\n {2}entry 1 \(Bad_Slug\): slug must match \^\[a-z0-9\]\[a-z0-9-\]\{0,219\}\$\n {2}entry 2 \(ok\): attributes\.0\.kind must be text, boolean, number or list\n {2}entry 2 \(ok\): parnet is not a field of a category \(misspelt\?\)$/,
    ],
    ['just: text\n', /^The file has 2 problems; nothing was written:\n {2}categories: .*\n {2}just: unknown key$/],
    ['', /^The file has 1 problem; nothing was written:\n {2}\(input\): /],
  ];
  for (const [text, message] of cases) {
    assert.throws(() => treeFromYaml(text), (e: Error) => e instanceof CategoryTreeFileError && message.test(e.message), JSON.stringify(text));
  }
  const doc = { categories: [{ slug: 'a', name: 'A: colon', description: '', parent: null, keywords: ['x, y', 'ä'], attributes: [], faqs: [{ question: 'Q?', answer: 'A.' }] }] };
  assert.deepEqual(treeFromYaml(treeToYaml(doc)), doc, 'what export writes, import reads back');

  const before = ok(here(['categories:export']));
  const run = here(['categories:import', '-', '--apply'], cases[0][0]);
  assert.equal(run.status, 1);
  assert.match(run.stderr.trim(), cases[0][1]);
  const missing = here(['categories:import', path.join(dir, 'nothing-here.yaml')]);
  assert.equal(missing.status, 1);
  assert.match(missing.stderr, /^cannot read .*nothing-here\.yaml: ENOENT/);
  assert.equal(ok(here(['categories:export'])), before);
});

test('add, move and retire: mistakes are one line and exit 1', () => {
  // The domain's own refusals are tested in domain/categories/tree-admin.test.ts; these show how the CLI reports them.
  const cases: [string[], RegExp][] = [
    [['categories:add', '--slug', 'x-1', '--name', 'AI MUSIC'], /^The category "ai-music" is called "AI music" already \(drafts choose categories by name, so names must differ\)\.$/],
    [['categories:add', '--slug', 'Bad Slug', '--name', 'X'], /^categories:add: --slug must match/],
    [['categories:move', 'ai', '--parent', 'ai-music'], /^"ai" cannot move under "ai-music": that is below it, which would make a cycle\.$/],
    [['categories:retire', 'ai'], /^"ai" is a top-level category with 0 listings and 9 subcategories: say which category takes them with --into SLUG\.$/],
    [['categories:move', 'ai'], /^categories:move needs the category slug and either --parent SLUG or --top$/],
  ];
  for (const [args, message] of cases) {
    const run = here(args);
    assert.equal(run.status, 1, args.join(' '));
    assert.match(run.stderr.trim(), message, args.join(' '));
  }
});
