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
  const known = (key: string | symbol): key is string => typeof key === 'string' && keys.has(key);
  const readOnly = (): never => {
    throw new TypeError('a kept answer is read-only');
  };
  const proxy = new Proxy({} as T, {
    get: (_, key) => (known(key) ? Reflect.get(value(), key) : undefined),
    has: (_, key) => known(key) && Reflect.has(value(), key),
    ownKeys: () => Reflect.ownKeys(value()),
    getOwnPropertyDescriptor: (_, key) => {
      const own = known(key) ? Reflect.getOwnPropertyDescriptor(value(), key) : undefined;
      // The (empty, extensible) target has no such property: it may only be reported configurable.
      return own && { ...own, configurable: true };
    },
    set: readOnly,
    defineProperty: readOnly,
    deleteProperty: readOnly,
    setPrototypeOf: readOnly,
  });
  texts.set(proxy, text);
  tags.set(proxy, tag);
  return proxy;
}
