// What a test file reaches through its imports: a database (the files a second pass on another
// engine must run again), or a browser (the files whose subject is the browser, not the engine).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
/** Every way into a database goes through here (PGlite or PostgreSQL, the app or a test's own). */
const DATABASE_MODULE = path.join(root, 'src/store/database.ts');
/** Every browser test drives Debian's chromium through here. */
const CHROMIUM_MODULE = path.join(root, 'src/testing/chromium.ts');
// A relative module specifier after `from` or `import` / `import(`; linear (one character class).
const SPECIFIER = /\b(?:from|import)[\s(]*['"](\.{1,2}\/[^'"\n]+)['"]/g;

/** True when the test file imports `target` through any chain of relative imports, or its own text passes `own`. */
function reaches(testFile: string, target: string, own: (text: string) => boolean = () => false): boolean {
  const seen = new Set<string>();
  const stack = [path.resolve(testFile)];
  while (stack.length) {
    const file = stack.pop()!;
    if (file === target) return true;
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    if (file === path.resolve(testFile) && own(text)) return true;
    for (const m of text.matchAll(SPECIFIER)) stack.push(path.resolve(path.dirname(file), m[1]));
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
