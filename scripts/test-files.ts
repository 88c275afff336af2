// Which test files can reach a database: the ones a second pass on another engine must run again.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
/** Every way into a database goes through here (PGlite or PostgreSQL, the app or a test's own). */
const DATABASE_MODULE = path.join(root, 'src/store/database.ts');
// A relative module specifier after `from` or `import` / `import(`; linear (one character class).
const SPECIFIER = /\b(?:from|import)[\s(]*['"](\.{1,2}\/[^'"\n]+)['"]/g;

/**
 * True when the test file imports (through any chain of relative imports) the database module,
 * or names a DATABASE_URL itself (a test that starts a service process with one).
 */
export function reachesDatabase(testFile: string): boolean {
  const seen = new Set<string>();
  const stack = [path.resolve(testFile)];
  while (stack.length) {
    const file = stack.pop()!;
    if (file === DATABASE_MODULE) return true;
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    if (file === path.resolve(testFile) && text.includes('DATABASE_URL')) return true;
    for (const m of text.matchAll(SPECIFIER)) stack.push(path.resolve(path.dirname(file), m[1]));
  }
  return false;
}
