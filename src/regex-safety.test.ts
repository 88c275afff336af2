import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inventoryOfSource, repositoryPath, serviceModules } from './testing/regex-inventory.ts';
import { collect, distinct, ENTRY_POINTS, keptVerdicts, problems, verdictKey } from './testing/regex-check.ts';

// Crawled pages, request input, headers and the environment all reach regular expressions, and
// one super-linear pattern froze the whole service (issue 17: a founder-name pattern took minutes
// on one line of a product grid). So every pattern the service's source defines is checked with
// recheck, and the check fails with the pattern, where it is written and recheck's attack string.
//
// recheck's analysis costs about 100 s of CPU for the service's 366 patterns, most of it a few
// long alternations: the patterns found safe are kept by key (src/regex-safety.verdicts.json, written
// by `npm run regex:verdicts` after a full check), so a run checks the new and changed ones, and
// again a sample of the kept ones that moves every day (docs/decisions.md#regex-verdicts).

/** Kept verdicts checked again on each run, a different slice each day. */
const RECHECKED_PER_RUN = 16;

const collected = await collect();
/** Each distinct pattern with its key, computed once. */
const keyed = distinct(collected.patterns).map((group) => ({ key: verdictKey(group[0]), group }));

test('the collector finds literals, constant constructor calls, and builds it cannot see ahead', () => {
  const { patterns, dynamic } = inventoryOfSource(
    [
      "const TRAILING = /\\/+$/u;",
      "const JOINED = new RegExp('a' + `b+`, 'g');",
      'const Slug = z.string().regex(/^[a-z]+$/);',
      'function hit(text: string, word: string): boolean {',
      '  return text.search("x+y") > 0 || new RegExp(word).test(text);',
      '}',
    ].join('\n'),
    'fixture.ts',
  );
  assert.deepEqual(
    patterns.map((p) => [p.line, p.source, p.flags]),
    [
      [1, '\\/+$', 'u'],
      [2, 'ab+', 'g'],
      [3, '^[a-z]+$', ''],
      [5, 'x+y', ''],
    ],
  );
  assert.deepEqual(
    dynamic.map((d) => [d.file, d.line, d.code]),
    [['fixture.ts', 5, 'new RegExp(word)']],
  );
});

test('the check can fail: the founder-name pattern of issue 17 is reported with an attack string', async () => {
  const old = "\\p{Lu}\\p{Ll}+(?:['’-]?\\p{Lu}?\\p{Ll}+)*(?:\\s+(?:(?:van|von|de|da|di|der|den|du|la|le|del|dos|ten|ter)\\s+)*\\p{Lu}\\p{Ll}+(?:['’-]?\\p{Lu}?\\p{Ll}+)*){1,3}";
  const { found, safe } = await problems([[{ file: 'src/extraction/builtin/founders.ts', line: 1, source: `^${old}$`, flags: 'u' }]]);
  assert.equal(found.length, 1);
  assert.deepEqual(safe, [], 'a vulnerable pattern is never kept as safe');
  assert.match(found[0], /^src\/extraction\/builtin\/founders\.ts:1: .* is exponential; attack /);
});

test('every pattern of src/ is collected: dynamic sources are built at import', () => {
  assert.deepEqual(collected.unaccounted, []);
  for (const entry of ENTRY_POINTS) assert.ok(serviceModules().some((path) => repositoryPath(path) === entry), `${entry} is still an entry point`);
  // A collector that silently found nothing would pass the check below.
  const files = new Set(collected.patterns.map((p) => p.file));
  assert.ok(collected.patterns.length > 150, `${collected.patterns.length} patterns`);
  for (const file of ['src/extraction/builtin/founders.ts', 'src/transports/web/return-to.ts', 'src/config.ts']) assert.ok(files.has(file), file);
  assert.ok(
    collected.patterns.some((p) => p.file === 'src/extraction/builtin/person-names.ts' && p.flags === 'uy'),
    'a pattern built from constants is recorded at import',
  );
});

test('no regular expression of src/ is super-linear (recheck): the new and changed ones, and a daily sample of the kept', { timeout: 600_000 }, async () => {
  const kept = keptVerdicts();
  const unchecked = keyed.filter((k) => !kept.has(k.key)).map((k) => k.group);
  const known = keyed.filter((k) => kept.has(k.key)).sort((a, b) => (a.key < b.key ? -1 : 1)).map((k) => k.group);
  const from = (Math.floor(Date.now() / 86_400_000) * RECHECKED_PER_RUN) % Math.max(1, known.length);
  const sample = [...known, ...known].slice(from, from + Math.min(RECHECKED_PER_RUN, known.length));
  const { found } = await problems([...unchecked, ...sample]);
  assert.deepEqual(found, [], `\n${found.join('\n')}`);
});

test('the kept verdicts name exactly the patterns of src/ (after changing one: npm run regex:verdicts)', () => {
  const current = new Set(keyed.map((k) => k.key));
  const kept = keptVerdicts();
  const missing = [...current].filter((k) => !kept.has(k)).length;
  const stale = [...kept].filter((k) => !current.has(k)).length;
  assert.deepEqual({ missing, stale }, { missing: 0, stale: 0 }, 'patterns were added, changed or removed since the verdicts were written: run npm run regex:verdicts');
});
