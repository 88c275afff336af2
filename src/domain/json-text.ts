/**
 * The JSON text of an answer, made once per object: cached reads hand back the same object many
 * times, and REST (body, ETag) and MCP (the text block) all need its text. A cache that keeps
 * answers as text (listings/directory.ts) hands the text over with the object it parses.
 */
const texts = new WeakMap<object, string>();

export function jsonText(value: object): string {
  let text = texts.get(value);
  if (text === undefined) texts.set(value, (text = JSON.stringify(value)));
  return text;
}

/** `value` parsed from `text`: its text need not be made again. */
export function parsedJson<T extends object>(text: string): T {
  const value = JSON.parse(text) as T;
  texts.set(value, text);
  return value;
}
