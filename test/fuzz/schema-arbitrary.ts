import fc from 'fast-check';
import { z } from 'zod';

/**
 * The subset of JSON Schema that zod's z.toJSONSchema writes for the operations' inputs. The fuzz
 * reads inputs from that document (what OpenAPI and tools/list advertise), not from zod internals:
 * it is a stable format, and a client can only go by what is advertised.
 */
export interface JsonSchema {
  type?: 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean' | 'null';
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}

/** An operation's input as advertised: the JSON Schema of its zod input (input side of transforms). */
export function inputJsonSchema(input: z.ZodType): JsonSchema {
  return z.toJSONSchema(input, { io: 'input', target: 'draft-2020-12', unrepresentable: 'any' }) as JsonSchema;
}

/**
 * Values the fuzz knows to be meaningful for a property (real slugs, the caller's own ids, a
 * Monday): without them almost every well-formed input would be a 404 and the paths behind the
 * lookups would go untried. `name` is the property's own name, `path` its dotted place.
 */
export type Hints = (name: string, path: string, schema: JsonSchema) => fc.Arbitrary<unknown> | undefined;

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;

/** Text of a schema string with no pattern: short and ordinary most of the time, sometimes at the length limit. */
function plainString(s: JsonSchema): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? 2000;
  const short = fc.string({ minLength: min, maxLength: Math.max(min, Math.min(max, 40)), unit: 'grapheme' }).filter((v) => [...v].length <= max);
  const words = fc
    .array(fc.constantFrom('launch', 'Acme', 'crm', 'analytics', 'über', '東京', '🚀', 'a-b', "o'neil", '<b>x</b>', '&amp;', 'https://x.example'), { minLength: 1, maxLength: 6 })
    .map((w) => w.join(' '))
    .filter((v) => v.length >= min && v.length <= max);
  // At the limit exactly: the longest value the schema accepts (in UTF-16 units, as zod counts).
  const atLimit = fc.constant('x'.repeat(max)).filter((v) => v.length >= min);
  return fc.oneof({ weight: 5, arbitrary: short }, { weight: 3, arbitrary: words }, { weight: 1, arbitrary: atLimit });
}

function stringOf(s: JsonSchema): fc.Arbitrary<unknown> {
  const within = (v: string) => v.length >= (s.minLength ?? 0) && v.length <= (s.maxLength ?? Infinity);
  if (s.pattern) {
    // The email pattern of zod is anchored and linear; stringMatching draws from it directly.
    return fc.stringMatching(new RegExp(s.pattern)).filter(within);
  }
  if (s.format === 'uri') return fc.webUrl({ withQueryParameters: true, withFragments: true }).filter(within);
  if (s.format === 'email') return fc.emailAddress().filter(within);
  return plainString(s);
}

function integerOf(s: JsonSchema): fc.Arbitrary<number> {
  const min = s.minimum ?? Number.MIN_SAFE_INTEGER;
  const max = s.maximum ?? Number.MAX_SAFE_INTEGER;
  const small = fc.integer({ min: Math.max(min, INT32_MIN), max: Math.min(max, INT32_MAX) });
  if (min >= INT32_MIN && max <= INT32_MAX) return fc.oneof(small, fc.constantFrom(min, max));
  // fc.integer is 32-bit; the schema's bounds (up to 2^53 - 1) come as constants.
  return fc.oneof({ weight: 6, arbitrary: small }, { weight: 1, arbitrary: fc.constantFrom(min, max) }, { weight: 1, arbitrary: fc.maxSafeInteger().filter((v) => v >= min && v <= max) });
}

/**
 * Values that pass the schema as advertised (the server's refinements, e.g. an http(s) URL or a
 * real calendar date, are not in it, so some of these are still rejected: that is part of the test).
 */
export function validArbitrary(schema: JsonSchema, hints: Hints, name = '', path = ''): fc.Arbitrary<unknown> {
  const hinted = name ? hints(name, path, schema) : undefined;
  const plain = plainArbitrary(schema, hints, path);
  return hinted ? fc.oneof({ weight: 3, arbitrary: hinted }, { weight: 1, arbitrary: plain }) : plain;
}

