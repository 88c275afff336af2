import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Draft, DraftPatch } from '../../../contract/draft.ts';
import { notFound } from '../../../domain/errors.ts';
import { getDraft } from '../../../operations/drafts/get-draft.ts';
import { inviteCofounder } from '../../../operations/drafts/invite-cofounder.ts';
import { submitDraft } from '../../../operations/drafts/submit-draft.ts';
import { updateDraft } from '../../../operations/drafts/update-draft.ts';
import { ASSET_URLS } from '../assets.ts';
import { field, sessionActor, SITE_ROUTE, type Web } from '../context.ts';
import { editorView } from './editor.ts';
import { changedFields, fieldAction, FIELD_LABELS } from './fields.ts';
import { postedValues, refusalState, submitOnce, type DraftForm, type FormState } from './form.ts';
import { readFaqs, readFounders, readSocials } from './people.ts';
import { progressView, refreshHead } from './progress.ts';
import { readMilestones, readStory } from './extras.ts';
import { rowPath } from './rows.ts';
import { IDEMPOTENCY_FIELD, type FormRefusal } from '../form-operation.ts';
import { html } from '../html.ts';
import { readOperation } from '../read-operation.ts';

type DraftView = z.output<typeof Draft>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Confirmations after a save, chosen by ?saved=… (fixed texts, never input). */
const SAVED: Record<string, [string, string]> = {
  fields: ['The profile is saved.', 'profile'],
  unchanged: ['Nothing to save: no box was changed.', 'profile'],
  lock: ['The field is locked: regenerating leaves it alone.', 'profile'],
  restore: ['The AI’s value is back.', 'profile'],
  regenerate: ['The field is drafted again from the pages we read.', 'profile'],
  faqs: ['The questions are saved.', 'faqs'],
  founders: ['The founders are saved.', 'founders'],
  company: ['The company links are saved.', 'company-links'],
  story: ['The story is saved.', 'story'],
  milestones: ['The milestones are saved.', 'milestones'],
  competitor: ['The competitor is saved: we are reading its page and comparing.', 'competitor'],
  'competitor-removed': ['The competitor is removed.', 'competitor'],
  seo: ['The search engine text is saved.', 'seo'],
  invite: ['The invite is on its way. Its status shows below.', 'invites'],
};

const busy = (d: DraftView) => d.status === 'crawling' || d.status === 'drafting';

/**
 * The draft pages: /drafts/:id shows the progress while the site is read and drafted, then the
 * editor (or, for a site that could not be read, the reason and the editor to fill in by hand).
 * Every form posts to its own URL and runs update_draft, invite_cofounder or submit_draft
 * in-process with the form's Idempotency-Key, then redirects back (Post/Redirect/Get).
 */
