// What a test file reaches through its imports: a database (the files a second pass on another
// engine must run again), or a browser (the files whose subject is the browser, not the engine);
// and the order the files start in.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
/** Every way into a database goes through here (PGlite or PostgreSQL, the app or a test's own). */
const DATABASE_MODULE = path.join(root, 'src/store/database.ts');
/** Every browser test drives Debian's chromium through here. */
const CHROMIUM_MODULE = path.join(root, 'src/testing/chromium.ts');
// A relative module specifier after `from` or `import` / `import(`; linear (one character class).
const SPECIFIER = /\b(?:from|import)[\s(]*['"](\.{1,2}\/[^'"\n]+)['"]/g;

/** Each file's text and the files it imports, read once per process (ordering a whole run asks for most of them twice per test file). */
const parsed = new Map<string, { text: string; imports: string[] } | null>();
function parse(file: string) {
  if (!parsed.has(file)) {
    const text = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
    parsed.set(file, text === undefined ? null : { text, imports: [...text.matchAll(SPECIFIER)].map((m) => path.resolve(path.dirname(file), m[1])) });
  }
  return parsed.get(file)!;
}

/** True when the test file imports `target` through any chain of relative imports, or its own text passes `own`. */
function reaches(testFile: string, target: string, own: (text: string) => boolean = () => false): boolean {
  const seen = new Set<string>();
  const stack = [path.resolve(testFile)];
  while (stack.length) {
    const file = stack.pop()!;
    if (file === target) return true;
    if (seen.has(file)) continue;
    seen.add(file);
    const found = parse(file);
    if (!found) continue;
    if (file === path.resolve(testFile) && own(found.text)) return true;
    stack.push(...found.imports);
  }
  return false;
}

/**
 * True when the test file imports (through any chain of relative imports) the database module,
 * or names a DATABASE_URL itself (a test that starts a service process with one).
 */
export const reachesDatabase = (testFile: string) => reaches(testFile, DATABASE_MODULE, (text) => text.includes('DATABASE_URL'));

/** True when the test file drives a real browser (src/testing/chromium.ts). */
export const drivesBrowser = (testFile: string) => reaches(testFile, CHROMIUM_MODULE);

/**
 * Files whose imports reach the database module but that run the embedded database whatever
 * TEST_DATABASE_URL says: the service as a process on a DATA_DIR. A pass on PostgreSQL would
 * run them again unchanged, so --database-only leaves them out (scripts/test-files.test.ts checks
 * that they never ask for a PostgreSQL database).
 */
export const EMBEDDED_ONLY = [
  'src/main-shutdown.test.ts',
  'src/main-hostile-site.test.ts',
  // Backups of the embedded database (with PostgreSQL, pg_dump: src/cli-backup.test.ts runs its commands).
  'src/store/backup/backup-restore.test.ts',
  'src/store/backup/damaged-backup.test.ts',
  'src/jobs/backup.test.ts',
  'test/upgrade/restore-0024-backup.test.ts',
];

/**
 * The test files that take longest, longest first (measured on the CI machine kind, 2 CPUs,
 * 2026-11-29, the PGlite pass; the order matters, not the figures). Started first, they run beside
 * the many short files; started in name order, the fuzz, the scale and the security files came
 * last, and the pass ended with one of them running alone. (The recheck proof led this list at
 * 128 s until it kept its verdicts: now about 7 s, docs/decisions.md#regex-verdicts.)
 */
export const LONGEST_FIRST = [
  'test/fuzz/operations-fuzz.test.ts', // ~11,000 requests, 135 s
  'test/scale/crash-safety.test.ts', // 70 s
  'test/scale/idempotency-crash.test.ts', // 6 node starts, 59 s
  'test/scale/two-nodes.test.ts', // PostgreSQL pass only
  'src/transports/web/claims/claims-admin-browser.test.ts',
  'src/transports/web/public/browser.test.ts',
  'src/transports/web/workspace/paid-browser.test.ts',
  'src/transports/web/workspace/pictures-browser.test.ts',
  'src/transports/web/public/phone-layout-browser.test.ts',
  'src/transports/web/public/discussion-browser.test.ts',
  'src/main-shutdown.test.ts',
  'src/transports/web/drafts/draft-browser.test.ts',
  'test/security/ssrf.test.ts',
  'src/cli-categories.test.ts',
  'src/store/backup/backup-restore.test.ts',
  'src/demo/load.test.ts',
  'test/security/idor.test.ts',
  'src/cli-products.test.ts',
  'src/main-hostile-site.test.ts',
  'src/transports/web/admin/pages.test.ts',
  'src/transports/web/csrf.test.ts',
  'src/transports/web/account/data-export-browser.test.ts',
  'src/evaluation/corpus.test.ts',
  'src/cli.test.ts',
  'test/upgrade/upgrade.test.ts',
  'src/main.test.ts',
];

/**
 * The order to start test files in (paths relative to the repository): LONGEST_FIRST, then the
 * others by what they start, browser before app before neither (a browser or an app costs
 * seconds before the first assertion), larger files first within each.
 */
export function runOrder(files: readonly string[]): string[] {
  const rank = new Map(LONGEST_FIRST.map((f, i) => [f, i]));
  const weight = new Map(
    files.map((f) => {
      const abs = path.join(root, f);
      const kind = drivesBrowser(abs) ? 2 : reachesDatabase(abs) ? 1 : 0;
      return [f, kind * 1e9 + (existsSync(abs) ? statSync(abs).size : 0)];
    }),
  );
  const listed = files.filter((f) => rank.has(f)).sort((a, b) => rank.get(a)! - rank.get(b)!);
  const rest = files.filter((f) => !rank.has(f)).sort((a, b) => weight.get(b)! - weight.get(a)! || a.localeCompare(b));
  return [...listed, ...rest];
}
