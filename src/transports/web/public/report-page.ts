import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SiteSession } from '../../../domain/accounts/sessions.ts';
import { siteUser } from '../../../domain/community/community.ts';
import { REPORT_DETAILS_MAX, REPORT_REASONS } from '../../../domain/community/reports.ts';
import { DomainError } from '../../../domain/errors.ts';
import { checkSessionCsrf } from '../csrf.ts';
import { field, sessionActor, SITE_ROUTE, type Web } from '../context.ts';
import { html, type Html } from '../html.ts';
import { errorSummary, fieldError } from '../layout.ts';
import { safeReturnTo } from '../return-to.ts';

type Subject = Awaited<ReturnType<Web['services']['reports']['subject']>>;

const NOUN: Record<string, string> = { listing: 'the listing', review: 'a review', comment: 'a comment', founder: 'the founder profile' };
const EXCERPT = 280;

/** The href of the report form of a thing; every "Report" link of the site is made here. */
export const reportHref = (type: 'listing' | 'review' | 'comment' | 'founder', id: string | number) => `/report?type=${type}&id=${id}`;

/**
 * A "Report" link whose accessible name says what it reports (several sit on one page). nofollow,
 * and robots.txt keeps crawlers off /report: to them it is a sign-in page per thing.
 */
export const reportLink = (type: 'listing' | 'review' | 'comment' | 'founder', id: string | number, what: string): Html =>
  html`<a class="report-link" href="${reportHref(type, id)}" rel="nofollow">Report<span class="visually-hidden"> ${what}</span></a>`;

const excerpt = (text: string) => {
  const chars = [...text.trim()];
  return chars.length > EXCERPT ? chars.slice(0, EXCERPT).join('') + '…' : chars.join('');
};

/**
 * `/report`: a signed-in person tells the moderators about a listing, a review, a comment or a
 * founder profile (services.reports.file: one open report per person and thing). The form names
 * what is reported; a refusal shows it again with the message beside the field; a filed report
 * ends on `/report/received` (Post/Redirect/Get), which needs nothing but says nothing either.
 */
export function registerReportPage(app: FastifyInstance, web: Web) {
  const { reports } = web.services;
  const query = (request: FastifyRequest, name: string) => {
    const v = (request.query as Record<string, unknown> | undefined)?.[name];
    return typeof v === 'string' ? v : '';
  };

  function form(request: FastifyRequest, reply: FastifyReply, s: SiteSession, subject: Subject, f: { status?: number; reason?: string; details?: string; errors?: Record<string, string>; summary?: string } = {}) {
    const errors = f.errors ?? {};
    const noun = NOUN[subject.type];
    const quoted = subject.type === 'comment' || subject.type === 'review' ? excerpt(subject.text) : '';
    return web.page(request, reply, {
      title: `Report ${noun}`,
      status: f.status,
      body: html`<h1>Report ${noun}</h1>
<p>You are reporting ${subject.path ? html`<a href="${subject.path}">${subject.title}</a>` : subject.title}${quoted ? html`:` : '.'}</p>
${quoted ? html`<blockquote class="reported"><p>${quoted}</p></blockquote>` : ''}
<p>A moderator reads every report. The author is not told who reported it.</p>
${errorSummary(f.summary)}
<form method="post" action="/report" novalidate>
<input type="hidden" name="csrf" value="${s.csrf}">
<input type="hidden" name="type" value="${subject.type}">
<input type="hidden" name="id" value="${subject.id}">
<fieldset${errors.reason ? html` aria-describedby="reason-error"` : ''}><legend>What is wrong with it?</legend>
${fieldError('reason', errors.reason)}
${Object.entries(REPORT_REASONS).map(
  ([value, words]) => html`<label><input type="radio" name="reason" value="${value}" required${f.reason === value ? html` checked` : ''}${errors.reason ? html` aria-invalid="true"` : ''}> ${words}</label>`,
)}
</fieldset>
<label for="details">Details <span class="muted">(optional)</span></label>
<textarea id="details" name="details" maxlength="${REPORT_DETAILS_MAX}" aria-describedby="details-hint${errors.details ? ' details-error' : ''}"${errors.details ? html` aria-invalid="true"` : ''}>${f.details ?? ''}</textarea>
<p class="hint" id="details-hint">What should a moderator know? At most ${REPORT_DETAILS_MAX.toLocaleString('en')} characters.</p>
${fieldError('details', errors.details)}
<button type="submit">Send the report</button>
</form>`,
    });
  }

  app.get('/report', SITE_ROUTE, async (request, reply) => {
    const s = web.pageSession(request, reply);
    if (!s) return reply;
    const subject = await reports.subject(query(request, 'type'), query(request, 'id'));
    return form(request, reply, s, subject);
  });

  app.post('/report', SITE_ROUTE, async (request, reply) => {
    const s = request.siteSession;
    if (!s) {
      siteUser(request.actor); // anonymous → 401; an API key or OAuth token → 403
      throw new DomainError('unauthenticated', 'sign_in_required', 'Sign in on the site first.');
    }
    checkSessionCsrf(request, s, web.publicUrl);
    const subject = await reports.subject(field(request, 'type'), field(request, 'id'));
    const reason = field(request, 'reason');
    const details = field(request, 'details');
    let filed: { created: boolean };
    try {
      filed = await reports.file(sessionActor(request, s), { subject_type: subject.type, subject_id: subject.id, reason, details });
    } catch (err) {
      if (!(err instanceof DomainError) || err.kind !== 'invalid') throw err;
      const errors: Record<string, string> = {};
      for (const f of err.fields ?? []) errors[f.field] ??= f.message;
      // A NUL has no place in a page either: the text comes back without it.
      return form(request, reply, s, subject, { status: 400, reason, details: details.replaceAll('\0', ''), errors, summary: 'The report was not sent: please correct the fields marked below.' });
    }
    const back = subject.path ? `&return_to=${encodeURIComponent(subject.path)}` : '';
    return reply.redirect(`/report/received?report=${filed.created ? 'new' : 'repeat'}${back}`, 303);
  });

  app.get('/report/received', SITE_ROUTE, async (request, reply) => {
    const repeat = query(request, 'report') === 'repeat';
    const back = safeReturnTo(query(request, 'return_to'));
    return web.page(request, reply, {
      title: repeat ? 'Report already received' : 'Thank you',
      body: html`<h1>${repeat ? 'We already have your report' : 'Thank you'}</h1>
<p role="status">${repeat
        ? 'You reported this before and a moderator has not decided yet: your first report stands, so nothing was added.'
        : 'Your report is in: a moderator will look at it.'}</p>
<p>${back ? html`<a href="${back}">Back to where you were</a>` : html`<a href="/">Back to the directory</a>`}</p>`,
    });
  });
}
