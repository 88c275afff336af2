import { html, type Html } from './html.ts';

/** The highest page a list operation serves (spec: page 1 to 1000). */
const MAX_PAGE = 1000;

/** `path` with these query values, empty ones left out, so links stay short and filters stay put. */
export function hrefWith(path: string, query: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

/**
 * Previous / next links of a paged list, keeping every other query value (the filters). Page 1
 * links without ?page=, so each page has one URL.
 */
export function pager(p: { page: number; per_page: number; total: number; total_is_estimate?: boolean }, path: string, query: Record<string, string | undefined>, label = 'Pages'): Html {
  const last = Math.min(MAX_PAGE, Math.max(1, Math.ceil(p.total / p.per_page)));
  if (last <= 1 && p.page <= 1) return html``;
  const to = (n: number) => hrefWith(path, { ...query, page: n > 1 ? n : undefined });
  return html`<nav class="pager" aria-label="${label}">
${p.page > 1 ? html`<a rel="prev" href="${to(p.page - 1)}">← Previous</a>` : ''}
<span>Page ${p.page} of ${p.total_is_estimate ? 'about ' : ''}${last.toLocaleString('en-US')}</span>
${p.page < last ? html`<a rel="next" href="${to(p.page + 1)}">Next →</a>` : ''}
</nav>`;
}