export function registerDraftPages(app: FastifyInstance, web: Web) {
  const { services } = web;

  const idOf = (request: FastifyRequest) => {
    const { id } = request.params as { id: string };
    // A malformed id is as unknown as another person's draft.
    if (!UUID.test(id)) throw notFound('draft_not_found', 'No draft of yours has this id.');
    return id.toLowerCase();
  };

  async function render(request: FastifyRequest, reply: FastifyReply, id: string, p: { state?: FormState; status?: number } = {}) {
    const s = request.siteSession!;
    const draft = await readOperation(services, request, getDraft, { id });
    const head = html`<script src="${ASSET_URLS.draftJs}" defer></script>`;
    if (busy(draft)) {
      return web.page(request, reply, { title: 'Drafting…', status: p.status, script: true, connect: true, head: html`${head}${refreshHead()}`, body: progressView(draft) });
    }
    const invites = await services.draftInvites.list(sessionActor(request, s), id);
    const saved = SAVED[String((request.query as Record<string, unknown>).saved ?? '')];
    const notice = saved && `${saved[0]}${draft.status === 'submitted' && saved[1] !== 'invites' ? ' Your listing is updated too.' : ''}`;
    const title = typeof draft.fields.name.value === 'string' && draft.fields.name.value ? `Draft: ${draft.fields.name.value}` : 'Your draft';
    return web.page(request, reply, {
      title: draft.status === 'failed' ? 'The site could not be read' : title,
      status: p.status,
      notice,
      script: true,
      connect: true,
      head,
      body: editorView({ draft, invites, csrf: s.csrf, state: p.state }),
    });
  }

  /** After a refusal: the editor again with the form's input and messages (the progress page if the draft became busy). */
  async function refused(request: FastifyRequest, reply: FastifyReply, id: string, form: DraftForm, values: Record<string, string>, refusal: FormRefusal, nameOf?: (path: string) => string) {
    if (refusal.code === 'draft_busy') return reply.redirect(`/drafts/${id}`, 303);
    return render(request, reply, id, { status: refusal.status, state: refusalState(form, values, refusal, nameOf) });
  }

  const back = (reply: FastifyReply, id: string, saved: keyof typeof SAVED) => reply.redirect(`/drafts/${id}?saved=${saved}#${SAVED[saved][1]}`, 303);

  /** A form that is one update_draft call: its patch from the posted values, its confirmation. */
  function patchForm(path: string, form: DraftForm, build: (values: Record<string, string>) => { patch: DraftPatch; nameOf?: (p: string) => string; saved: keyof typeof SAVED }) {
    app.post(`/drafts/:id/${path}`, SITE_ROUTE, async (request, reply) => {
      web.formSession(request);
      const id = idOf(request);
      const values = postedValues(request);
      const { patch, nameOf, saved } = build(values);
      const outcome = await submitOnce(web, request, updateDraft, { id, ...patch });
      if (!outcome.ok) return refused(request, reply, id, form, values, outcome, nameOf);
      return back(reply, id, saved);
    });
  }

  app.get('/drafts/:id', SITE_ROUTE, async (request, reply) => {
    const s = web.pageSession(request, reply);
    if (!s) return reply;
    return render(request, reply, idOf(request));
  });

  app.post('/drafts/:id/fields', SITE_ROUTE, async (request, reply) => {
    web.formSession(request);
    const id = idOf(request);
    const values = postedValues(request);
    const draft = await readOperation(services, request, getDraft, { id });
    const action = fieldAction(field(request, 'act'));
    const changed = changedFields(draft, values);
    const acted = action.kind === 'save' ? undefined : action.field;
    const { [acted ?? '']: actedValue, ...others } = changed as Record<string, string | string[] | null>;
    const fields = acted ? others : changed;
    const patch: DraftPatch = {
      ...(Object.keys(fields).length ? { fields } : {}),
      ...(action.kind === 'lock' ? { lock_fields: [action.field] } : {}),
      ...(action.kind === 'restore' ? { restore: [action.field] } : {}),
      ...(action.kind === 'regenerate' ? { regenerate: [action.field] } : {}),
    };
    if (Object.keys(patch).length === 0) return back(reply, id, 'unchanged');
    const outcome = await submitOnce(web, request, updateDraft, { id, ...patch });
    if (!outcome.ok) return refused(request, reply, id, 'fields', values, outcome);
    // Locking a field whose box was also changed keeps the new value locked: a second call,
    // since one request may not both set and lock a field. Its own key keeps a double click safe.
    if (action.kind === 'lock' && actedValue !== undefined) {
      const body = request.body as Record<string, unknown>;
      body[IDEMPOTENCY_FIELD] = `${String(body[IDEMPOTENCY_FIELD] ?? '')}.value`;
      const second = await submitOnce(web, request, updateDraft, { id, fields: { [action.field]: actedValue } });
      if (!second.ok) return refused(request, reply, id, 'fields', values, second);
    }
    return back(reply, id, action.kind === 'save' ? 'fields' : action.kind);
  });

  patchForm('faqs', 'faqs', (values) => {
    const kept = readFaqs(values);
    return { patch: { faqs: kept.items }, nameOf: rowPath('faqs', kept.rowOf), saved: 'faqs' };
  });

  patchForm('founders', 'founders', (values) => {
    const kept = readFounders(values);
    return { patch: { founders: kept.items, founder_socials: readSocials(values, 'founder_socials') }, nameOf: rowPath('founders', kept.rowOf), saved: 'founders' };
  });

  patchForm('company-links', 'company', (values) => ({ patch: { company_socials: readSocials(values, 'company_socials') }, saved: 'company' }));

  patchForm('story', 'story', (values) => ({ patch: { story: readStory(values) }, saved: 'story' }));

  patchForm('milestones', 'milestones', (values) => {
    const kept = readMilestones(values);
    return { patch: { milestones: kept.items as DraftPatch['milestones'] }, nameOf: rowPath('milestones', kept.rowOf), saved: 'milestones' };
  });

  patchForm('competitor', 'competitor', (values) => {
    const url = (values.competitor_url ?? '').trim();
    return { patch: { competitor_url: url }, saved: url ? 'competitor' : 'competitor-removed' };
  });

  patchForm('seo', 'seo', (values) => ({ patch: { seo: { title: values['seo.title']?.trim() || null, meta: values['seo.meta']?.trim() || null } }, saved: 'seo' }));

  app.post('/drafts/:id/invites', SITE_ROUTE, async (request, reply) => {
    web.formSession(request);
    const id = idOf(request);
    const values = postedValues(request);
    const outcome = await submitOnce(web, request, inviteCofounder, { id, email: (values.email ?? '').trim() });
    if (!outcome.ok) return refused(request, reply, id, 'invite', values, outcome);
    return back(reply, id, 'invite');
  });

  app.post('/drafts/:id/submit', SITE_ROUTE, async (request, reply) => {
    web.formSession(request);
    const id = idOf(request);
    const outcome = await submitOnce(web, request, submitDraft, { id });
    if (!outcome.ok) {
      const refusal =
        outcome.code === 'draft_incomplete' ? { ...outcome, summary: `A listing needs a name: fill in “${FIELD_LABELS.name}” in the profile above and save it first.` } : outcome;
      return refused(request, reply, id, 'submit', {}, refusal);
    }
    return reply.redirect(`/my/listings/${outcome.body.listing_id}`, 303);
  });
}
