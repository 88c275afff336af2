import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { addMilestone } from '../../../operations/owner-listings/add-milestone.ts';
import { deleteMilestone } from '../../../operations/owner-listings/delete-milestone.ts';
import { postListingUpdate } from '../../../operations/owner-listings/post-listing-update.ts';
import { notFound } from '../../../domain/errors.ts';
import { field, SITE_ROUTE, type Web } from '../context.ts';
import { formKeys, submitOperation } from '../form-operation.ts';
import { html } from '../html.ts';
import { blankForm, formSummary, refusedForm, textArea, textField, type FormState } from './fields.ts';
import { listingFrame, listingIdOf, myListingHref, ownedListing } from './frame.ts';
import { day } from '../numbers.ts';
import { paragraphs } from '../paragraphs.ts';

const NOTICES: Record<string, string> = {
  posted: 'Your update is posted.',
  'posted-told': 'Your update is posted, and your followers are being told by email.',
  'milestone-added': 'The milestone is added.',
  'milestone-deleted': 'The milestone is deleted.',
};
const noticeOf = (request: FastifyRequest) => NOTICES[String((request.query as Record<string, unknown>).notice ?? '')];

/**
 * `/my/listings/{id}/updates` (post_listing_update: news on the listing page; followers of a
 * public listing are mailed) and `/my/listings/{id}/milestones` (add_milestone, delete_milestone).
 */
export function registerMyListingUpdates(app: FastifyInstance, web: Web) {
  async function updatesPage(request: FastifyRequest, reply: FastifyReply, id: number, s: FormState = blankForm(), status = 200) {
    const l = await ownedListing(web, request, id);
    const inputs = html`${textField(s, 'title', 'Title', { max: 200, required: true })}
${textArea(s, 'body', 'Text', { max: 5000, required: true, rows: 6, hint: 'Plain text; blank lines separate paragraphs.' })}`;
    return web.page(request, reply, {
      title: `Updates of ${l.name}`,
      status,
      notice: noticeOf(request),
      body: html`${listingFrame(l, 'updates', 'Updates')}
<p>News about ${l.name}: shown in the listing’s latest updates. ${l.public ? 'Its followers are told by email.' : 'Once the listing is scheduled or live, its followers are told of each update by email.'}</p>
<form method="post" action="${myListingHref(id, 'updates')}" novalidate>
${formSummary(s)}
${formKeys(request.siteSession!.csrf, s.key)}
${inputs}
<button type="submit">Post the update</button>
</form>
<section aria-labelledby="latest"><h2 id="latest">Latest updates</h2>
${l.latest_updates.length
  ? html`<ul class="updates">${l.latest_updates.map((u) => html`<li><h3>${u.title}</h3><p class="muted"><time datetime="${u.created_at}">${day(u.created_at)}</time></p>${paragraphs(u.body)}</li>`)}</ul>`
  : html`<p class="empty">No updates yet.</p>`}
</section>`,
    });
  }

  async function milestonesPage(request: FastifyRequest, reply: FastifyReply, id: number, s: FormState = blankForm(), status = 200, summary?: string) {
    const l = await ownedListing(web, request, id);
    const csrf = request.siteSession!.csrf;
    const inputs = html`${textField(s, 'date', 'Date', { type: 'date', required: true, hint: 'YYYY-MM-DD' })}
${textField(s, 'title', 'Title', { max: 200, required: true })}
${textArea(s, 'description', 'Description', { max: 2000, rows: 3 })}
${textField(s, 'url', 'Link', { type: 'url', max: 500, hint: 'An https link.' })}`;
    return web.page(request, reply, {
      title: `Milestones of ${l.name}`,
      status,
      notice: noticeOf(request),
      body: html`${listingFrame(l, 'milestones', 'Milestones')}
<p>${l.sections_public.milestones ? 'Visitors see the milestones on the listing page.' : 'Milestones are a paid section: visitors see them once the section is unlocked (on the Launch page) and the listing is public. You can add them now.'}</p>
${summary ? html`<div class="alert" role="alert"><p>${summary}</p></div>` : ''}
${l.milestones.length
  ? html`<ol class="timeline">${l.milestones.map(
      (m) => html`<li><time datetime="${m.date}">${day(m.date)}</time> <strong>${m.title}</strong>${m.description ? html`<p>${m.description}</p>` : ''}${m.url ? html`<p><a href="${m.url}" rel="noopener nofollow">${m.url}</a></p>` : ''}
<form class="inline" method="post" action="${myListingHref(id, `milestones/${m.id}/delete`)}">${formKeys(csrf)}<button type="submit" class="link">Delete “${m.title}”</button></form></li>`,
    )}</ol>`
  : html`<p class="empty">No milestones yet.</p>`}
<h2>Add a milestone</h2>
<form method="post" action="${myListingHref(id, 'milestones')}" novalidate>
${formSummary(s)}
${formKeys(csrf, s.key)}
${inputs}
<button type="submit">Add the milestone</button>
</form>`,
    });
  }

  app.get('/my/listings/:id/updates', SITE_ROUTE, async (request, reply) => {
    if (!web.pageSession(request, reply)) return reply;
    return updatesPage(request, reply, listingIdOf(request));
  });

  app.post('/my/listings/:id/updates', SITE_ROUTE, async (request, reply) => {
    const id = listingIdOf(request);
    const values = { title: field(request, 'title'), body: field(request, 'body').replace(/\r\n/g, '\n') };
    const outcome = await submitOperation(web, request, postListingUpdate, { listing_id: id, ...values });
    if (outcome.ok) return reply.redirect(`${myListingHref(id, 'updates')}?notice=${outcome.body.followers_notified ? 'posted-told' : 'posted'}`, 303);
    return updatesPage(request, reply, id, refusedForm(values, outcome), outcome.status);
  });

  app.get('/my/listings/:id/milestones', SITE_ROUTE, async (request, reply) => {
    if (!web.pageSession(request, reply)) return reply;
    return milestonesPage(request, reply, listingIdOf(request));
  });

  app.post('/my/listings/:id/milestones', SITE_ROUTE, async (request, reply) => {
    const id = listingIdOf(request);
    const values = { date: field(request, 'date').trim(), title: field(request, 'title'), description: field(request, 'description').replace(/\r\n/g, '\n'), url: field(request, 'url').trim() };
    const outcome = await submitOperation(web, request, addMilestone, { listing_id: id, date: values.date, title: values.title, description: values.description.trim() || null, url: values.url || null });
    if (outcome.ok) return reply.redirect(`${myListingHref(id, 'milestones')}?notice=milestone-added`, 303);
    return milestonesPage(request, reply, id, refusedForm(values, outcome), outcome.status);
  });

  app.post('/my/listings/:id/milestones/:milestone/delete', SITE_ROUTE, async (request, reply) => {
    const id = listingIdOf(request);
    const raw = (request.params as { milestone: string }).milestone;
    if (!/^[1-9]\d{0,14}$/.test(raw)) throw notFound('milestone_not_found', `Listing ${id} has no milestone with id ${raw}.`);
    const outcome = await submitOperation(web, request, deleteMilestone, { listing_id: id, milestone_id: Number(raw) });
    if (outcome.ok) return reply.redirect(`${myListingHref(id, 'milestones')}?notice=milestone-deleted`, 303);
    return milestonesPage(request, reply, id, blankForm(), outcome.status, outcome.summary);
  });
}
