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

/** `value` parsed from `text` (whose tag is `tag`): neither need be made again. */
export function parsedJson<T extends object>(text: string, tag?: string): T {
  const value = JSON.parse(text) as T;
  texts.set(value, text);
  if (tag !== undefined) tags.set(value, tag);
  return value;
}
