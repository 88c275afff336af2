import { test } from 'node:test';
import assert from 'node:assert/strict';
import { check, type Diagnostics } from 'recheck';
import { constructionsAtImport, inventoryOf, inventoryOfSource, repositoryPath, serviceModules, type PatternSite } from './testing/regex-inventory.ts';

// Crawled pages, request input, headers and the environment all reach regular expressions, and
// one super-linear pattern froze the whole service (issue 17: a founder-name pattern took minutes
// on one line of a product grid). So every pattern the service's source defines is checked with
// recheck, and the check fails with the pattern, where it is written and recheck's attack string.

/** Modules that start the service (or a CLI run) when imported: their patterns are read from the source only. */
const ENTRY_POINTS = ['src/main.ts', 'src/cli.ts'];

/**
 * Verdicts from step counts only. recheck's defaults also call a pattern vulnerable when an
 * attack runs over 1 s of wall time, which on a busy machine flags linear patterns at random.
 * `timeout` bounds the whole analysis of one pattern; running out of it is an `unknown`.
 */
const RECHECK = { timeout: 60_000, attackTimeout: null, incubationTimeout: null, seedingTimeout: null } as const;
const CONCURRENCY = 2;

interface Collected {
  patterns: PatternSite[];
  /** `new RegExp(…)` calls whose pattern is not a constant and that did not run at import. */
  unaccounted: string[];
}

async function collect(): Promise<Collected> {
  const modules = serviceModules();
  const patterns: PatternSite[] = [];
  const dynamic = modules.flatMap((path) => {
    const found = inventoryOf(path);
    patterns.push(...found.patterns);
    return found.dynamic;
  });
  const made = await constructionsAtImport(modules.filter((path) => !ENTRY_POINTS.includes(repositoryPath(path))));
  patterns.push(...made);
  const ran = new Set(made.map((c) => `${c.file}:${c.line}`));
  const unaccounted = dynamic
    .filter((d) => !ran.has(`${d.file}:${d.line}`))
    .map((d) => `${d.file}:${d.line}: ${d.code} (build the pattern once at module level from constants, or use no RegExp here)`);
  return { patterns, unaccounted };
}

/** One entry per distinct pattern, with every place it is written. */
function distinct(patterns: readonly PatternSite[]): PatternSite[][] {
  const by = new Map<string, PatternSite[]>();
  for (const p of patterns) {
    const key = `${p.flags}/${p.source}`;
    by.set(key, [...(by.get(key) ?? []), p]);
  }
  return [...by.values()];
}

/** What is wrong with each pattern recheck does not call safe, as one line per pattern. */
async function problems(patterns: readonly PatternSite[]): Promise<string[]> {
  const groups = distinct(patterns);
  const found: string[] = [];
  let next = 0;
  const work = async () => {
    for (let i = next++; i < groups.length; i = next++) {
      const [{ source, flags }] = groups[i];
      const where = groups[i].map((p) => `${p.file}:${p.line}`).join(', ');
      const verdict: Diagnostics = await check(source, flags, RECHECK);
      if (verdict.status === 'vulnerable') {
        found.push(
          `${where}: /${source}/${flags} is ${verdict.complexity.summary}; attack ${verdict.attack.pattern} = ${JSON.stringify(verdict.attack.string.slice(0, 200))}`,
        );
      } else if (verdict.status === 'unknown') {
        const why = 'message' in verdict.error ? `${verdict.error.kind}: ${verdict.error.message}` : verdict.error.kind;
        found.push(`${where}: /${source}/${flags} could not be checked (${why}); rewrite it so that it can be`);
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, work));
  return found;
}

const collected = await collect();

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
  const found = await problems([{ file: 'src/extraction/builtin/founders.ts', line: 1, source: `^${old}$`, flags: 'u' }]);
  assert.equal(found.length, 1);
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

test('no regular expression of src/ is super-linear (recheck)', { timeout: 600_000 }, async () => {
  const found = await problems(collected.patterns);
  assert.deepEqual(found, [], `\n${found.join('\n')}`);
});