function plainArbitrary(schema: JsonSchema, hints: Hints, path: string): fc.Arbitrary<unknown> {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return fc.oneof(...branches.map((b) => validArbitrary(b, hints, '', path)));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if ('const' in schema) return fc.constant(schema.const);
  switch (schema.type) {
    case 'string':
      return stringOf(schema);
    case 'integer':
      return integerOf(schema);
    case 'number':
      return fc.double({ min: schema.minimum, max: schema.maximum, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const item = schema.items ?? {};
      const min = schema.minItems ?? 0;
      // Short lists mostly (one bad item of five keeps an order from the handler as surely as five).
      const max = Math.min(schema.maxItems ?? 3, Math.max(min, 3));
      const short = fc.array(validArbitrary(item, hints, itemName(path), `${path}.0`), { minLength: min, maxLength: max });
      if (schema.maxItems === undefined || schema.maxItems <= max) return short;
      // Now and then a full array: the largest the schema allows.
      const full = fc.array(validArbitrary(item, hints, itemName(path), `${path}.0`), { minLength: schema.maxItems, maxLength: schema.maxItems });
      return fc.oneof({ weight: 8, arbitrary: short }, { weight: 1, arbitrary: full });
    }
    case 'object':
      return objectOf(schema, hints, path);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Array items are hinted by the array's name in the singular context ("categories" items are categories). */
const itemName = (path: string) => `${path.split('.').pop() ?? ''}[]`;

function objectOf(schema: JsonSchema, hints: Hints, path: string): fc.Arbitrary<unknown> {
  const props = schema.properties ?? {};
  const keys = Object.keys(props);
  if (keys.length) {
    const model = Object.fromEntries(keys.map((k) => [k, validArbitrary(props[k], hints, k, path ? `${path}.${k}` : k)]));
    const required = (schema.required ?? []).filter((k) => k in props);
    const optional = keys.filter((k) => !required.includes(k));
    if (optional.length <= 3) return fc.record(model, { requiredKeys: required as never });
    // Many optional keys (update_draft has 14): mostly a few of them, as a client sends, so that
    // one odd value among many does not keep nearly every input from the handler; sometimes all.
    const few = fc.subarray(optional, { maxLength: 3 }).chain((chosen) =>
      fc.record(Object.fromEntries([...required, ...chosen].map((k) => [k, model[k]]))),
    );
    return fc.oneof({ weight: 4, arbitrary: few }, { weight: 1, arbitrary: fc.record(model, { requiredKeys: required as never }) });
  }
  // A map such as socials: keys from propertyNames, values from additionalProperties.
  if (typeof schema.additionalProperties === 'object') {
    const names = schema.propertyNames?.enum ? fc.constantFrom(...(schema.propertyNames.enum as string[])) : fc.string({ minLength: 1, maxLength: 12 });
    return fc.dictionary(names, validArbitrary(schema.additionalProperties, hints, `${path}{}`, `${path}.*`), { maxKeys: 4, noNullPrototype: true });
  }
  return fc.constant({});
}

/** The schema node a dotted path leads to (anyOf resolved to its first non-null branch), or undefined. */
export function schemaAt(root: JsonSchema, path: (string | number)[]): JsonSchema | undefined {
  let node: JsonSchema | undefined = root;
  for (const step of path) {
    node = concrete(node);
    if (!node) return undefined;
    if (typeof step === 'number') node = node.items;
    else node = node.properties?.[step] ?? (typeof node.additionalProperties === 'object' ? node.additionalProperties : undefined);
  }
  return concrete(node);
}

function concrete(node: JsonSchema | undefined): JsonSchema | undefined {
  const branches = node?.anyOf ?? node?.oneOf;
  if (!branches) return node;
  return branches.find((b) => b.type !== 'null') ?? branches[0];
}
