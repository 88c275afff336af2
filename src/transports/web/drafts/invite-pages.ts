import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { InviteeProfile } from '../../../contract/invite.ts';
import type { InviteOpening } from '../../../domain/drafts/invites.ts';
import { field, sessionActor, SITE_ROUTE, type Web } from '../context.ts';
import { html, time } from '../html.ts';
import { errorSummary, fieldError, invalidAttrs } from '../layout.ts';

type Errors = Partial<Record<'name' | 'title' | 'bio', string>>;
type Values = { name: string; title: string; bio: string };

/**
 * The co-founder invite link (invite_cofounder): the invitee signs in (or signs up) and comes
 * back here, fills in their own founder profile, and it joins the draft. The token in the path
 * is the credential; a bad, used or expired one is an error page, signed in or not.
 */
export function registerInvitePages(app: FastifyInstance, web: Web) {
  const { services } = web;
  const tokenOf = (request: FastifyRequest) => (request.params as { token: string }).token;
  const product = (o: { productName: string | null }) => o.productName ?? 'their product';

  function formPage(request: FastifyRequest, reply: FastifyReply, o: InviteOpening, p: { status?: number; values: Values; errors?: Errors; summary?: string }) {
    const s = request.siteSession!;
    const e = p.errors ?? {};
    return web.page(request, reply, {
      title: `Join ${product(o)}`,
      status: p.status,
      body: html`<h1>Add yourself to ${product(o)}</h1>
<p>${o.inviterName} invited ${o.email} to add a founder profile to ${product(o)}. You are signed in as ${s.email}; the profile you save here is added after the founders already on the listing.</p>
${errorSummary(p.summary)}
<form method="post" action="/invites/${tokenOf(request)}" novalidate>
<input type="hidden" name="csrf" value="${s.csrf}">
<label for="name">Name</label>
<input type="text" id="name" name="name" autocomplete="name" required maxlength="160" value="${p.values.name}"${invalidAttrs('name', e.name)}>
${fieldError('name', e.name)}
<label for="title">Title <span class="muted">(optional)</span></label>
<input type="text" id="title" name="title" autocomplete="organization-title" maxlength="160" value="${p.values.title}" aria-describedby="title-hint"${invalidAttrs('title', e.title)}>
<p class="hint" id="title-hint">For example Co-founder &amp; CTO.</p>
${fieldError('title', e.title)}
<label for="bio">Bio <span class="muted">(optional)</span></label>
<textarea id="bio" name="bio" maxlength="3000" aria-describedby="bio-hint"${invalidAttrs('bio', e.bio)}>${p.values.bio}</textarea>
<p class="hint" id="bio-hint">A few sentences about you, at most 3000 characters.</p>
${fieldError('bio', e.bio)}
<button type="submit">Add my profile</button>
</form>
<p class="muted">The link works once and until ${time(o.expiresAt)}.</p>`,
    });
  }

  function thanksPage(request: FastifyRequest, reply: FastifyReply, o: InviteOpening) {
    return web.page(request, reply, {
      title: 'Thank you',
      body: html`<h1>Thank you</h1>
<p>Your founder profile is on ${product(o)}. ${o.inviterName} sees it on the draft, and it is shown with the listing once it is published.</p>
<p><a href="/account">Go to your account</a></p>`,
    });
  }

  app.get('/invites/:token', SITE_ROUTE, async (request, reply) => {
    // A dead link says so at once, before anyone is asked to sign in or sign up for it.
    const opening = await services.draftInvites.open(tokenOf(request), request.siteSession?.userId);
    const s = web.pageSession(request, reply);
    if (!s) return reply;
    if (opening.state === 'accepted_by_you') return thanksPage(request, reply, opening);
    return formPage(request, reply, opening, { values: { name: s.name, title: '', bio: '' } });
  });

  app.post('/invites/:token', SITE_ROUTE, async (request, reply) => {
    const s = web.formSession(request);
    const token = tokenOf(request);
    // Browsers send line breaks as CR LF; count each as one character, as the textarea does.
    const values: Values = { name: field(request, 'name'), title: field(request, 'title'), bio: field(request, 'bio').replace(/\r\n/g, '\n') };
    const parsed = InviteeProfile.safeParse(values);
    if (!parsed.success) {
      const opening = await services.draftInvites.open(token, s.userId);
      const errors: Errors = {};
      for (const issue of parsed.error.issues) errors[issue.path[0] as keyof Errors] ??= issue.message;
      return formPage(request, reply, opening, { status: 400, values, errors, summary: 'Please correct the fields marked below.' });
    }
    await services.draftInvites.accept(sessionActor(request, s), token, parsed.data);
    return reply.redirect(`/invites/${encodeURIComponent(token)}`, 303);
  });
}
