import assert from 'node:assert/strict';

/**
 * Test helpers of the founder workspace pages (my-listings, launch and order tests): page
 * assertions that show the page's main content when they fail, and the pieces of a rendered form.
 * Plain string search, no patterns built from values (the regex-safety test reads this file).
 */

/** The page's main content with each select's options left out (the country lists are long). */
function mainOf(body: string): string {
  let main = body.slice(body.indexOf('<main'), body.indexOf('</main>'));
  for (let at = main.indexOf('<select'); at >= 0; at = main.indexOf('<select', at + 1)) {
    const open = main.indexOf('>', at);
    const close = main.indexOf('</select>', open);
    if (open < 0 || close < 0) break;
    main = `${main.slice(0, open + 1)}<option…>${main.slice(close)}`;
  }
  return main;
}

/** Asserts the page matches; on failure shows its main content. */
export function has(body: string, re: RegExp, message?: string) {
  if (re.test(body)) return;
  const main = mainOf(body);
  assert.fail(`${message ?? ''} ${re} not in:\n${main.length > 8000 ? `${main.slice(0, 4000)}\n…\n${main.slice(-4000)}` : main}`);
}

const KEY = /name="idempotency_key" value="([^"]+)"/;

/** The Idempotency-Key of the form posting to `action`. */
export function keyOf(body: string, action: string): string {
  const at = body.indexOf(`action="${action}"`);
  assert.ok(at >= 0, `no form posting to ${action}`);
  return KEY.exec(body.slice(at))![1];
}

/** The id the pages give a dotted field name (my-listing-fields.ts). */
export const fieldIdOf = (name: string) => `f-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;

/** The whole start tag around the first occurrence of `needle`. */
function tagAround(body: string, needle: string): string | undefined {
  const at = body.indexOf(needle);
  if (at < 0) return undefined;
  return body.slice(body.lastIndexOf('<', at), body.indexOf('>', at) + 1);
}

/** The message shown beside a field, asserting the field (or its group) is marked invalid and points at it. */
export function fieldError(body: string, name: string): string {
  const id = fieldIdOf(name);
  const group = tagAround(body, `aria-describedby="${id}-hint ${id}-error"`);
  const control = group?.startsWith('<fieldset') ? group : tagAround(body, ` id="${id}" `) ?? tagAround(body, ` id="${id}">`);
  assert.ok(control, `no control ${id}`);
  if (!control.startsWith('<fieldset')) assert.ok(control.includes('aria-invalid="true"'), `${id} is not marked invalid: ${control}`);
  assert.ok(control.includes(`${id}-error`), `${id} does not point at its message: ${control}`);
  const start = `<p class="field-error" id="${id}-error">`;
  const at = body.indexOf(start);
  assert.ok(at >= 0, `no message beside ${id}`);
  return body.slice(at + start.length, body.indexOf('</p>', at));
}
