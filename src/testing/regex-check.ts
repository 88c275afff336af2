import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { check, type Diagnostics } from 'recheck';
import { constructionsAtImport, inventoryOf, repositoryPath, serviceModules, type PatternSite } from './regex-inventory.ts';

/**
 * The ReDoS check of every pattern the service's source defines (regex-safety.test.ts), and the
 * patterns already found safe, kept by their key so that a run checks only the new ones.
 */

/** Modules that start the service (or a CLI run) when imported: their patterns are read from the source only. */
export const ENTRY_POINTS = ['src/main.ts', 'src/cli.ts'];

/**
 * Verdicts from step counts only. recheck's defaults also call a pattern vulnerable when an
 * attack runs over 1 s of wall time, which on a busy machine flags linear patterns at random.
 * `timeout` bounds the whole analysis of one pattern; running out of it is an `unknown`.
 */
const RECHECK = { timeout: 60_000, attackTimeout: null, incubationTimeout: null, seedingTimeout: null } as const;
const CONCURRENCY = 2;
const RECHECK_VERSION: string = JSON.parse(readFileSync(new URL('../../node_modules/recheck/package.json', import.meta.url), 'utf8')).version;

/** Where the keys of the patterns found safe are kept (`npm run regex:verdicts` writes it). */
export const VERDICTS_FILE = new URL('../regex-safety.verdicts.json', import.meta.url);

export interface Collected {
  patterns: PatternSite[];
  /** `new RegExp(…)` calls whose pattern is not a constant and that did not run at import. */
  unaccounted: string[];
}

export async function collect(): Promise<Collected> {
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

/**
 * A pattern's key: what recheck's verdict depends on (the pattern, its flags, recheck's version and
 * the options above). Another version or other options make every key new, so all are checked again.
 */
export function verdictKey(p: Pick<PatternSite, 'source' | 'flags'>): string {
  return createHash('sha256').update(`${RECHECK_VERSION}\n${JSON.stringify(RECHECK)}\n${p.flags}/${p.source}`).digest('hex').slice(0, 32);
}

/** One entry per distinct pattern, with every place it is written. */
export function distinct(patterns: readonly PatternSite[]): PatternSite[][] {
  const by = new Map<string, PatternSite[]>();
  for (const p of patterns) {
    const key = `${p.flags}/${p.source}`;
    by.set(key, [...(by.get(key) ?? []), p]);
  }
  return [...by.values()];
}

/** What is wrong with each pattern recheck does not call safe, as one line per pattern; and the keys of the safe ones. */
export async function problems(groups: readonly PatternSite[][]): Promise<{ found: string[]; safe: string[] }> {
  const found: string[] = [];
  const safe: string[] = [];
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
      } else {
        safe.push(verdictKey({ source, flags }));
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, work));
  return { found, safe };
}

/** The keys of the patterns found safe, as last written. */
export function keptVerdicts(): Set<string> {
  try {
    return new Set((JSON.parse(readFileSync(VERDICTS_FILE, 'utf8')) as { safe: string[] }).safe);
  } catch {
    return new Set();
  }
}

export function writeVerdicts(safe: Iterable<string>): void {
  const note = 'Keys (verdictKey in src/testing/regex-check.ts) of the patterns recheck found safe; written by `npm run regex:verdicts`, never by hand.';
  writeFileSync(VERDICTS_FILE, `${JSON.stringify({ note, safe: [...new Set(safe)].sort() }, null, 1)}\n`);
}
