import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SITE_ROUTE, type Web } from '../context.ts';
import { html } from '../html.ts';
import { claimHref } from './flow-pages.ts';

/**
 * The link of an e-mail claim (claim_listing with method email). Opening it signed in as the
 * claimant verifies the claim: the mailbox's token and the claimant's session are both needed, so
 * neither a link scanner (no session) nor another signed-in person (404, as for an unknown link)
 * can do it, and there is no form to forge. Signed out, the browser goes to sign in and back.
 */
export function registerClaimPages(app: FastifyInstance, web: Web) {
  const { services } = web;
  const tokenOf = (request: FastifyRequest) => (request.params as { token: string }).token;

  app.get('/claims/confirm/:token', SITE_ROUTE, async (request, reply) => {
    // A dead link says so at once, before anyone is asked to sign in for it.
    await services.claims.openLink(tokenOf(request));
    const s = web.pageSession(request, reply);
    if (!s) return reply;
    const claim = await services.claims.confirmLink(s.userId, tokenOf(request));
    return web.page(request, reply, {
      title: 'Listing claimed',
      body: html`<h1>${claim.listing_name} is yours</h1>
<p>The address ${claim.instructions.email_sent_to} is confirmed, so your account (${s.email}) now owns the listing
<a href="/listings/${claim.slug}">${claim.listing_name}</a>.</p>
<p><a class="button" href="/my/listings/${claim.listing_id}">Edit ${claim.listing_name}</a></p>
<p>It is in <a href="/my/listings">My listings</a> with your other listings, and the claim in <a href="${claimHref(claim.id)}">My claims</a>.
Being verified does not change its plan or unlock paid sections.</p>`,
    });
  });
}
