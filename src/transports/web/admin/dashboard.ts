import type { FastifyInstance } from 'fastify';
import { SITE_ROUTE, type Web } from '../context.ts';
import { html } from '../html.ts';
import { adminPage, adminPageSession } from './frame.ts';
import { plural } from '../numbers.ts';

/** `/admin`: what waits for an administrator, the size of things, and a link to every admin page. */
export function registerAdminDashboard(app: FastifyInstance, web: Web) {
  app.get('/admin', SITE_ROUTE, async (request, reply) => {
    if (!adminPageSession(web, request, reply)) return reply;
    const { contentModeration } = web.services;
    // The counts are bounded: past 100 the number matters less than that there is a backlog.
    const [o, reported, held, heldVotes] = await Promise.all([
      web.services.admin.overview(),
      contentModeration.openCount(),
      contentModeration.comments('held', 101),
      web.services.voteReview.openCount(),
    ]);
    const upTo100 = (n: number, one: string, many?: string) => (n > 100 ? `100+ ${many ?? `${one}s`}` : plural(n, one, many));
    const l = o.listings;
    return adminPage(web, request, reply, {
      path: '/admin',
      title: 'Administration',
      body: html`<h1>Administration</h1>
<section aria-labelledby="waiting"><h2 id="waiting">Waiting for you</h2>
<ul>
<li><a href="/admin/reports">${upTo100(reported, 'reported thing')}</a> with open reports from visitors.</li>
<li><a href="/admin/comments?status=held">${upTo100(held.length, 'held comment')}</a>, hidden from everyone until you show or hide ${held.length === 1 ? 'it' : 'them'}.</li>
<li><a href="/admin/votes">${upTo100(heldVotes, 'held vote')}</a> counting 0 until you release or confirm ${heldVotes === 1 ? 'it' : 'them'}.</li>
<li><a href="/admin/listing-versions">${plural(o.unreviewed_edits, 'owner edit')} to review</a>: edits publish at once, and are reviewed here afterwards; hide a listing from its page if one is not acceptable.</li>
<li><a href="/admin/claims?status=pending">${plural(o.pending_claims, 'pending claim')}</a>, proven by their claimants (nothing to approve: the proof decides).</li>
<li><a href="/admin/orders?status=pending">${plural(o.pending_orders, 'unpaid order')}</a>; ${plural(o.paid_orders, 'paid order')} in all.</li>
</ul></section>
<section aria-labelledby="directory"><h2 id="directory">The directory</h2>
<table class="stack">
<caption>Listings by status (${l.all} in all)</caption>
<thead><tr><th scope="col">Status</th><th scope="col">Listings</th></tr></thead>
<tbody>
${(
  [
    ['live', 'Live'],
    ['scheduled', 'Scheduled'],
    ['awaiting_badge', 'Waiting for the badge'],
    ['draft', 'Submitted, not launched (draft)'],
    ['archived', 'Archived'],
    ['hidden', 'Hidden by moderation (archived)'],
  ] as const
).map(([k, label]) => html`<tr><td data-label="Status"><a href="/admin/listings?status=${k}">${label}</a></td><td data-label="Listings">${l[k]}</td></tr>`)}
</tbody></table></section>
<section aria-labelledby="people"><h2 id="people">People and records</h2>
<ul>
<li><a href="/admin/users">${plural(o.users, 'account')}</a>${o.disabled_users ? html`, <a href="/admin/users?state=disabled">${o.disabled_users} disabled</a>` : ''}.</li>
<li><a href="/admin/badge-checks">Badge checks</a> of free listings' homepages.</li>
<li><a href="/admin/products">Products and prices</a>.</li>
<li><a href="/admin/outbox">The outbox</a>: ${plural(o.mails, 'mail')} sent by the service.</li>
<li><a href="/admin/log">The action log</a>: ${plural(o.actions, 'action')} by administrators, who did what and when.</li>
</ul></section>
<p class="hint">The first administrator is made with the CLI: <code>npm run cli -- user:create --email E --password P --admin</code>, or <code>npm run cli -- user:admin --email E</code> for an existing account.</p>`,
    });
  });
}
