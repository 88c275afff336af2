import type { FastifyRequest } from 'fastify';
import { REASON_MAX } from '../../../domain/admin/moderation.ts';
import type { ReportSubject } from '../../../store/schema.ts';
import { field } from '../context.ts';
import { html, type Html } from '../html.ts';
import { fieldError } from '../layout.ts';
import { safeReturnTo } from '../return-to.ts';

/** A moderated thing as the forms name it. */
export interface Moderated {
  type: ReportSubject;
  id: string;
  title: string;
  hidden: boolean;
  /** A comment held by reports or the link rule: hidden until a moderator decides. */
  held: boolean;
}

/** A refused hide, shown again beside the thing it was about. */
export interface HideRefusal {
  key: string;
  reason: string;
  error?: string;
}

export const moderatedKey = (type: string, id: string) => `${type}-${id}`;

/** The pages a moderator's post returns to; anything else goes back to the queue. */
const RETURNS = ['/admin/reports', '/admin/comments'];

/** Where a post goes back to: the page it came from (a hidden field), if it is one of the queue's. */
export function backOf(request: FastifyRequest): string {
  const back = safeReturnTo(field(request, 'back'));
  return back && RETURNS.some((r) => back === r || back.startsWith(`${r}?`)) ? back : '/admin/reports';
}

export const withDone = (back: string, done: string) => `${back}${back.includes('?') ? '&' : '?'}done=${done}`;

/**
 * Hide (a reason required: the author is mailed it, except a listing's owner), restore, dismiss
 * the reports and disable the author: each its own small form posting to /admin/reports/…, so
 * every decision goes through the domain and its log entry, and works without script.
 */
export function moderationForms(p: {
  thing: Moderated;
  csrf: string;
  back: string;
  refusal?: HideRefusal;
  dismiss: boolean;
  author?: { id: string; email: string | null; disabled: boolean; self: boolean };
}): Html {
  const t = p.thing;
  const key = moderatedKey(t.type, t.id);
  const id = `reason-${key}`;
  const refused = p.refusal?.key === key ? p.refusal : undefined;
  const hidden = html`<input type="hidden" name="csrf" value="${p.csrf}"><input type="hidden" name="type" value="${t.type}"><input type="hidden" name="id" value="${t.id}"><input type="hidden" name="back" value="${p.back}">`;
  const what = html`<span class="visually-hidden"> ${t.title}</span>`;
  const hide = !t.hidden || t.held
    ? html`<form class="moderation-hide" method="post" action="/admin/reports/hide" novalidate>${hidden}
<label for="${id}">Why hide it?${what}</label>
<textarea id="${id}" name="reason" rows="2" maxlength="${REASON_MAX}" aria-describedby="${id}-hint${refused?.error ? html` ${id}-error` : ''}"${refused?.error ? html` aria-invalid="true"` : ''}>${refused?.reason ?? ''}</textarea>
<p class="hint" id="${id}-hint">Required, at most ${REASON_MAX} characters. ${t.type === 'listing' ? 'It goes into the action log; the owner is not mailed.' : 'The author is mailed it.'}</p>
${fieldError(id, refused?.error)}
<button type="submit">Hide${what}</button>
</form>`
    : '';
  const restore = t.hidden
    ? html`<form method="post" action="/admin/reports/restore">${hidden}<button type="submit" class="secondary">${t.held ? 'Show it' : 'Restore'}${what}</button></form>`
    : '';
  const dismiss = p.dismiss
    ? html`<form method="post" action="/admin/reports/dismiss">${hidden}<button type="submit" class="secondary">Dismiss the reports${what}</button></form>`
    : '';
  const a = p.author;
  const disable = a && !a.disabled && !a.self
    ? html`<form method="post" action="/admin/reports/disable-author"><input type="hidden" name="csrf" value="${p.csrf}"><input type="hidden" name="user_id" value="${a.id}"><input type="hidden" name="back" value="${p.back}"><button type="submit" class="secondary">Disable the author's account<span class="visually-hidden"> ${a.email ?? ''}</span></button></form>`
    : '';
  return html`<div class="moderation-actions">${hide}<div class="actions">${restore}${dismiss}${disable}</div></div>`;
}
