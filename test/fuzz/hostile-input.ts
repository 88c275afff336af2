import fc from 'fast-check';
import { schemaAt, type JsonSchema } from './schema-arbitrary.ts';

/** A place in an input: keys of objects and indexes of arrays, from the root. */
export type Path = (string | number)[];
type Json = Record<string, unknown>;

export const BAD_CHARACTERS = ['\u0000', 'a\u0000b', '\uD800', '\uDFFF', 'x\uDBFF', '\uDC00\uD800', '\u202E', '\uFEFF', '\uFFFE', '\u0007', '\r\n', '%00', '\\u0000'];
export const BAD_NUMBERS: unknown[] = [
  -1, 0, -0, 0.5, 1.5, -(2 ** 31), 2 ** 31, 2 ** 32, 2 ** 53, 2 ** 53 + 2, 1e21, 1e308, -1e308, 5e-324, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER,
  '1e3', '0x10', ' 5', '5 ', '+5', '05', '-1', '9'.repeat(400), 'NaN', 'Infinity', '1.0', '١٢', '',
];
export const BAD_UUIDS = [
  'not-a-uuid', '00000000-0000-0000-0000-00000000000', '00000000-0000-4000-8000-0000000000000', '{00000000-0000-4000-8000-000000000000}',
  '000000000000400080000000000000000', 'gggggggg-gggg-4ggg-8ggg-gggggggggggg', '00000000-0000-9000-8000-000000000000', '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff', 'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF', ' 00000000-0000-4000-8000-000000000000', '00000000-0000-4000-8000-000000000000\u0000',
  "'; drop table drafts; --",
];
export const TRAVERSALS = ['../', '..', '.', '../../etc/passwd', '..%2f..%2f', '%00', 'a%00b', '%2e%2e%2f', '..\\..\\', '/', '//x', '?x=1', '#x', '%', '%zz', 'a/b', './', '....//', '%252e%252e%252f', 'foo/../bar', '\u0000'];
export const UNKNOWN_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'id ', 'Slug', 'page[]', 'a.b', '$where', 'owner_id', 'user_id', 'status', 'is_admin'];

/** Any JSON value of the wrong kind, or an odd one of the right kind. */
const wrongTyped: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string({ maxLength: 12 }),
  fc.constantFrom('', 'true', 'null', '[]', '{}', 0, [], {}, [[]], [null], { '': '' }),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ minLength: 1, maxLength: 5 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3, noNullPrototype: true }),
);

const unknownKey = fc.oneof(fc.constantFrom(...UNKNOWN_KEYS), fc.stringMatching(/^[a-z][a-z_]{0,11}$/));

/** A value nested `depth` arrays or objects deep. */
const deeplyNested = fc.record({ depth: fc.integer({ min: 20, max: 600 }), object: fc.boolean() }).map(({ depth, object }) => {
  let v: unknown = 'x';
  for (let i = 0; i < depth; i++) v = object ? { a: v } : [v];
  return v;
});

export type MutationKind =
  | 'valid'
  | 'missing_key'
  | 'unknown_key'
  | 'wrong_type'
  | 'over_long'
  | 'string_100kb'
  | 'nul_surrogate'
  | 'bad_number'
  | 'bad_uuid'
  | 'path_traversal'
  | 'deep_nesting';

export interface Mutated {
  input: Json;
  mutation: MutationKind;
  /** Where, as a dotted path ('' for the root). */
  at: string;
}

interface Place {
  path: Path;
  value: unknown;
}

