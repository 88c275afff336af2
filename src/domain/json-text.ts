import { createHash } from 'node:crypto';

/**
 * The JSON text of an answer, made once per object: cached reads hand back the same object many
 * times, and REST (body, ETag) and MCP (the text block) all need its text. A cache that keeps
 * answers as text (listings/directory.ts) hands the text, and its tag, over with the object it
 * parses.
 */
const texts = new WeakMap<object, string>();
const tags = new WeakMap<object, string>();

export function jsonText(value: object): string {
  let text = texts.get(value);
  if (text === undefined) texts.set(value, (text = JSON.stringify(value)));
  return text;
}

/** A strong tag of a body (HTTP's ETag): the same bytes, the same tag, on every node. */
export const tagOf = (body: string | Buffer) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;

export function jsonTag(value: object): string {
  let tag = tags.get(value);
  if (tag === undefined) tags.set(value, (tag = tagOf(jsonText(value))));
  return tag;
}

/**
 * `text` (whose tag is `tag`) as an object that parses it only when something reads inside it.
 * A REST answer needs nothing but the text and tag it already has; a page or an MCP result reads
 * fields, and `value()` hands over the parsed object (its caller decides how long to keep one).
 *
 * `keys` are the only top-level keys the text can have (its schema's): any other key, asked by
 * whoever probes an object (a Promise resolving to it asks for `then`, Fastify for `pipe` and the
 * string tag), is answered "absent" without parsing. Read-only: a write throws.
 */
export function lazyJson<T extends object>(text: string, tag: string, keys: ReadonlySet<string>, value: () => T): T {
  const proxy = new Proxy(new LazyTarget(keys, value), LAZY) as unknown as T;
  texts.set(proxy, text);
  tags.set(proxy, tag);
  return proxy;
}

/** What one lazy answer holds; the handler below is shared (a kept profile costs two small objects). */
class LazyTarget {
  readonly keys: ReadonlySet<string>;
  readonly value: () => object;
  constructor(keys: ReadonlySet<string>, value: () => object) {
    this.keys = keys;
    this.value = value;
  }
}

const known = (target: LazyTarget, key: string | symbol): key is string => typeof key === 'string' && target.keys.has(key);
const readOnly = (): never => {
  throw new TypeError('a kept answer is read-only');
};

const LAZY: ProxyHandler<LazyTarget> = {
  get: (target, key) => (known(target, key) ? Reflect.get(target.value(), key) : undefined),
  has: (target, key) => known(target, key) && Reflect.has(target.value(), key),
  ownKeys: (target) => Reflect.ownKeys(target.value()),
  // The target's own fields are configurable, so they may be reported absent, and the keys it
  // lacks may only be reported configurable.
  getOwnPropertyDescriptor: (target, key) => {
    const own = known(target, key) ? Reflect.getOwnPropertyDescriptor(target.value(), key) : undefined;
    return own && { ...own, configurable: true };
  },
  getPrototypeOf: () => Object.prototype,
  set: readOnly,
  defineProperty: readOnly,
  deleteProperty: readOnly,
  setPrototypeOf: readOnly,
  preventExtensions: readOnly,
};
