import { readdirSync, readFileSync } from 'node:fs';
import { stripTypeScriptTypes } from 'node:module';
import { join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parse } from 'acorn';

/**
 * Every regular expression the service's source defines, for the ReDoS check (regex-safety.test.ts).
 * Literals and constructor calls with static arguments are read from the syntax tree; a pattern
 * assembled from constants (`new RegExp(`…${FOUNDER}…`)`) is only known once it runs, so the
 * modules are imported under a recording RegExp. A constructor call that did not run at import
 * builds its pattern at call time, possibly from outside text, and is reported as unaccounted.
 * (A builder that runs at import and again later with other input would pass unseen: patterns
 * are built from constants at module level, as pricing-models.ts and founders.ts do.)
 */

export interface PatternSite {
  /** Relative to the repository, with forward slashes (src/extraction/builtin/founders.ts). */
  file: string;
  line: number;
  source: string;
  flags: string;
}

export interface DynamicSite {
  file: string;
  line: number;
  code: string;
}

export interface Inventory {
  patterns: PatternSite[];
  /** Constructor calls whose pattern is not a constant of the source. */
  dynamic: DynamicSite[];
}

const REPOSITORY_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SOURCE_ROOT = join(REPOSITORY_ROOT, 'src');

/** The service's own modules: tests and the test harness never meet outside text. */
export function serviceModules(root = SOURCE_ROOT): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(root, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) continue;
    const path = join(entry.parentPath, entry.name);
    if (relative(root, path).split(sep)[0] === 'testing') continue;
    files.push(path);
  }
  return files.sort();
}

export function repositoryPath(path: string): string {
  return relative(REPOSITORY_ROOT, path).split(sep).join('/');
}

/** JavaScript with the same line numbers as the TypeScript (types become blanks). */
function stripped(text: string): string {
  // Node flags the function as experimental once per process; that note is noise in a test run.
  const emit = process.emitWarning;
  process.emitWarning = () => {};
  try {
    return stripTypeScriptTypes(text, { mode: 'strip' });
  } finally {
    process.emitWarning = emit;
  }
}

interface Node {
  type: string;
  loc: { start: { line: number } };
  start: number;
  end: number;
  [key: string]: unknown;
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
}

function* nodes(node: Node): Generator<Node> {
  yield node;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'loc') continue;
    for (const child of Array.isArray(value) ? value : [value]) if (isNode(child)) yield* nodes(child);
  }
}

/** A string the expression always evaluates to, or null when it depends on anything else. */
function constantString(node: Node | undefined): string | null {
  if (!node) return null;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && (node.expressions as Node[]).length === 0) {
    return (node.quasis as Array<{ value: { cooked: string } }>)[0].value.cooked;
  }
  if (node.type === 'BinaryExpression' && node.operator === '+') {
    const left = constantString(node.left as Node);
    const right = constantString(node.right as Node);
    return left !== null && right !== null ? left + right : null;
  }
  return null;
}

function isRegExpConstructor(callee: Node): boolean {
  if (callee.type === 'Identifier') return callee.name === 'RegExp';
  return (
    callee.type === 'MemberExpression' &&
    !callee.computed &&
    (callee.property as Node).name === 'RegExp' &&
    (callee.object as Node).type === 'Identifier' &&
    (callee.object as Node).name === 'globalThis'
  );
}

/** String methods that turn a string argument into a regular expression. */
const PATTERN_METHODS: Record<string, string> = { match: '', matchAll: 'g', search: '' };

/** Literals, constructor calls and string-method patterns of one module, read without running it. */
export function inventoryOf(path: string): Inventory {
  return inventoryOfSource(readFileSync(path, 'utf8'), repositoryPath(path));
}

/** The same for TypeScript source text, reported as `file`. */
export function inventoryOfSource(typescript: string, file: string): Inventory {
  const js = stripped(typescript);
  const tree = parse(js, { ecmaVersion: 'latest', sourceType: 'module', locations: true }) as unknown as Node;
  const patterns: PatternSite[] = [];
  const dynamic: DynamicSite[] = [];
  for (const node of nodes(tree)) {
    const line = node.loc.start.line;
    if (node.type === 'Literal' && node.regex) {
      const { pattern, flags } = node.regex as { pattern: string; flags: string };
      patterns.push({ file, line, source: pattern, flags });
    } else if ((node.type === 'NewExpression' || node.type === 'CallExpression') && isRegExpConstructor(node.callee as Node)) {
      const [patternArg, flagsArg] = node.arguments as Node[];
      // new RegExp(/x/) copies a literal (already collected); its flags are those given or the literal's.
      const literal = patternArg?.type === 'Literal' && patternArg.regex ? (patternArg.regex as { pattern: string; flags: string }) : null;
      const source = literal ? literal.pattern : patternArg === undefined ? '(?:)' : constantString(patternArg);
      const flags = flagsArg === undefined ? (literal?.flags ?? '') : constantString(flagsArg);
      if (source !== null && flags !== null) patterns.push({ file, line, source, flags });
      else dynamic.push({ file, line, code: js.slice(node.start, node.end).slice(0, 160) });
    } else if (node.type === 'CallExpression' && (node.callee as Node).type === 'MemberExpression') {
      const callee = node.callee as Node;
      const method = (callee.property as Node).name as string;
      const [argument] = node.arguments as Node[];
      const source = !callee.computed && Object.hasOwn(PATTERN_METHODS, method) ? constantString(argument) : null;
      if (source !== null) patterns.push({ file, line, source, flags: PATTERN_METHODS[method] });
    }
  }
  return { patterns, dynamic };
}

/** The first stack frame in a service module: where `new RegExp` was written. */
function callSite(stack: string, modules: ReadonlySet<string>): { file: string; line: number } | null {
  for (const m of stack.matchAll(/(file:\/\/\/[^\s()]+\.ts):(\d+):\d+/g)) {
    const path = fileURLToPath(m[1]);
    if (modules.has(path)) return { file: repositoryPath(path), line: Number(m[2]) };
  }
  return null;
}

/**
 * Imports `modules` with a RegExp that records where each expression is built, and returns the
 * constructions made from service modules. A Proxy rather than a subclass: `RegExp(x)` without
 * `new` must keep working, and `instanceof RegExp` must keep meaning the real thing.
 */
export async function constructionsAtImport(modules: readonly string[]): Promise<PatternSite[]> {
  const known = new Set(modules);
  const made: PatternSite[] = [];
  const original = globalThis.RegExp;
  const record = (expression: RegExp) => {
    const site = callSite(new Error().stack ?? '', known);
    if (site) made.push({ ...site, source: expression.source, flags: expression.flags });
    return expression;
  };
  const recording: RegExpConstructor = new Proxy(original, {
    construct: (target, args, newTarget): RegExp => record(Reflect.construct(target, args, newTarget === recording ? target : newTarget)),
    apply: (target, self, args): RegExp => record(Reflect.apply(target, self, args)),
  });
  const depth = Error.stackTraceLimit;
  Error.stackTraceLimit = 50;
  globalThis.RegExp = recording;
  try {
    for (const path of modules) await import(pathToFileURL(path).href);
  } finally {
    globalThis.RegExp = original;
    Error.stackTraceLimit = depth;
  }
  return made;
}
