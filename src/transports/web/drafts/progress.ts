import type { z } from 'zod';
import type { Draft } from '../../../contract/draft.ts';
import { pageName } from './fields.ts';
import { formKeys } from '../form-operation.ts';
import { html, type Html } from '../html.ts';

type DraftView = z.output<typeof Draft>;
type Stage = DraftView['progress']['stage'];

/** How often the page reloads itself without JavaScript (seconds); draft.js polls every 2 s instead. */
export const REFRESH_SECONDS = 3;

const STEPS: [Stage, string][] = [
  ['queued', 'Waiting for a free crawler'],
  ['robots', 'Reading robots.txt'],
  ['fetching', 'Reading your site’s pages'],
  ['drafting', 'Drafting the profile from the pages'],
  ['verifying', 'Checking every value against the pages'],
  ['done', 'Ready to review'],
];

/** The sentence the page (and a screen reader, through the live status line) gives for where it is. */
export function progressWords(d: DraftView): string {
  const p = d.progress;
  const step = STEPS.find(([s]) => s === p.stage)?.[1] ?? 'Working';
  const pages = p.stage === 'fetching' ? ` (${p.pages_fetched} of about ${Math.max(p.pages_planned, p.pages_fetched)})` : '';
  return `${step}${pages}: ${p.percent}% done.`;
}

/** The head of the progress page without JavaScript: a plain reload every few seconds. */
export const refreshHead = () => html`<noscript><meta http-equiv="refresh" content="${REFRESH_SECONDS}"></noscript>`;

/**
 * The draft while the service crawls and drafts: stage, progress bar, pages read, pages left out,
 * fields found so far. The region is live: draft.js swaps in a fresh copy every 2 s and loads the
 * editor once the page has turned into it; without JavaScript the page reloads itself.
 */
export function progressView(d: DraftView): Html {
  const p = d.progress;
  const at = STEPS.findIndex(([s]) => s === p.stage);
  const words = progressWords(d);
  return html`<h1>Drafting ${pageName(d.url)}</h1>
<p>We are reading <a href="${d.url}" rel="nofollow noopener">${d.url}</a> and drafting its profile. This takes about a minute.
You can leave this page: the draft goes on, and <a href="/drafts">My drafts</a> leads back to it.</p>
<p id="live-status" role="status">${words}</p>
<section id="draft-progress" data-live data-status="${words}" aria-labelledby="progress-h">
<h2 id="progress-h" class="visually-hidden">Progress</h2>
<label for="progress-bar">How far it is</label>
<progress id="progress-bar" max="100" value="${p.percent}">${p.percent}%</progress> <span>${p.percent}%</span>
<ol class="stages">${STEPS.map(
    ([, label], i) => html`<li class="${i < at ? 'done' : i === at ? 'current' : 'todo'}"${i === at ? html` aria-current="step"` : ''}>${label}${i < at ? html`<span class="visually-hidden"> (done)</span>` : ''}</li>`,
  )}</ol>
<h2>Pages read (${p.pages.length})</h2>
${p.pages.length
  ? html`<ol class="pages-read">${p.pages.map((page) => html`<li><a href="${page.url}" rel="nofollow noopener">${page.title || pageName(page.url)}</a> <span class="muted">${page.url}</span></li>`)}</ol>`
  : html`<p class="muted">None yet.</p>`}
${p.skipped.length
  ? html`<h2>Pages left out</h2><ul>${p.skipped.map((s) => html`<li><span class="url">${s.url}</span>: ${s.reason}</li>`)}</ul>`
  : ''}
<h2>Fields found so far</h2>
<p>${p.fields_drafted} of ${p.fields_total} profile fields.${p.stage === 'drafting' || p.stage === 'verifying' ? ' The AI drafts only what your pages state, each value with a quote from them.' : ' The AI starts once the pages are read.'}</p>
</section>
<noscript><p>This page reloads itself every ${REFRESH_SECONDS} seconds. <a href="/drafts/${d.id}">Reload now</a></p></noscript>`;
}

const FAILURES: Record<string, string> = {
  robots_disallowed: 'Your site’s robots.txt does not allow our crawler to read it.',
  unreachable: 'The site could not be reached.',
  blocked_address: 'The address leads to a private or blocked network address, which we never read.',
  not_html: 'The address does not lead to a web page (HTML).',
  http_error: 'The site answered with an error.',
  too_many_redirects: 'The site redirects too many times.',
  too_large: 'The page is too large to read.',
  timeout: 'Reading the site took too long.',
  took_too_long: 'The pages took too long to process.',
  invalid_url: 'This is not a web address we can read.',
  drafting_failed: 'The profile could not be drafted from the site.',
};

/** A site that could not be read: the reason, then the ways on (submit again, or fill in by hand below). */
export function failureView(d: DraftView, csrf: string): Html {
  const f = d.failure ?? { code: 'unknown', reason: '' };
  return html`<h1>We could not read ${pageName(d.url)}</h1>
<div class="alert" role="alert"><p><strong>${FAILURES[f.code] ?? 'The site could not be read.'}</strong></p>${f.reason ? html`<p>${f.reason}</p>` : ''}</div>
${d.progress.skipped.length ? html`<p>Pages left out: ${d.progress.skipped.map((s, i) => html`${i ? '; ' : ''}<span class="url">${s.url}</span> (${s.reason})`)}.</p>` : ''}
<h2>What you can do</h2>
<ul class="ways">
<li><form class="inline" method="post" action="/submit">${formKeys(csrf)}<input type="hidden" name="url" value="${d.url}"><button type="submit">Try again</button></form>
 once the cause is fixed (for example after allowing our crawler in robots.txt): a new draft starts.</li>
<li><a href="/submit?url=${encodeURIComponent(d.url)}">Submit another address</a>, for example the page that describes your product.</li>
<li><a href="#profile">Fill in the profile by hand</a>, below: everything you enter is yours, and nothing is invented.</li>
</ul>`;
}
