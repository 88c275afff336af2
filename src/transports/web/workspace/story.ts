import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { listInterviewQuestions } from '../../../operations/catalog/list-interview-questions.ts';
import { answerInterview } from '../../../operations/owner-listings/answer-interview.ts';
import { setFounderStory } from '../../../operations/owner-listings/set-founder-story.ts';
import { field, SITE_ROUTE, type Web } from '../context.ts';
import { formKeys, submitOperation } from '../form-operation.ts';
import { html } from '../html.ts';
import { blankForm, formSummary, refusedForm, textArea, textField, type FormState } from './fields.ts';
import { listingFrame, listingIdOf, myListingHref, ownedListing } from './frame.ts';
import { STORY_PARTS } from '../public/listing-profile.ts';
import { readOperation } from '../read-operation.ts';

const NOTICES: Record<string, string> = {
  'story-saved': 'The founder story is saved.',
  'answers-saved': 'Your interview answers are saved. They appear on your founder profile.',
};
const noticeOf = (request: FastifyRequest) => NOTICES[String((request.query as Record<string, unknown>).notice ?? '')];
const text = (request: FastifyRequest, name: string) => field(request, name).replace(/\r\n/g, '\n');

/**
 * `/my/listings/{id}/story` (set_founder_story: the whole story replaced at once) and
 * `/my/listings/{id}/interview` (answer_interview with list_interview_questions; the answers are
 * the founder's own, shown on their founder profile, reached from any of their listings).
 */
export function registerMyListingStory(app: FastifyInstance, web: Web) {
  async function storyPage(request: FastifyRequest, reply: FastifyReply, id: number, form?: FormState, status = 200) {
    const l = await ownedListing(web, request, id);
    const s = form ?? blankForm(Object.fromEntries([['title', l.story.title ?? ''], ...STORY_PARTS.map(([k]) => [k, l.story[k] ?? ''])]));
    const inputs = html`${textField(s, 'title', 'Title of the story', { max: 200 })}
${STORY_PARTS.map(([k, label]) => textArea(s, k, label, { max: 8000, rows: 5 }))}`;
    return web.page(request, reply, {
      title: `Founder story of ${l.name}`,
      status,
      notice: noticeOf(request),
      body: html`${listingFrame(l, 'story', 'Founder story')}
<p>${l.sections_public.story ? 'Visitors read the story on the listing page.' : 'The founder story is a paid section: visitors read it once the section is unlocked (on the Launch page) and the listing is public. You can write it now.'} Saving replaces the whole story; a section left empty is removed. Each save is kept in the listing’s history.</p>
<form method="post" action="${myListingHref(id, 'story')}" novalidate>
${formSummary(s)}
${formKeys(request.siteSession!.csrf, s.key)}
${inputs}
<button type="submit">Save the story</button>
</form>`,
    });
  }

  async function interviewPage(request: FastifyRequest, reply: FastifyReply, id: number, form?: FormState, status = 200) {
    const userId = request.siteSession!.userId;
    const [l, questions, answers] = await Promise.all([
      ownedListing(web, request, id),
      readOperation(web.services, request, listInterviewQuestions, { per_page: 30 }),
      web.services.ownerListings.interviewAnswers(userId),
    ]);
    const mine = new Map(answers.map((a) => [a.question_id, a.answer]));
    // Field names are answer_interview's own paths: answers.{i}.answer is the i-th question's.
    const s = form ?? blankForm(Object.fromEntries(questions.items.map((q, i) => [`answers.${i}.answer`, mine.get(q.id) ?? ''])));
    const inputs = html`${questions.items.map((q, i) => html`<input type="hidden" name="answers.${i}.question_id" value="${q.id}">${textArea(s, `answers.${i}.answer`, q.question, { max: 4000, rows: 4 })}`)}`;
    return web.page(request, reply, {
      title: 'Founder interview',
      status,
      notice: noticeOf(request),
      body: html`${listingFrame(l, 'interview', 'Interview')}
<p>Your answers to the site’s founder interview appear on your founder profile (see <a href="/interview">the interview</a>). They are yours, not this listing’s: the same answers show beside each of your companies. Leave an answer empty to remove it.</p>
${questions.items.length
  ? html`<form method="post" action="${myListingHref(id, 'interview')}" novalidate>
${formSummary(s)}
${formKeys(request.siteSession!.csrf, s.key)}
${inputs}
<button type="submit">Save my answers</button>
</form>`
  : html`<p class="empty">The site has no interview questions yet.</p>`}`,
    });
  }

  app.get('/my/listings/:id/story', SITE_ROUTE, async (request, reply) => {
    if (!web.pageSession(request, reply)) return reply;
    return storyPage(request, reply, listingIdOf(request));
  });

  app.post('/my/listings/:id/story', SITE_ROUTE, async (request, reply) => {
    const id = listingIdOf(request);
    const values = Object.fromEntries(['title', ...STORY_PARTS.map(([k]) => k)].map((k) => [k, text(request, k)]));
    const story = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim() === '' ? null : v]));
    const outcome = await submitOperation(web, request, setFounderStory, { listing_id: id, ...story });
    if (outcome.ok) return reply.redirect(`${myListingHref(id, 'story')}?notice=story-saved`, 303);
    return storyPage(request, reply, id, refusedForm(values, outcome), outcome.status);
  });

  app.get('/my/listings/:id/interview', SITE_ROUTE, async (request, reply) => {
    if (!web.pageSession(request, reply)) return reply;
    return interviewPage(request, reply, listingIdOf(request));
  });

  app.post('/my/listings/:id/interview', SITE_ROUTE, async (request, reply) => {
    const id = listingIdOf(request);
    web.formSession(request);
    // The listing must be theirs, as on every /my/listings page (answer_interview itself needs none).
    await ownedListing(web, request, id);
    const values: Record<string, string> = {};
    const answers: { question_id: unknown; answer: string }[] = [];
    for (let i = 0; i < 30; i++) {
      const qid = field(request, `answers.${i}.question_id`);
      if (!qid) break;
      values[`answers.${i}.answer`] = text(request, `answers.${i}.answer`);
      answers.push({ question_id: /^\d{1,15}$/.test(qid) ? Number(qid) : qid, answer: values[`answers.${i}.answer`] });
    }
    const outcome = await submitOperation(web, request, answerInterview, { answers });
    if (outcome.ok) return reply.redirect(`${myListingHref(id, 'interview')}?notice=answers-saved`, 303);
    return interviewPage(request, reply, id, refusedForm(values, outcome), outcome.status);
  });
}
