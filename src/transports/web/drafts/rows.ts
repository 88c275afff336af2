import { html } from '../html.ts';

/**
 * Lists edited as rows of inputs (FAQs, founders, milestones): rows named "<list>.<row>.<key>",
 * each with a Remove checkbox, plus one empty row to add another. The operation replaces the
 * whole list, so the page sends the rows kept, in order, and maps the operation's messages
 * ("faqs.1.answer") back to the rows they came from.
 */

/** How many rows a posted form had. */
export function rowCount(values: Record<string, string>, list: string): number {
  let n = 0;
  for (const name of Object.keys(values)) {
    const [head, row] = name.split('.');
    if (head === list && Number.isInteger(Number(row))) n = Math.max(n, Number(row) + 1);
  }
  return n;
}

export interface KeptRows<T> {
  items: T[];
  /** Row index of each item (the operation's "faqs.<item>…" → the page's "faqs.<row>…"). */
  rowOf: number[];
}

/** The rows not removed and not left blank, through `read`. */
export function keptRows<T>(values: Record<string, string>, list: string, keys: readonly string[], read: (get: (key: string) => string, row: number) => T): KeptRows<T> {
  const items: T[] = [];
  const rowOf: number[] = [];
  for (let row = 0; row < rowCount(values, list); row++) {
    const get = (key: string) => (values[`${list}.${row}.${key}`] ?? '').trim();
    if (get('remove')) continue;
    if (keys.every((k) => get(k) === '')) continue;
    items.push(read(get, row));
    rowOf.push(row);
  }
  return { items, rowOf };
}

/** An operation's path about an item, as the input name of its row. */
export function rowPath(list: string, rowOf: number[]) {
  return (path: string) => {
    const [head, item, ...rest] = path.split('.');
    if (head !== list || !Number.isInteger(Number(item)) || rowOf[Number(item)] === undefined) return path;
    return [head, rowOf[Number(item)], ...rest].join('.');
  };
}

/** The Remove checkbox of a row. */
export const removeBox = (list: string, row: number, what: string, checked: boolean) =>
  html`<label class="check"><input type="checkbox" name="${list}.${row}.remove" value="1"${checked ? html` checked` : ''}> Remove ${what}</label>`;
