import type { TestApp } from '../../testing/harness.ts';
import { draftStores, type DraftChanges } from '../../store/drafts-store.ts';
import { DRAFT_FIELDS } from '../../extraction/types.ts';
import { blankField, type FieldRecord } from '../../domain/drafts/field-states.ts';
import type { PageSnapshot } from '../../crawler/types.ts';

/** A field as the pipeline leaves it when the AI found a value on the page. */
export const aiField = (value: string | string[], quote = typeof value === 'string' ? value : value[0]): FieldRecord => ({
  value,
  state: 'ai',
  evidence: [{ url: 'https://acme.test/', quote }],
  ai: { value, evidence: [{ url: 'https://acme.test/', quote }] },
});
export const notFoundField = (): FieldRecord => ({ value: null, state: 'not_found', evidence: [], ai: { value: null, evidence: [] } });

/** A page snapshot as the crawler would store it. */
export const page = (url: string, text: string, title = ''): PageSnapshot => ({
  url,
  finalUrl: url,
  fetchedAt: new Date('2026-03-02T10:00:00Z'),
  status: 200,
  contentType: 'text/html',
  hash: 'ab'.repeat(32),
  title,
  lang: 'en',
  html: `<html><head><title>${title}</title></head><body>${text}</body></html>`,
  text,
  links: [],
});

/**
 * A draft written straight to the database in any state (the pipeline is tested on its own):
 * ready by default, with the given AI fields and the others not found.
 */
export async function insertDraft(
  t: TestApp,
  ownerId: string,
  opts: { url?: string; fields?: Record<string, FieldRecord>; pages?: PageSnapshot[] } & DraftChanges = {},
) {
  const { url, fields, pages, ...changes } = opts;
  const stores = draftStores(t.db);
  const all = Object.fromEntries(DRAFT_FIELDS.map((f) => [f, fields?.[f] ?? notFoundField()]));
  const d = await stores.drafts.create({ ownerId, url: url ?? 'https://acme.test/', fields: Object.fromEntries(DRAFT_FIELDS.map((f) => [f, blankField()])), at: new Date() });
  await stores.drafts.update(d.id, { status: 'ready', stage: 'done', fields: all, ...changes }, new Date());
  if (pages) await stores.pages.replace(d.id, 'site', pages);
  return d.id;
}