/** Every place in a value, with the value found there. */
function places(value: unknown, path: Path = [], out: Place[] = []): Place[] {
  out.push({ path, value });
  if (Array.isArray(value)) value.forEach((v, i) => places(v, [...path, i], out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) places(v, [...path, k], out);
  return out;
}

/** Sets a key as an own property, so "__proto__" is sent as a key and not taken as the prototype. */
function setOwn(target: Record<string | number, unknown>, key: string | number, value: unknown) {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function parentOf(root: Json, path: Path): Record<string | number, unknown> {
  let node: any = root;
  for (const step of path.slice(0, -1)) node = node[step];
  return node;
}

function replaceAt(root: Json, path: Path, value: unknown): Json {
  if (path.length === 0) return value as Json;
  const copy = structuredClone(root);
  setOwn(parentOf(copy, path), path[path.length - 1], value);
  return copy;
}

const dotted = (path: Path) => path.join('.');

/** Picks one of `candidates` by an index drawn from fast-check (so it shrinks towards the first). */
const pick = <T>(candidates: T[]) => fc.nat({ max: Math.max(0, candidates.length - 1) }).map((i) => candidates[i]);

/**
 * One mutation of a well-formed input, at a place chosen among those it applies to; `params` are
 * the path parameters (where traversal is aimed first). Weighted so that about a third of the
 * inputs stay well-formed and reach the handlers.
 */
export function mutationOf(input: Json, schema: JsonSchema, params: string[]): fc.Arbitrary<Mutated> {
  const everywhere = places(input);
  const all = everywhere.filter((p) => p.path.length > 0);
  const objects = everywhere.filter((p) => p.value && typeof p.value === 'object' && !Array.isArray(p.value));
  const keyed = all.filter((p) => typeof p.path[p.path.length - 1] === 'string');
  const strings = all.filter((p) => typeof p.value === 'string');
  const numbers = all.filter((p) => typeof p.value === 'number' || schemaAt(schema, p.path)?.type === 'integer');
  const uuids = all.filter((p) => schemaAt(schema, p.path)?.format === 'uuid');
  const paramPlaces = all.filter((p) => p.path.length === 1 && params.includes(String(p.path[0])));
  const required = (schema.required ?? []).filter((k) => k in input).map((k) => ({ path: [k] as Path, value: input[k] }));
  const unchanged: Mutated = { input, mutation: 'valid', at: '' };

  /** A mutation at one of `list` (or of `fallback`); an input without such a place stays as it is. */
  const at = (list: Place[], fallback: Place[], make: (place: Place) => fc.Arbitrary<Mutated>) =>
    list.length || fallback.length ? pick(list.length ? list : fallback).chain(make) : fc.constant(unchanged);
  /** Replaces the value at a place with one drawn from `values`. */
  const replacing = (mutation: MutationKind, values: (place: Place) => fc.Arbitrary<unknown>) => (p: Place) =>
    values(p).map((v): Mutated => ({ input: replaceAt(input, p.path, v), mutation, at: dotted(p.path) }));

  const missing = (p: Place) => {
    const copy = structuredClone(input);
    delete parentOf(copy, p.path)[p.path[p.path.length - 1]];
    return fc.constant<Mutated>({ input: copy, mutation: 'missing_key', at: dotted(p.path) });
  };
  const unknown = (p: Place) =>
    fc.tuple(unknownKey, wrongTyped).map(([key, value]): Mutated => {
      const copy = structuredClone(input);
      const target = p.path.length ? (parentOf(copy, p.path)[p.path[p.path.length - 1]] as Json) : copy;
      if (Object.prototype.hasOwnProperty.call(target, key)) return unchanged;
      setOwn(target, key, value);
      return { input: copy, mutation: 'unknown_key', at: dotted([...p.path, key]) };
    });
  const overLong = (p: Place) => {
    const max = schemaAt(schema, p.path)?.maxLength ?? 2048;
    return fc.constantFrom('x', 'é', '🚀').map((unit) => unit.repeat(Math.ceil((max + 1) / unit.length)));
  };
  const withBadCharacter = (p: Place) =>
    fc.tuple(fc.constantFrom(...BAD_CHARACTERS), fc.nat()).map(([bad, i]) => {
      const text = typeof p.value === 'string' ? p.value : '';
      const cut = text.length ? i % (text.length + 1) : 0;
      return text.slice(0, cut) + bad + text.slice(cut);
    });
  const traversal = (p: Place) =>
    fc.tuple(fc.constantFrom(...TRAVERSALS), fc.boolean()).map(([bad, alone]) => (alone || typeof p.value !== 'string' ? bad : `${p.value}${bad}`));

  return fc.oneof(
    { weight: 10, arbitrary: fc.constant(unchanged) },
    { weight: 2, arbitrary: at(required.length ? required : keyed, [], missing) },
    { weight: 2, arbitrary: pick(objects).chain(unknown) },
    { weight: 3, arbitrary: at(all, [], replacing('wrong_type', () => wrongTyped)) },
    { weight: 2, arbitrary: at(strings, all, replacing('over_long', overLong)) },
    { weight: 1, arbitrary: at(strings, all, replacing('string_100kb', () => fc.constantFrom('a', 'ü', '\u0000', '%2e').map((u) => u.repeat(Math.ceil(100_000 / u.length))))) },
    { weight: 3, arbitrary: at(strings, all, replacing('nul_surrogate', withBadCharacter)) },
    { weight: 2, arbitrary: at(numbers, all, replacing('bad_number', () => fc.constantFrom(...BAD_NUMBERS))) },
    { weight: 1, arbitrary: at(uuids, strings, replacing('bad_uuid', () => fc.constantFrom(...BAD_UUIDS))) },
    { weight: 2, arbitrary: at(paramPlaces, strings, replacing('path_traversal', traversal)) },
    { weight: 1, arbitrary: at(all, [], replacing('deep_nesting', () => deeplyNested)) },
  );
}
